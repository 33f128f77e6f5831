import type { Seat } from "@tercio/core";
import type { Polygon } from "@tercio/geometry";
import type { Ctx, Position } from "@tercio/horse-and-musket-nt";
import { assignGoals, type Goal } from "../goals.js";
import { inZone, objectivesOf } from "../objectives.js";
import { otherSide, unitOf, unitsOf } from "../policy.js";

/**
 * What the strong player knows of the game at the start of its half: each
 * unit's goal (goals.ts), whether the side wins if nothing changes (then it
 * holds and shoots; otherwise it must press), and how urgent the
 * objectives are as the turns run out.
 */
export interface Analysis {
  readonly side: Seat;
  readonly enemy: Seat;
  readonly goals: ReadonlyMap<string, Goal>;
  /** Turns left after this one. */
  readonly turnsLeft: number;
  /** The side wins as things stand (the objectives held now, or the default). */
  readonly winning: boolean;
  /** Objectives weigh this much more as the end nears and the side is not winning. */
  readonly urgency: number;
  /** The zones held at the end, for the bonus of standing in one. */
  readonly holds: readonly Polygon[];
}

/** Points each side would score if the game ended now (objectives held: units of one side only). */
function pointsNow(ctx: Ctx, position: Position): Record<Seat, number> {
  const points: Record<Seat, number> = { first: 0, second: 0 };
  for (const h of objectivesOf(ctx).hold) {
    let first = 0;
    let second = 0;
    for (const id of Object.keys(position.units)) {
      const u = unitOf(position, id);
      if (!inZone(u, h.zone)) continue;
      if (u.side === "first") first++;
      else second++;
    }
    if (first > 0 && second === 0) points.first += h.points;
    if (second > 0 && first === 0) points.second += h.points;
  }
  return points;
}

function losses(ctx: Ctx, position: Position, side: Seat): number {
  return ctx.strength[side] - unitsOf(position, side).length;
}

/** Whether the side would win if the game ended now. */
export function winningNow(ctx: Ctx, position: Position, side: Seat): boolean {
  const p = pointsNow(ctx, position);
  const enemy = otherSide(side);
  if (p[side] !== p[enemy]) return p[side] > p[enemy];
  const o = objectivesOf(ctx).otherwise;
  if (o === side) return true;
  if (o === "fewer-losses") return losses(ctx, position, side) < losses(ctx, position, enemy);
  return false;
}

export function analyse(ctx: Ctx, position: Position): Analysis {
  const side = position.toMove;
  const turnsLeft = Math.max(0, ctx.scenario.turns - position.turn);
  const winning = winningNow(ctx, position, side);
  const urgency = winning ? 1 : 1 + Math.max(0, 4 - turnsLeft) * 0.5;
  return {
    side,
    enemy: otherSide(side),
    goals: assignGoals(ctx, position, side, 1),
    turnsLeft,
    winning,
    urgency,
    holds: objectivesOf(ctx).hold.map((h) => h.zone),
  };
}
