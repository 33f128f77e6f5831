import { segmentsWithin, segmentWithin } from "./distance.js";
import { orient } from "./orient.js";
import { boxesMeet, boxOf, type Point, type Polygon, vertex } from "./point.js";

/**
 * Convex polygons (bases, sweeps), in either orientation, at least one
 * vertex. Closed sets: the boundary belongs to the polygon. A polygon with
 * one or two vertices is a point or a segment, and every predicate here
 * still answers for that set.
 */

/**
 * p lies in the closed convex polygon: no two edges see it on opposite
 * sides. Orientation-free, so it holds for clockwise input too; a point on
 * an edge's line but outside a degenerate (collinear) polygon is caught by
 * the edge box test.
 */
export function pointInConvex(p: Point, poly: Polygon): boolean {
  const n = poly.length;
  if (n === 1) {
    const a = poly[0] as Point;
    return a.x === p.x && a.y === p.y;
  }
  let pos = false;
  let neg = false;
  for (let i = 0; i < n; i++) {
    const s = orient(poly[i] as Point, vertex(poly, i + 1), p);
    if (s > 0) pos = true;
    else if (s < 0) neg = true;
    if (pos && neg) return false;
  }
  if (pos || neg) return true;
  // Every edge collinear with p: the polygon is flat; p must lie within its extent.
  const b = boxOf(poly);
  return b.minX <= p.x && p.x <= b.maxX && b.minY <= p.y && p.y <= b.maxY;
}

/** The distance from p to the closed convex polygon is at most r (0 inside). */
export function pointConvexWithin(p: Point, poly: Polygon, r: number): boolean {
  if (pointInConvex(p, poly)) return true;
  const n = poly.length;
  for (let i = 0; i < n; i++) if (segmentWithin(p, poly[i] as Point, vertex(poly, i + 1), r)) return true;
  return false;
}

/** The distance from the closed segment ab to the closed convex polygon is at most r. */
export function segmentConvexWithin(a: Point, b: Point, poly: Polygon, r: number): boolean {
  if (pointInConvex(a, poly)) return true;
  const n = poly.length;
  for (let i = 0; i < n; i++) if (segmentsWithin(a, b, poly[i] as Point, vertex(poly, i + 1), r)) return true;
  return false;
}

/**
 * The distance between two closed convex polygons is at most r (0 when they
 * touch or overlap). Exact: either one contains a vertex of the other (then
 * they meet), or else, if they meet at all, their boundaries do, and the
 * distance of two disjoint convex polygons is that of their nearest edges.
 */
export function convexWithin(a: Polygon, b: Polygon, r: number): boolean {
  if (!boxesMeet(boxOf(a), boxOf(b), r)) return false;
  const n = a.length;
  const m = b.length;
  for (let i = 0; i < n; i++) {
    const p = a[i] as Point;
    const q = vertex(a, i + 1);
    for (let j = 0; j < m; j++) if (segmentsWithin(p, q, b[j] as Point, vertex(b, j + 1), r)) return true;
  }
  return pointInConvex(a[0] as Point, b) || pointInConvex(b[0] as Point, a);
}

/** Every vertex (hence the whole convex polygon) lies in the closed box: "on the table". */
export function insideRect(poly: Polygon, minX: number, minY: number, maxX: number, maxY: number): boolean {
  for (const p of poly) if (p.x < minX || p.x > maxX || p.y < minY || p.y > maxY) return false;
  return true;
}
