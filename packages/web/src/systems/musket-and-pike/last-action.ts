import type { Action, GameContext, GameEvent } from "@tercio/musket-and-pike";
import { describeEvent } from "@tercio/render";
import type { HistoryEntry } from "../../shell/system-view.js";

/** The actions in force, oldest first, as the shell hands them to the board. */
type History = readonly HistoryEntry<Action, GameEvent>[];

/** The combat resolved by the last action in force and what it did, in words (empty if it resolved none). */
export function lastResultOf(ctx: GameContext, history: History): string[] {
  const last = history.at(-1);
  const events = last?.events ?? [];
  if (!events.some((e) => e.type === "combat-resolved")) return [];
  const shown = new Set([
    "combat-resolved",
    "unit-disrupted",
    "unit-eliminated",
    "unit-retreated",
    "result-ignored",
    "unit-captured",
    "attack-lapsed",
  ]);
  return events.filter((e) => shown.has(e.type)).map((e) => describeEvent(ctx, e));
}

/**
 * The moves (moves, retreats, advances) of the last player's run of actions,
 * shown on the board until the other player acts: after an AI's Player-Turn,
 * everything it moved; after your own moves, what you have moved since.
 */
export function lastMovesOf(history: History): { from: string; to: string }[] {
  const active = history;
  const side = active.at(-1)?.seat;
  let start = active.length;
  while (start > 0 && active[start - 1]?.seat === side) start--;
  const out: { from: string; to: string }[] = [];
  for (const entry of active.slice(start))
    for (const e of entry.events) {
      if (e.type === "unit-moved" && e.from !== "off-map" && e.to !== "exited" && e.from !== e.to)
        out.push({ from: e.from, to: e.to });
      if (e.type === "unit-retreated" || e.type === "unit-advanced") out.push({ from: e.from, to: e.to });
    }
  return out;
}
