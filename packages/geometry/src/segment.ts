import { orient } from "./orient.js";
import type { Point } from "./point.js";

/**
 * Segment incidence by orientation signs alone: exact on table points
 * (orient.ts). A segment may be degenerate (a = b): it is then the point.
 */

/** True if p lies on the closed segment ab, given that p, a and b are collinear. */
function withinBox(p: Point, a: Point, b: Point): boolean {
  return (
    Math.min(a.x, b.x) <= p.x &&
    p.x <= Math.max(a.x, b.x) &&
    Math.min(a.y, b.y) <= p.y &&
    p.y <= Math.max(a.y, b.y)
  );
}

/** True if p lies on the closed segment ab. */
export function onSegment(p: Point, a: Point, b: Point): boolean {
  return orient(a, b, p) === 0 && withinBox(p, a, b);
}

/** True if the closed segments ab and cd share at least one point. */
export function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return (
    (o1 === 0 && withinBox(c, a, b)) ||
    (o2 === 0 && withinBox(d, a, b)) ||
    (o3 === 0 && withinBox(a, c, d)) ||
    (o4 === 0 && withinBox(b, c, d))
  );
}

/**
 * True if ab and cd cross at a single point interior to both: each
 * segment's ends strictly on opposite sides of the other's line.
 */
export function segmentsCrossProperly(a: Point, b: Point, c: Point, d: Point): boolean {
  return orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0;
}
