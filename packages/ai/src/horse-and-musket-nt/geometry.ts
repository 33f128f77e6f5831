import { cross, direction, dot, normalizeCdeg, type Point, type Pose, turnBetween } from "@tercio/geometry";
import type { Position, UnitState } from "@tercio/horse-and-musket-nt";

/**
 * The players' own geometry: a unit put at a pose, distances for scoring
 * (square roots of exact integers), and the bearing of a point without
 * trigonometry (the kernel's deterministic direction, searched), so that a
 * policy chooses the same on every engine. Nothing here decides legality:
 * the engine's checkMove, planShot and chargePlan do.
 */
export const INCH = 6096;

export function poseOfUnit(u: UnitState): Pose {
  return { x: u.x, y: u.y, facing: u.facing };
}

/** The unit as it would be at the pose (everything else kept). */
export function atPose(u: UnitState, pose: Pose): UnitState {
  return { ...u, x: pose.x, y: pose.y, facing: normalizeCdeg(pose.facing) };
}

/** The position with one unit replaced (a hypothetical: where a move would leave it). */
export function withUnit(position: Position, id: string, u: UnitState): Position {
  return { ...position, units: { ...position.units, [id]: u } };
}

/** The distance between two points in ticks (for scoring only). */
export function distance(a: Point, b: Point): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * The facing (centidegrees, 0 north, clockwise) of the line from `from` to
 * `to`, to the centidegree, or null when they are the same point: the octant
 * by signs, then a bisection on the kernel's direction (cross products only).
 */
export function bearing(from: Point, to: Point): number | null {
  const v = { x: to.x - from.x, y: to.y - from.y };
  if (v.x === 0 && v.y === 0) return null;
  for (let k = 0; k < 8; k++) {
    let lo = k * 4500;
    let hi = lo + 4500;
    const a = direction(lo);
    const b = direction(hi);
    // v lies in [lo, hi): at or clockwise of lo, strictly anticlockwise of hi, on the same half-plane.
    if (!(cross(a.x, a.y, v.x, v.y) <= 0 && cross(b.x, b.y, v.x, v.y) > 0 && dot(a.x, a.y, v.x, v.y) > 0))
      continue;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      const d = direction(mid);
      if (cross(d.x, d.y, v.x, v.y) <= 0) lo = mid;
      else hi = mid;
    }
    return lo % 36000;
  }
  return null;
}

/** How far off the unit's facing a point lies (0 straight ahead, 18000 behind), or 0 for its own centre. */
export function offAxis(pose: Pose, p: Point): number {
  const b = bearing(pose, p);
  return b === null ? 0 : Math.abs(turnBetween(pose.facing, b));
}
