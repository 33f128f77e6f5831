import { normalizeCdeg } from "./angle.js";
import { scaledDirection } from "./direction.js";
import { cross } from "./orient.js";
import type { Point } from "./point.js";

/**
 * "Within θ of the facing", read from one point (the wedge arc of research
 * §1). The wedge's edges are the rays from the apex along
 * scaledDirection(facing ∓ halfWidth, 2^24): integer vectors of length
 * 2^24 ticks, so an edge is within 0.71 tick of the true ray at 2^24 ticks
 * out, an angle error below 5e-8 radians (the rounded rays ARE the wedge's
 * edges: a rule decided on them is the same everywhere). Each side test is
 * a cross product of a ray (<= 2^24) and a table-point difference (<= 2^23):
 * below 2^48, exact.
 *
 * halfWidth in [0, 18000] centidegrees. Up to 9000 the wedge is the
 * intersection of two half-planes, beyond it the union (a reflex wedge);
 * 18000 is the whole plane. `inclusive` puts the edge rays (and the apex)
 * in the wedge; otherwise both are out.
 */
const RAY = 16_777_216;

export function inWedge(
  apex: Point,
  facing: number,
  halfWidth: number,
  p: Point,
  inclusive: boolean,
): boolean {
  if (!Number.isInteger(halfWidth) || halfWidth < 0 || halfWidth > 18000) {
    throw new RangeError(`inWedge: half-width ${halfWidth} must be whole centidegrees from 0 to 18000`);
  }
  const f = normalizeCdeg(facing);
  const dx = p.x - apex.x;
  const dy = p.y - apex.y;
  if (halfWidth === 18000) return inclusive || dx !== 0 || dy !== 0;
  const l = scaledDirection(f - halfWidth, RAY);
  const r = scaledDirection(f + halfWidth, RAY);
  // Clockwise of the left edge (cross <= 0) and anticlockwise of the right (cross >= 0).
  const cl = cross(l.x, l.y, dx, dy);
  const cr = cross(r.x, r.y, dx, dy);
  const inLeft = inclusive ? cl <= 0 : cl < 0;
  const inRight = inclusive ? cr >= 0 : cr > 0;
  if (halfWidth === 0) {
    // A single ray: on the line, forwards.
    const fwd = l.x * dx + l.y * dy;
    return inclusive && cl === 0 && fwd >= 0;
  }
  if (halfWidth < 9000) return inLeft && inRight;
  if (halfWidth === 9000) {
    // A half-plane: the two edges are opposite rays on one line.
    return inclusive ? cl <= 0 : cl < 0;
  }
  return inLeft || inRight;
}
