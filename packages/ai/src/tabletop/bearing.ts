import { cross, direction, dot, type Point } from "@tercio/geometry";

/**
 * The facing (centidegrees, 0 north, clockwise) of the line from `from` to
 * `to`, to the centidegree, or null when they are the same point: the octant
 * by signs, then a bisection on the kernel's direction (cross products only),
 * so that every tabletop player turns to the same bearing on every machine.
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
