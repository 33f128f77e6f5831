import { compareProducts } from "./exact.js";
import { cross, distanceSq, dot } from "./orient.js";
import type { Point } from "./point.js";
import { segmentsIntersect } from "./segment.js";

/**
 * Range predicates: is the distance at most r? All inclusive (d <= r) and
 * exact. Points are table points and r a whole number of ticks up to
 * MAX_DISTANCE = 2^24 (point.ts), so r² <= 2^48 is exact, as is every
 * squared distance (<= 2^47). Callers wanting "more than r" negate.
 */

/** |p − q| <= r, as |p − q|² <= r² on integers. */
export function withinDistance(p: Point, q: Point, r: number): boolean {
  return distanceSq(p, q) <= r * r;
}

/** |(dx, dy)| <= allowance: the exact test of a straight move's length against its allowance. */
export function lengthWithin(dx: number, dy: number, allowance: number): boolean {
  return dx * dx + dy * dy <= allowance * allowance;
}

/**
 * The distance from p to the closed segment ab is at most r.
 *
 * With d = b − a and w = p − a: if w·d <= 0 the nearest point is a, if
 * w·d >= |d|² it is b, and otherwise it is the foot of the perpendicular,
 * at distance |d × w| / |d|. The last case compares (d × w)² with r²·|d|²:
 * both up to about 2^95, so compareProducts (exact.ts) decides it.
 */
export function segmentWithin(p: Point, a: Point, b: Point, r: number): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const wx = p.x - a.x;
  const wy = p.y - a.y;
  const r2 = r * r;
  const t = dot(wx, wy, dx, dy);
  if (t <= 0) return wx * wx + wy * wy <= r2;
  const len2 = dx * dx + dy * dy;
  if (t >= len2) return distanceSq(p, b) <= r2;
  const c = cross(dx, dy, wx, wy);
  return compareProducts(c, c, r2, len2) <= 0;
}

/**
 * The distance between the closed segments ab and cd is at most r: 0 if
 * they meet, otherwise the least of the four end-to-segment distances (the
 * nearest points of two disjoint segments include an end of one of them).
 */
export function segmentsWithin(a: Point, b: Point, c: Point, d: Point, r: number): boolean {
  return (
    segmentsIntersect(a, b, c, d) ||
    segmentWithin(a, c, d, r) ||
    segmentWithin(b, c, d, r) ||
    segmentWithin(c, a, b, r) ||
    segmentWithin(d, a, b, r)
  );
}
