import type { Ctx, UnitTraits } from "../context.js";
import { type Fraction, fraction, times } from "../fraction.js";
import type { UnitState } from "../position.js";
import { urtsLength } from "../urt.js";

/**
 * Movement: "The maximum movement rates are listed in the Movement Table"
 * (T-3, reconstructed), in ticks. A URT is a part of the unit's move
 * (urt.ts); a unit whose formation does not move (a hedgehog, unlimbered
 * guns) still spends its URTs out of the move it has when it does move
 * (the pike's, the limbered guns'), so its activities take time.
 */
export function moveRate(ctx: Ctx, t: UnitTraits, formation: string): number {
  const m = ctx.rules.data.movement;
  if (t.arm === "guns") return formation === "limbered" && t.gun ? m.limberedGuns[t.gun] : 0;
  if (t.arm === "horse") return m.horse[formation as keyof typeof m.horse] ?? 0;
  return m.foot[formation as keyof typeof m.foot] ?? 0;
}

/** The move a URT is a part of. */
export function urtBasis(ctx: Ctx, t: UnitTraits, formation: string): number {
  const m = ctx.rules.data.movement;
  if (t.arm === "guns") return t.gun ? m.limberedGuns[t.gun] : 0;
  if (t.arm === "foot" && formation === "hedgehog") return m.foot.pike;
  return moveRate(ctx, t, formation);
}

/** `urts` of the unit's URTs, as a length of its move. */
export function urtCost(ctx: Ctx, t: UnitTraits, u: UnitState, urts: number): Fraction {
  return urtsLength(ctx.rules.data, t.class, urtBasis(ctx, t, u.formation), urts);
}

/** Movement: "Formed infantry and cavalry are allowed to charge every 4th move", "Light infantry ... may run every 4th move". */
export function mayChargeOrRunNow(ctx: Ctx, u: UnitState, turn: number): boolean {
  return u.chargedOn === 0 || turn - u.chargedOn >= ctx.rules.data.movement.chargeEvery;
}

/** A charge or a run: the move times the Movement Table's multiple. */
export function runLength(ctx: Ctx, move: number): Fraction {
  return times(fraction(move), ctx.rules.data.movement.chargeOrRun);
}
