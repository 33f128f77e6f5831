import { type Ctx, describeEvent, type GameEvent, type UnitState } from "@tercio/horse-and-musket-ch11";

/**
 * Words for the live region. Unit words read the position; result words
 * are the library's describeEvent, joined into one sentence.
 */
const COMPASS = [
  "north",
  "north-east",
  "east",
  "south-east",
  "south",
  "south-west",
  "west",
  "north-west",
] as const;

/** 0 -> "north", 4500 -> "north-east", 13000 -> "south-east" (the nearest of eight points). */
export function compass(facing: number): string {
  const i = Math.round((((facing % 36000) + 36000) % 36000) / 4500) % 8;
  return COMPASS[i] as string;
}

/** "Infantry A-INF2, 9 of 15 hits, facing north-east, in square". */
export function unitWords(ctx: Ctx, id: string, unit: UnitState): string {
  const type = ctx.rules.data.unitTypes[unit.type].name;
  const limit = ctx.rules.data.hitsToEliminate;
  const square = unit.formation === "square" ? ", in square" : "";
  return `${type} ${id}, ${unit.hits} of ${limit} hits, facing ${compass(unit.facing)}${square}`;
}

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
