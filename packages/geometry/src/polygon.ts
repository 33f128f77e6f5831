import { orient } from "./orient.js";
import { type Point, type Polygon, vertex } from "./point.js";
import { onSegment } from "./segment.js";

/**
 * Simple polygons (terrain: woods, towns, marsh, lakes, hills), convex or
 * not, in either orientation, at least three vertices, no self-crossing.
 */

export type PointLocation = "inside" | "boundary" | "outside";

/**
 * Where p lies: exact. The boundary is found by `onSegment` per edge; away
 * from it, the winding number (Sunday's form: an upward edge with p
 * strictly left counts +1, a downward edge with p strictly right −1, edges
 * taken as half-open in y so a vertex at p's height counts once) is
 * non-zero exactly when p is inside. Every test is an orientation sign.
 */
export function pointInPolygon(p: Point, poly: Polygon): PointLocation {
  const n = poly.length;
  let wn = 0;
  for (let i = 0; i < n; i++) {
    const a = poly[i] as Point;
    const b = vertex(poly, i + 1);
    if (onSegment(p, a, b)) return "boundary";
    if (a.y <= p.y) {
      if (b.y > p.y && orient(a, b, p) > 0) wn++;
    } else if (b.y <= p.y && orient(a, b, p) < 0) wn--;
  }
  return wn !== 0 ? "inside" : "outside";
}

/**
 * 1 if the simple polygon runs counter-clockwise, -1 if clockwise, 0 if it
 * is flat. Read at the lowest (then leftmost) vertex, which is convex, so
 * the turn there is the polygon's: exact, unlike a sum of n cross products
 * that could pass 2^53.
 */
export function polygonOrientation(poly: Polygon): number {
  let k = 0;
  for (let i = 1; i < poly.length; i++) {
    const v = poly[i] as Point;
    const w = poly[k] as Point;
    if (v.y < w.y || (v.y === w.y && v.x < w.x)) k = i;
  }
  return orient(vertex(poly, k - 1), poly[k] as Point, vertex(poly, k + 1));
}
