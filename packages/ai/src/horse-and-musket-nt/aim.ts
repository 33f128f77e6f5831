import { distanceSq, type Point, sideCentres, zoneOf } from "@tercio/geometry";
import {
  type Band,
  bandLimits,
  type Ctx,
  exactJudge,
  fireValues,
  isProtected,
  lineClear,
  type Position,
  sideOfTarget,
  sideSight,
  townHeld,
  type UnitSide,
  type UnitState,
  unitCorners,
  unitFrontCentre,
  unitSize,
} from "@tercio/horse-and-musket-nt";
import { poseOfUnit } from "./geometry.js";

/**
 * Where a unit's fire would go (1.1 A: "the closest, most directly forward
 * Unit in their Front Arc"), for a shooter or a target anywhere, fast: the
 * engine's planShot judges line of sight to every enemy (eight sight lines
 * a side), which is right for a shot and too dear for scoring dozens of
 * poses. Here the enemies in range are listed closest first by the same
 * LoS length (front centre to the centre of the side the shooter is in),
 * each side's centre in the shooter's front arc and not a protected flank;
 * `sight` then asks, in order, the line to the side's centre ("line", one
 * sight line) or the engine's whole test ("exact", sideSight), and the
 * first that passes is the target.
 */
export interface Aim {
  readonly id: string;
  readonly side: UnitSide;
  readonly d2: number;
  readonly band: Band;
}

export type SightTest = "none" | "line" | "exact";

/** The band a LoS length falls in for the shooter, or null beyond its longest range. */
export function bandFor(ctx: Ctx, shooterId: string, shooter: UnitState, d2: number): Band | null {
  for (const [band, limit] of bandLimits(ctx, shooterId, shooter)) if (d2 <= limit * limit) return band;
  return null;
}

/** The shooter's sight origins: its front centre, or all four side centres when it holds a town (Terrain iii). */
function originsOf(
  ctx: Ctx,
  position: Position,
  id: string,
  u: UnitState,
): { points: Point[]; allRound: boolean } {
  if (u.holds && townHeld(ctx, position, id)) {
    const c = sideCentres(poseOfUnit(u), unitSize(ctx, u));
    return { points: [c.front, c.right, c.rear, c.left], allRound: true };
  }
  return { points: [unitFrontCentre(ctx, u)], allRound: false };
}

/** The enemies the shooter could fire at, closest first, sight aside (range, arc and protected flanks only). */
export function aimsOf(ctx: Ctx, position: Position, shooterId: string, only?: readonly string[]): Aim[] {
  const shooter = position.units[shooterId];
  if (!shooter || !fireValues(ctx, shooter) || shooter.outOfAmmunition) return [];
  const limits = bandLimits(ctx, shooterId, shooter);
  const longest = limits[limits.length - 1]?.[1] ?? 0;
  const { points, allRound } = originsOf(ctx, position, shooterId, shooter);
  const corners = unitCorners(ctx, shooter);
  const out: Aim[] = [];
  for (const id of only ?? Object.keys(position.units)) {
    const target = position.units[id];
    if (!target || target.side === shooter.side) continue;
    const side = sideOfTarget(ctx, shooter, target);
    if (side === "inside") continue;
    const centre = sideCentres(poseOfUnit(target), unitSize(ctx, target))[side];
    let d2 = Number.POSITIVE_INFINITY;
    for (const p of points) d2 = Math.min(d2, distanceSq(p, centre));
    if (d2 > longest * longest) continue;
    if (!allRound && zoneOf(corners, centre, ctx.options.onRay) !== "front") continue;
    if (isProtected(ctx, position, id, side, exactJudge)) continue;
    const band = bandFor(ctx, shooterId, shooter, d2);
    if (band) out.push({ id, side, d2, band });
  }
  return out.sort((a, b) => a.d2 - b.d2 || (a.id < b.id ? -1 : 1));
}

/** Whether the shooter sees the aim's side, by the chosen test. */
export function sees(ctx: Ctx, position: Position, shooterId: string, aim: Aim, sight: SightTest): boolean {
  if (sight === "none") return true;
  if (sight === "exact") return sideSight(ctx, position, shooterId, aim.id, aim.side).visible;
  const shooter = position.units[shooterId] as UnitState;
  const target = position.units[aim.id] as UnitState;
  const centre = sideCentres(poseOfUnit(target), unitSize(ctx, target))[aim.side];
  const { points } = originsOf(ctx, position, shooterId, shooter);
  return points.some((from) => lineClear(ctx, position, { viewer: shooterId, target: aim.id, from }, centre));
}

/** The shooter's likely target: the closest aim it sees by the test (at most `tries` asked). */
export function likelyTarget(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  sight: SightTest,
  tries = 3,
): Aim | undefined {
  let n = 0;
  for (const aim of aimsOf(ctx, position, shooterId)) {
    if (sees(ctx, position, shooterId, aim, sight)) return aim;
    if (++n >= tries) return undefined;
  }
  return undefined;
}
