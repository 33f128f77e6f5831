import type { Seat } from "@tercio/core";
import { direction } from "@tercio/geometry";
import {
  type Action,
  type Ctx,
  moveRate,
  type Position,
  traitsOf,
  type UnitState,
  unitFront,
  unitSize,
} from "@tercio/plucky-pikes";
import { footprint, INCH } from "../geometry.js";
import { applied } from "../moves.js";
import { meleeOf } from "../policy.js";
import { meleeValue, type Values } from "./value.js";

/**
 * The engagements a unit could make in its side's next move from where it
 * stands, as the engine would make them: the position is put in that
 * side's move with the unit free to move (a hypothetical), the engagement
 * applied (straight ahead along its facing, the charge where it may), and
 * the melee's first move valued for its side. A unit engages only what
 * lies straight ahead, so where a unit ends its move decides what can
 * reach it and what it can reach.
 */
export function nextMovePosition(position: Position, side: Seat, id: string, turn: number): Position {
  const u = position.units[id] as UnitState;
  const { reaction: _r, ...rest } = position;
  return {
    ...rest,
    part: "move-2",
    turn,
    toMove: side,
    units: { ...position.units, [id]: { ...u, moved: false } },
  };
}

export interface Engagement {
  readonly attacker: string;
  readonly target: string;
  readonly charge: boolean;
  /** The melee's first move, valued for the attacker's side. */
  readonly value: number;
}

/** Whether `target` could lie within the attacker's reach straight ahead (a cheap filter before the engine's check). */
function mayReach(ctx: Ctx, position: Position, attacker: string, target: string): boolean {
  const a = position.units[attacker] as UnitState;
  const t = traitsOf(ctx, attacker);
  if (t.arm === "guns" || a.level !== "steady" || a.muddle > 0 || meleeOf(position, attacker)) return false;
  const rate = moveRate(ctx, t, a.formation);
  if (rate === 0) return false;
  const b = position.units[target] as UnitState;
  const poly = footprint(ctx, target, b);
  // Straight ahead: the target must lie across the attacker's path (its frontage, projected
  // sideways) and beyond its front, within a charge's reach.
  const f = unitFront(ctx, attacker, a);
  const d = direction(a.facing);
  const half = unitSize(ctx, attacker, a).frontage / 2 + 1;
  let minSide = Number.POSITIVE_INFINITY;
  let maxSide = Number.NEGATIVE_INFINITY;
  let minAhead = Number.POSITIVE_INFINITY;
  let maxAhead = Number.NEGATIVE_INFINITY;
  for (const p of poly) {
    const side = (p.x - f.x) * d.y - (p.y - f.y) * d.x;
    const ahead = (p.x - f.x) * d.x + (p.y - f.y) * d.y;
    minSide = Math.min(minSide, side);
    maxSide = Math.max(maxSide, side);
    minAhead = Math.min(minAhead, ahead);
    maxAhead = Math.max(maxAhead, ahead);
  }
  if (maxSide < -half || minSide > half || maxAhead <= 0) return false;
  return minAhead <= rate * 1.5 + INCH / 8;
}

/** The best engagement of `attacker` on `target` in its side's next move (undefined if none reaches). */
export function engagementOn(
  ctx: Ctx,
  v: Values,
  position: Position,
  attacker: string,
  target: string,
  turn: number,
): Engagement | undefined {
  if (!mayReach(ctx, position, attacker, target)) return undefined;
  const side = (position.units[attacker] as UnitState).side;
  const hypothetical = nextMovePosition(position, side, attacker, turn);
  let best: Engagement | undefined;
  for (const charge of [true, false]) {
    const action: Action = { type: "engage", unit: attacker, target, charge };
    const next = applied(ctx, hypothetical, action);
    if (!next) continue;
    const m = meleeOf(next, attacker);
    // A charge that falls short: nothing nearer reaches without it either.
    if (!m) break;
    const value = meleeValue(ctx, v, next, m, side);
    if (!best || value > best.value) best = { attacker, target, charge, value };
    // The charge, where the engine allows it, reaches further and strikes harder: no need to try without.
    break;
  }
  return best;
}
