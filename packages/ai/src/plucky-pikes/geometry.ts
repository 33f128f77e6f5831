import { type Point, type Polygon, type Pose, turnBetween } from "@tercio/geometry";
import { type Ctx, type UnitState, unitPolygon } from "@tercio/plucky-pikes";
import { bearing } from "../tabletop/bearing.js";
import { atPose, distance, poseOfUnit, withUnit } from "../tabletop/pose.js";

export { atPose, bearing, distance, poseOfUnit, withUnit };

/**
 * The players' own geometry: distances for scoring (square roots of exact
 * integers), the bearing of a point without trigonometry (the kernel's
 * deterministic direction, searched), and hypothetical positions. Nothing
 * here decides legality: the engine's apply does.
 */
export const INCH = 6096;

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

/** The signed turn (centidegrees, clockwise positive) from the pose's facing to the point, 0 for its own centre. */
export function turnTo(pose: Pose, p: Point): number {
  const b = bearing(pose, p);
  return b === null ? 0 : turnBetween(pose.facing, b);
}

/** The unit's footprint: the engine's unitPolygon, which keeps it beside each unit state already. */
export function footprint(ctx: Ctx, id: string, u: UnitState): Point[] {
  return unitPolygon(ctx, id, u);
}
