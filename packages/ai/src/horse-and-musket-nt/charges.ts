import {
  allowanceOf,
  type ChargePlan,
  type Ctx,
  chargePlan,
  charges,
  type Judge,
  type Position,
  PreviewJudge,
  type UnitState,
  unitSize,
} from "@tercio/horse-and-musket-nt";
import { atPose, distance, INCH, withUnit } from "./geometry.js";
import { otherSide, unitsOf } from "./policy.js";
import { damageWorth, meanOf, meleeFaces } from "./worth.js";

/**
 * Charges as the engine plans them (chargePlan: the side the charger is
 * in, line of sight, reach, the first contact) and their worth in the
 * Melee (meleeSequence at the contact pose, every face). A charge's reach
 * is the rolled Dx with the Bonus, so before the roll the chance of each
 * charge is the share of faces whose reach covers its LoS length.
 */
export interface ChargeOption {
  readonly target: string;
  readonly plan: ChargePlan;
  /** Melee hits by face. */
  readonly faces: number[];
  readonly meanHits: number;
  readonly worth: number;
}

/** The position with the charger rolled `face` (a what-if before the roll). */
export function rolledAs(position: Position, id: string, face: number): Position {
  const u = position.units[id] as UnitState;
  return withUnit(position, id, { ...u, acted: "rolled", roll: face });
}

/** The charge of a rolled charger at one target, valued, or undefined when the engine refuses it. */
export function chargeOption(
  ctx: Ctx,
  position: Position,
  id: string,
  target: string,
  judge: Judge = new PreviewJudge(position.settled),
  pending = 0,
): ChargeOption | undefined {
  const plan = chargePlan(ctx, position, id, target, judge);
  if (!plan.ok) return undefined;
  const u = position.units[id] as UnitState;
  const t = position.units[target] as UnitState;
  const there = withUnit(position, id, atPose(u, plan.value.pose));
  const faces = meleeFaces(ctx, there, { attacker: id, defender: target, side: plan.value.side });
  return {
    target,
    plan: plan.value,
    faces,
    meanHits: meanOf(faces),
    worth: damageWorth(ctx, target, faces, t.hits, pending),
  };
}

/** Enemies close enough to be charged at all (a cheap filter before chargePlan). */
export function chargeable(ctx: Ctx, position: Position, id: string, reach: number): string[] {
  const u = position.units[id] as UnitState;
  const s = unitSize(ctx, u);
  const slack = reach + s.frontage + s.depth + 6 * INCH;
  return unitsOf(position, otherSide(u.side)).filter(
    (e) => distance(u, position.units[e] as UnitState) <= slack,
  );
}

/** The charger's longest reach: the die's top face (modified) with the Bonus. */
export function longestReach(ctx: Ctx, id: string, u: UnitState): number {
  return reachOf(ctx, id, u, Math.max(...ctx.die.faces));
}

/**
 * The charges a unit that has not rolled could make, over the die's faces:
 * for each target, its plan at the top face and the share of faces that
 * reach it (the LoS length against each face's reach).
 */
export function chargeChances(
  ctx: Ctx,
  position: Position,
  id: string,
): { option: ChargeOption; chance: number }[] {
  const u = position.units[id];
  if (!u || !charges(ctx, id, u)) return [];
  const top = Math.max(...ctx.die.faces);
  const best = rolledAs(position, id, top);
  const out: { option: ChargeOption; chance: number }[] = [];
  for (const target of chargeable(ctx, position, id, longestReach(ctx, id, u))) {
    const option = chargeOption(ctx, best, id, target);
    if (!option) continue;
    let reached = 0;
    for (const face of ctx.die.faces) {
      const r = reachOf(ctx, id, u, face);
      if (option.plan.d2 <= r * r) reached++;
    }
    if (reached > 0) out.push({ option, chance: reached / ctx.die.faces.length });
  }
  return out;
}

/** The reach of a charge for a face: the Dx (modified) and the Bonus (Charging i), as the engine meters it. */
export function reachOf(ctx: Ctx, id: string, u: UnitState, face: number): number {
  return allowanceOf(ctx, id, { ...u, roll: face }, true);
}

/** The mean of a charge's worth over the faces that reach (0 for the rest). */
export function meanCharge(chances: readonly { option: ChargeOption; chance: number }[]): number {
  let best = 0;
  for (const c of chances) best = Math.max(best, c.option.worth * c.chance);
  return best;
}

export { meanOf };
