import { type GameContext, type Position, SIDES, type Side, unitStats } from "@tercio/musket-and-pike";
import type { MpGameLog as Game } from "./game.js";

/** Units eliminated so far, by side and unit type (a captured gun changes sides instead: see lossesInGame). */
export function lossesOf(position: Position): Record<Side, Record<string, number>> {
  const out: Record<Side, Record<string, number>> = { first: {}, second: {} };
  for (const [id, status] of Object.entries(position.offMap)) {
    if (status !== "eliminated") continue;
    const unit = position.units[id];
    if (!unit) continue;
    const byType = out[unit.side];
    byType[unit.type] = (byType[unit.type] ?? 0) + 1;
  }
  return out;
}

/**
 * A side's strength: the printed Melee Strengths of its units still in the
 * game (on the map or yet to enter; not eliminated, and not exited, 16.22).
 */
export function strengthOf(ctx: GameContext, position: Position, side: Side): number {
  let total = 0;
  for (const [id, unit] of Object.entries(position.units)) {
    if (unit.side !== side) continue;
    const status = position.offMap[id];
    if (status === "eliminated" || status === "exited") continue;
    total += unitStats(ctx.rules, ctx.scenario, unit).melee;
  }
  return total;
}

export interface StrengthPoint {
  readonly gameTurn: number;
  readonly strength: Readonly<Record<Side, number>>;
}

/** Strength of each side at the start of the game and at the end of every Game-Turn played (and the last position). */
export function strengthOverTurns(game: Game): StrengthPoint[] {
  const point = (p: Position, gameTurn: number): StrengthPoint => ({
    gameTurn,
    strength: { first: strengthOf(game.ctx, p, SIDES[0]), second: strengthOf(game.ctx, p, SIDES[1]) },
  });
  const points: StrengthPoint[] = [point(game.opening, 0)];
  let previous = game.opening;
  for (const p of game.after) {
    if (!p) continue;
    if (p.gameTurn !== previous.gameTurn && previous.phase !== "deployment")
      points.push(point(previous, previous.gameTurn));
    previous = p;
  }
  if (previous !== game.opening) points.push(point(previous, previous.gameTurn));
  return points;
}

/**
 * A game's losses by side and unit type: units eliminated, and guns captured
 * (15.0, optional), which the engine hands to the captor, so they are found
 * in the log and counted against the side that lost them.
 */
export function lossesInGame(game: Game): Record<Side, Record<string, number>> {
  const out = lossesOf(game.position);
  for (const entry of game.entries) {
    if (entry.undone) continue;
    for (const e of entry.events) {
      if (e.type !== "unit-captured") continue;
      const unit = game.opening.units[e.unit];
      if (!unit) continue;
      const byType = out[unit.side];
      byType[unit.type] = (byType[unit.type] ?? 0) + 1;
    }
  }
  return out;
}
