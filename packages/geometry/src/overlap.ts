import { boxOf, type Point, type Polygon, vertex } from "./point.js";

/**
 * Do the interiors of two convex polygons intersect? Touching along an edge
 * or at a corner is not overlap: bases in contact are legal.
 *
 * Exact separating-axis test. Two convex polygons have disjoint interiors
 * if and only if some line separates them weakly (each in one closed
 * half-plane), and such a line can be taken through an edge of one of them.
 * So the interiors overlap iff, on the normal of every edge of both, the
 * two projections overlap with positive length. The normal of edge pq is
 * (q − p) turned a quarter, an integer vector; projections are dot products
 * of it with vertices relative to p: differences <= 2^23, so each product
 * <= 2^46 and the sum <= 2^47, exact. A polygon of zero area has an empty
 * interior and overlaps nothing.
 */
export function interiorsOverlap(a: Polygon, b: Polygon): boolean {
  const ba = boxOf(a);
  const bb = boxOf(b);
  // Boxes meeting only at their boundary leave the interiors apart.
  if (ba.minX >= bb.maxX || bb.minX >= ba.maxX || ba.minY >= bb.maxY || bb.minY >= ba.maxY) return false;
  return !separatedByEdgeOf(a, b) && !separatedByEdgeOf(b, a);
}

/** Some edge of `a` has, on its normal, the projection of `b` at or beyond that of `a` (or `a` is flat). */
function separatedByEdgeOf(a: Polygon, b: Polygon): boolean {
  const n = a.length;
  if (n < 3) return true;
  for (let i = 0; i < n; i++) {
    const p = a[i] as Point;
    const q = vertex(a, i + 1);
    const nx = p.y - q.y;
    const ny = q.x - p.x;
    let aMin = 0;
    let aMax = 0;
    for (let k = 0; k < n; k++) {
      const v = a[k] as Point;
      const s = nx * (v.x - p.x) + ny * (v.y - p.y);
      if (s < aMin) aMin = s;
      if (s > aMax) aMax = s;
    }
    // The edge's own line projects to 0; a flat polygon projects to a single value on every normal.
    if (aMin === aMax) return true;
    let bMin = Number.POSITIVE_INFINITY;
    let bMax = Number.NEGATIVE_INFINITY;
    for (const v of b) {
      const s = nx * (v.x - p.x) + ny * (v.y - p.y);
      if (s < bMin) bMin = s;
      if (s > bMax) bMax = s;
    }
    if (bMax <= aMin || bMin >= aMax) return true;
  }
  return false;
}
