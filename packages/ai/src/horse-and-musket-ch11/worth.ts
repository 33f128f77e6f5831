import { convexWithin, interiorsOverlap, type Polygon } from "@tercio/geometry";
import type { ContactSide } from "@tercio/horse-and-musket-ch11";
import {
  atPose,
  type CombatFactors,
  type Ctx,
  chargePath,
  combatFactors,
  type Exact,
  fieldOfFire,
  handToHandHits,
  inAllRoundTerrain,
  inCover,
  inRange,
  overlapOf,
  type Position,
  shootingHits,
  type UnitState,
  unitPolygon,
} from "@tercio/horse-and-musket-ch11";

/**
 * Exact worth from the tables: the six faces of a shot or a charge, their
 * mean and the chance that they eliminate the target. The engine's
 * expectedShotHits and expectedChargeHits give the means; the faces give the
 * kill chances too, from the same rules data (no estimate of the dice).
 */
export function exactValue(e: Exact): number {
  return e.num / e.den;
}

/** The hits each face of the shooter's die deals to the target (cover included). */
export function shotFaces(ctx: Ctx, shooter: UnitState, target: UnitState): number[] {
  const data = ctx.rules.data;
  const cover = inCover(ctx, target, unitPolygon(target)) ? data.shooting.cover : null;
  const modifier = data.unitTypes[shooter.type].shootingModifier;
  const faces: number[] = [];
  for (let roll = 1; roll <= 6; roll++) faces.push(shootingHits(roll, modifier, data.shooting.floor, cover));
  return faces;
}

/** The hits each face of a charge deals to the defender, struck on `side`. */
export function chargeFaces(ctx: Ctx, defender: UnitState, side: ContactSide): number[] {
  return combatFacesOf(ctx, combatFactors(ctx, defender, side));
}

export function combatFacesOf(ctx: Ctx, factors: CombatFactors): number[] {
  const faces: number[] = [];
  for (let roll = 1; roll <= 6; roll++)
    faces.push(handToHandHits(ctx.rules.data, roll, factors, ctx.options.modifierRounding));
  return faces;
}

export function meanOf(faces: readonly number[]): number {
  let s = 0;
  for (const f of faces) s += f;
  return s / faces.length;
}

/** What a unit is worth when eliminated, in hits: its 15 hits and the unit itself. */
export const KILL_BONUS = 12;

/**
 * The worth of dealing these faces to a target that already has `hits`
 * (and `pending` more expected before the turn ends): the useful hits
 * (beyond elimination wasted), weighted up as the target nears its end,
 * and the chance of eliminating it times the unit's worth.
 */
export function damageWorth(ctx: Ctx, faces: readonly number[], hits: number, pending = 0): number {
  const limit = ctx.rules.data.hitsToEliminate;
  const remaining = Math.max(1, limit - hits - pending);
  let useful = 0;
  let kills = 0;
  for (const f of faces) {
    useful += Math.min(f, remaining);
    if (f >= remaining) kills++;
  }
  return (useful / faces.length) * (1 + hits / limit) + (kills / faces.length) * KILL_BONUS;
}

/**
 * A shooter's arc as it stands, built once and asked of many targets: the
 * engine's own tests (inFieldOfFire's polygon, fieldOfFire, and inRange),
 * sight aside. Null for a unit that does not shoot.
 */
export interface Arc {
  readonly shooter: UnitState;
  readonly allRound: boolean;
  readonly polygon: Polygon;
}

export function arcOf(ctx: Ctx, shooter: UnitState): Arc | null {
  if (ctx.rules.data.unitTypes[shooter.type].range === null) return null;
  const allRound = inAllRoundTerrain(ctx, shooter, unitPolygon(shooter)) !== undefined;
  return { shooter, allRound, polygon: allRound ? [] : fieldOfFire(ctx, shooter, ctx.options.fieldOfFire) };
}

export function arcCovers(ctx: Ctx, arc: Arc, target: UnitState): boolean {
  if (!arc.allRound) {
    const base = unitPolygon(target);
    const inArc =
      ctx.options.fireOnRay === "in"
        ? convexWithin(arc.polygon, base, 0)
        : interiorsOverlap(arc.polygon, base);
    if (!inArc) return false;
  }
  return inRange(ctx, arc.shooter, target, arc.allRound);
}

/** Whether a shooter standing at its pose has the target in its field of fire and range (sight aside). */
export function canShootFrom(ctx: Ctx, shooter: UnitState, target: UnitState): boolean {
  const arc = arcOf(ctx, shooter);
  return arc !== null && arcCovers(ctx, arc, target);
}

export { atPose };

/**
 * chargePath on a hypothetical position (a unit put at a pose it has not
 * been checked at, e.g. where a charger retreats to): refused as no charge
 * when that pose overlaps another base, which no real position holds.
 */
export function hypotheticalCharge(
  ctx: Ctx,
  position: Position,
  placed: string,
  charger: string,
  target: string,
  turn: number,
): ReturnType<typeof chargePath> | undefined {
  const u = position.units[placed];
  if (!u || overlapOf(position, placed, unitPolygon(u))) return undefined;
  return chargePath(ctx, position, charger, target, turn);
}
