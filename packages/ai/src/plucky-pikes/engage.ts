import type { Action, Ctx, Position } from "@tercio/plucky-pikes";
import { moveRate, traitsOf } from "@tercio/plucky-pikes";
import { footprint, gap, INCH } from "./geometry.js";
import { type MeleeBalance, meleeBalance } from "./melee.js";
import { applied } from "./moves.js";
import { meleeOf, onTable, otherSide, unitOf } from "./policy.js";

/**
 * A unit's engagements: straight ahead into contact with an enemy, with
 * or without the charge, each applied by the engine (which moves the unit
 * to contact and records the melee, or refuses), and the melee's first
 * move weighed as the engaging side sees it. A charge that falls short
 * (the engine moves the unit its whole charge, disordered) is not offered.
 */
export interface EngageOption {
  readonly action: Action;
  readonly position: Position;
  readonly target: string;
  readonly balance: MeleeBalance;
}

export function engageOptions(ctx: Ctx, position: Position, id: string): EngageOption[] {
  const u = unitOf(position, id);
  const t = traitsOf(ctx, id);
  if (t.arm === "guns" || u.level !== "steady" || u.muddle > 0) return [];
  const rate = moveRate(ctx, t, u.formation);
  if (rate === 0) return [];
  const reach = rate * 1.5 + INCH;
  const poly = footprint(ctx, id, u);
  const out: EngageOption[] = [];
  for (const e of onTable(position, otherSide(u.side))) {
    if (gap(poly, footprint(ctx, e, unitOf(position, e))) > reach) continue;
    for (const charge of [true, false]) {
      const action: Action = { type: "engage", unit: id, target: e, charge };
      const next = applied(ctx, position, action);
      if (!next) continue;
      const m = meleeOf(next, id);
      if (!m) continue;
      out.push({ action, position: next, target: e, balance: meleeBalance(ctx, next, m, u.side) });
    }
  }
  return out;
}
