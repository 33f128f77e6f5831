import { type Ctx, describeEvent, type GameEvent } from "@tercio/horse-and-musket-ch11";

/**
 * The result sentence for the live region: the library's describeEvent of
 * each result among an action's events, joined into one sentence. (Unit
 * and relative words are the library's unitWords and relativeWords.)
 */
const RESULT_TYPES: ReadonlySet<GameEvent["type"]> = new Set([
  "charged",
  "shot",
  "fought",
  "retreated",
  "stood",
  "eliminated",
  "game-ended",
]);

/** One sentence for the results among the events (a shot, a fight, a retreat, an elimination); undefined for none. */
export function resultSentence(ctx: Ctx, events: readonly GameEvent[]): string | undefined {
  const parts: string[] = [];
  for (const e of events) {
    if (!RESULT_TYPES.has(e.type)) continue;
    const words = describeEvent(ctx, e);
    if (words) parts.push(words);
  }
  if (parts.length === 0) return undefined;
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
