import { convexWithin, orient, type Point, type Polygon, segmentConvexWithin } from "@tercio/geometry";

/**
 * Line of Sight I at its limit: two blockers that touch (or overlap) leave
 * no gap at all, the narrowest gap there is. The kernel's throughGap leaves
 * them to its caller ("the caller treats them as one"): a sight line that
 * grazes both without entering either, one on either side of it, runs
 * through the point or edge where they meet (the seam between two bases
 * side by side), and is blocked. A line grazing both from the same side
 * (along the front edges of two units in line) passes them by.
 */
export function throughSeam(a: Point, b: Point, p: Polygon, q: Polygon): boolean {
  if (!convexWithin(p, q, 0)) return false;
  if (!segmentConvexWithin(a, b, p, 0) || !segmentConvexWithin(a, b, q, 0)) return false;
  const sp = sidesOf(a, b, p);
  const sq = sidesOf(a, b, q);
  return (sp.hi <= 0 && sq.lo >= 0) || (sp.lo >= 0 && sq.hi <= 0);
}

/** The least and greatest orientation of the polygon's vertices about the line ab. */
function sidesOf(a: Point, b: Point, poly: Polygon): { lo: number; hi: number } {
  let lo = 1;
  let hi = -1;
  for (const v of poly) {
    const o = orient(a, b, v);
    lo = Math.min(lo, o);
    hi = Math.max(hi, o);
  }
  return { lo, hi };
}
