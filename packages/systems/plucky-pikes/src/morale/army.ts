import type { Seat } from "@tercio/core";
import {
  type ArmyRecord,
  armyEffectivenessPoints,
  armyModifierPoints,
  armyWithdraws,
  rallyTablePoints,
} from "../army.js";
import type { Ctx } from "../context.js";
import type { DiceSource } from "../dice-source.js";
import type { GameEvent } from "../events.js";
import { unitPolygon } from "../footprint.js";
import type { Position, PositionResult } from "../position.js";
import { type Out, yes } from "../rule-error.js";
import { onTable, squaredGapFromPoint } from "../table.js";

/**
 * Part 4, Army morale (designed, P-1: the text names the part and never
 * says what it is) and Victory Points. An army's units and guns
 * "remaining" are those neither routed nor destroyed (a cavalry unit gone
 * after the baggage has won its fight and counts).
 */
export function remaining(ctx: Ctx, position: Position, side: Seat): number {
  let n = 0;
  for (const [id, u] of Object.entries(position.units))
    if (ctx.units[id]?.side === side && u.gone !== "routed" && u.gone !== "destroyed") n++;
  return n;
}

/** The sides whose army withdraws now. */
export function withdrawing(ctx: Ctx, position: Position): Seat[] {
  return (["first", "second"] as const).filter((s) =>
    armyWithdraws(ctx.rules.data, remaining(ctx, position, s), ctx.strength[s]),
  );
}

/** Victory Points: a side holds an objective with a unit within reach of it and no enemy unit within reach (P-2). */
export function holder(ctx: Ctx, position: Position, x: number, y: number): Seat | undefined {
  const r = ctx.rules.data.objectives.holdWithin;
  const near = new Set<Seat>();
  for (const [id, u] of onTable(position))
    if (squaredGapFromPoint({ x, y }, unitPolygon(ctx, id, u)) <= r * r) near.add(u.side);
  return near.size === 1 ? [...near][0] : undefined;
}

export function armyRecord(ctx: Ctx, position: Position, side: Seat): ArmyRecord {
  const lost = Object.entries(position.officers).filter(
    ([id, o]) => o.lost && ctx.officers[id]?.side === side,
  );
  return {
    objectivePoints: ctx.objectives
      .filter((o) => holder(ctx, position, o.x, o.y) === side)
      .map((o) => o.points),
    commandingGeneralLost: lost.some(([id]) => ctx.officers[id]?.rank === "commanding-general"),
    generalsLost: lost.filter(([id]) => ctx.officers[id]?.rank === "general").length,
    flagsTaken: position.tally[side].flagsTaken,
    flagsLost: Object.entries(position.units).filter(([id, u]) => u.flagLost && ctx.units[id]?.side === side)
      .length,
    gunsCaptured: position.tally[side].gunsCaptured,
  };
}

/**
 * "At the end of the game find the units and guns in each army that are
 * routed or destroyed and find the percentage remaining ... Then
 * add/subtract the appropriate modifiers ... Once you have the total roll
 * a d10 and use the Rally Rolls table to get additional points. Compare
 * the total score of each army and the high score wins." A tie is a draw.
 */
export function finalScores(
  ctx: Ctx,
  position: Position,
  dice: DiceSource,
  events: GameEvent[],
  why: string,
): Out<PositionResult> {
  const scores = { first: 0, second: 0 };
  for (const side of ["first", "second"] as const) {
    const d10 = dice.d10();
    if (!d10.ok) return d10;
    const effectiveness = armyEffectivenessPoints(
      ctx.rules.data,
      remaining(ctx, position, side),
      ctx.strength[side],
    );
    const modifiers = armyModifierPoints(ctx.rules.data, armyRecord(ctx, position, side));
    const rally = rallyTablePoints(ctx.rules.data, d10.value);
    const total = effectiveness + modifiers + rally;
    scores[side] = total;
    events.push({ type: "army-score", side, effectiveness, modifiers, d10: d10.value, rally, total });
  }
  const winner = scores.first > scores.second ? "first" : scores.second > scores.first ? "second" : "draw";
  const names = ctx.scenario.forces;
  // "The courses of action listed are for games that are part of campaigns" (T-21): named, for a campaign's use.
  const margin = Math.abs(scores.first - scores.second);
  const course = ctx.rules.data.coursesOfAction.find((c) => margin >= c.margin)?.outcome;
  const reason = `${why}; Victory Points: ${names.first.name} ${scores.first}, ${names.second.name} ${scores.second}${course ? `; in a campaign: ${course}` : ""}`;
  events.push({ type: "game-ended", winner, reason });
  return yes({ winner, reason, scores });
}
