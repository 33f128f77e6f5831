import { describeEvent } from "@tercio/render";
import type { Game } from "./session.js";

/** The last action in force (not undone), if any. */
function lastEntry(game: Game) {
  return game.entries.filter((e) => !e.undone).at(-1);
}

/** The combat resolved by the last action in force and what it did, in words (empty if it resolved none). */
export function lastResultOf(game: Game): string[] {
  const last = lastEntry(game);
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
  return events.filter((e) => shown.has(e.type)).map((e) => describeEvent(game.ctx, e));
}

/** The moves of the last action in force (a move, retreat or advance): shown on the board until the next. */
export function lastMovesOf(game: Game): { from: string; to: string }[] {
  const last = lastEntry(game);
  const out: { from: string; to: string }[] = [];
  for (const e of last?.events ?? []) {
    if (e.type === "unit-moved" && e.from !== "off-map" && e.to !== "exited" && e.from !== e.to)
      out.push({ from: e.from, to: e.to });
    if (e.type === "unit-retreated" || e.type === "unit-advanced") out.push({ from: e.from, to: e.to });
  }
  return out;
}
