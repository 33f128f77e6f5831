import {
  cross,
  direction,
  dot,
  normalizeCdeg,
  type Point,
  type Polygon,
  type Pose,
  turnBetween,
} from "@tercio/geometry";
import { type Ctx, type Position, type UnitState, unitPolygon } from "@tercio/plucky-pikes";

/**
 * The players' own geometry: distances for scoring (square roots of exact
 * integers), the bearing of a point without trigonometry (the kernel's
 * deterministic direction, searched), and hypothetical positions. Nothing
 * here decides legality: the engine's apply does.
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

function pointSegment2(px: number, py: number, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  let t = l2 === 0 ? 0 : ((px - a.x) * dx + (py - a.y) * dy) / l2;
  t = Math.max(0, Math.min(1, t));
  const fx = a.x + t * dx - px;
  const fy = a.y + t * dy - py;
  return fx * fx + fy * fy;
}

/**
 * The distance of two convex footprints (or a point and one) in ticks, for
 * scoring only: the least vertex-to-edge distance both ways, in floats (+, -,
 * x, / and the square root: the same on every engine). Touching or
 * overlapping footprints measure their nearest edges (near 0).
 */
export function gap(a: Polygon, b: Polygon): number {
  let best = Number.POSITIVE_INFINITY;
  for (const [p, q] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const v of p) {
      if (q.length === 1) {
        const w = q[0] as Point;
        best = Math.min(best, (v.x - w.x) * (v.x - w.x) + (v.y - w.y) * (v.y - w.y));
        continue;
      }
      for (let i = 0; i < q.length; i++)
        best = Math.min(best, pointSegment2(v.x, v.y, q[i] as Point, q[(i + 1) % q.length] as Point));
    }
  }
  return Math.sqrt(best);
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

/** The signed turn (centidegrees, clockwise positive) from the pose's facing to the point, 0 for its own centre. */
export function turnTo(pose: Pose, p: Point): number {
  const b = bearing(pose, p);
  return b === null ? 0 : turnBetween(pose.facing, b);
}

const polygons = new WeakMap<UnitState, Point[]>();

/**
 * The unit's footprint (the engine's unitPolygon), kept for each unit state
 * object: positions are immutable and share the states of the units an
 * action leaves alone, so a footprint is worked out once per state.
 */
export function footprint(ctx: Ctx, id: string, u: UnitState): Point[] {
  let p = polygons.get(u);
  if (!p) {
    p = unitPolygon(ctx, id, u);
    polygons.set(u, p);
  }
  return p;
}
