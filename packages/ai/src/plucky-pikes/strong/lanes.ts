import type { Seat } from "@tercio/core";
import { interiorsOverlap, type Point, scaledDirection, translationSweep } from "@tercio/geometry";
import type { Ctx, Position, UnitState } from "@tercio/plucky-pikes";
import { footprint, gap, INCH } from "../geometry.js";
import { meleeOf, onTable } from "../policy.js";

/**
 * Fatigue & Pursuit and Effectiveness: a unit that gives way in melee or
 * falls below a level "falls back 6"", straight back, and a unit forced
 * into a friendly unit muddles both (Formations: three URTs to untangle, no
 * fire, and fought as if taken in the rear). So a unit standing in the 6"
 * behind a friend that may have to fall back, or with a friend in its own
 * 6", risks a muddle: the chance the one in front falls back (in melee, or
 * with the enemy close) times the cost of two muddled units.
 */
const RISK_IN_MELEE = 0.5;
const RISK_CLOSE = 0.25;
const RISK_NEAR = 0.08;

/** The ground a unit would cross falling back 6" (its footprint swept straight back). */
export function fallBackLane(ctx: Ctx, id: string, u: UnitState): Point[] {
  const back = scaledDirection(u.facing, -ctx.rules.data.effectiveness.fallBack);
  return translationSweep(footprint(ctx, id, u), back);
}

/** How likely a unit is to fall back soon: in melee, or with an enemy close. */
export function fallBackRisk(ctx: Ctx, position: Position, id: string, enemy: Seat): number {
  const u = position.units[id] as UnitState;
  if (meleeOf(position, id)) return RISK_IN_MELEE;
  const poly = footprint(ctx, id, u);
  let d = Number.POSITIVE_INFINITY;
  for (const e of onTable(position, enemy))
    d = Math.min(d, gap(poly, footprint(ctx, e, position.units[e] as UnitState)));
  if (d <= 8 * INCH) return RISK_CLOSE;
  if (d <= 14 * INCH) return RISK_NEAR;
  return 0;
}

/** The muddles the unit risks where it stands: in a friend's lane, or a friend in its own (chance, summed). */
export function muddleRisk(ctx: Ctx, position: Position, id: string, side: Seat, enemy: Seat): number {
  const u = position.units[id] as UnitState;
  const own = footprint(ctx, id, u);
  const lane = fallBackLane(ctx, id, u);
  let risk = 0;
  let mine: number | undefined;
  for (const f of onTable(position, side)) {
    if (f === id) continue;
    const fu = position.units[f] as UnitState;
    const fpoly = footprint(ctx, f, fu);
    if (gap(own, fpoly) > 7 * INCH) continue;
    if (interiorsOverlap(fallBackLane(ctx, f, fu), own)) risk += fallBackRisk(ctx, position, f, enemy);
    if (interiorsOverlap(lane, fpoly)) {
      mine ??= fallBackRisk(ctx, position, id, enemy);
      risk += mine;
    }
  }
  return risk;
}
