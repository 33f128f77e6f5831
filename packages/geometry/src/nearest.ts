import { pointInConvex } from "./convex.js";
import { compareProducts, roundQuotient } from "./exact.js";
import { cross, dot } from "./orient.js";
import { boxesMeet, boxOf, type Point, type Polygon, vertex } from "./point.js";
import { segmentsIntersect } from "./segment.js";

/**
 * The nearest points of two closed convex polygons, EXACTLY: the ruler a
 * board draws and the range a rule decides are one computation. (The float
 * convexDistance is for scoring only.) A polygon may have one vertex (a
 * point) or two (a segment).
 *
 * If the polygons meet, the distance is 0 and the pair is one common
 * point: a vertex of one inside the other, or else (no vertex of either is
 * in the other) a proper crossing of two edges. Otherwise the distance of
 * two disjoint convex polygons is attained with a vertex of one of them, so
 * it is the least of the vertex-to-edge distances both ways. Each is an
 * end of the edge (|w|², an integer) or the foot of the perpendicular, at
 * squared distance (d × w)² / |d|²: every candidate is p·q / l with safe
 * integers p, q, l, and the least is found by exact comparison (a float
 * filter with a proven bound, BigInt when it cannot decide). Ties go to the
 * first candidate in a fixed order (A's vertices onto B's edges, then B's
 * onto A's), so the same input gives the same pair everywhere.
 *
 * Each point is a point of a segment written exactly as from + (num/den)·
 * (to − from): a vertex (num 0), a foot (num = w·d, den = |d|²), a crossing
 * (num = (q − p) × s, den = r × s). roundedPoint rounds it to the tick for a
 * drawing; the decision (nearestWithin) and the distance (ceilDistance) use
 * the exact value.
 */

/** A point of the segment from → to, exactly: from + (num / den)·(to − from), 0 <= num <= den, den > 0. */
export interface SegmentPoint {
  readonly from: Point;
  readonly to: Point;
  readonly num: number;
  readonly den: number;
}

/** A squared distance, exactly: p·q / l, safe integers, p·q >= 0, l > 0. */
export interface SquaredDistance {
  readonly p: number;
  readonly q: number;
  readonly l: number;
}

export interface Nearest {
  /** The point of A nearest to B. */
  readonly onA: SegmentPoint;
  /** The point of B nearest to A (the same point as onA when they meet). */
  readonly onB: SegmentPoint;
  readonly squared: SquaredDistance;
  /** The polygons share a point (touch or overlap): the distance is 0. */
  readonly meet: boolean;
}

const ZERO: SquaredDistance = { p: 0, q: 1, l: 1 };

function at(p: Point): SegmentPoint {
  return { from: p, to: p, num: 0, den: 1 };
}

/** Edges of a polygon: a segment (two vertices) has one, not two. */
function edgeCount(poly: Polygon): number {
  return poly.length === 2 ? 1 : poly.length;
}

// 1 + 2^-40 (exact.ts): a float filter margin far above the 3-product rounding error (about 5 ulps).
const K = 1 + 1 / 1_099_511_627_776;

/** -1, 0 or 1: the sign of x − y for two exact squared distances. */
export function compareSquared(x: SquaredDistance, y: SquaredDistance): number {
  if (x.l === y.l) return compareProducts(x.p, x.q, y.p, y.q);
  // Both sides are non-negative: x.p·x.q·y.l against y.p·y.q·x.l.
  const fx = x.p * x.q * y.l;
  const fy = y.p * y.q * x.l;
  if (fx > fy * K) return 1;
  if (fy > fx * K) return -1;
  const bx = BigInt(x.p) * BigInt(x.q) * BigInt(y.l);
  const by = BigInt(y.p) * BigInt(y.q) * BigInt(x.l);
  return bx < by ? -1 : bx > by ? 1 : 0;
}

/** The distance is at most r (a whole number of ticks): p·q <= r²·l, exactly. */
export function squaredWithin(s: SquaredDistance, r: number): boolean {
  return compareProducts(s.p, s.q, r * r, s.l) <= 0;
}

/** The nearest points are at most r apart: the range test (inclusive, exact). */
export function nearestWithin(n: Nearest, r: number): boolean {
  return n.meet || squaredWithin(n.squared, r);
}

/**
 * The distance rounded UP to a whole tick: the least k with k² >= p·q / l.
 * So for a whole-tick range r, ceilDistance <= r exactly when the distance
 * is within r: a ruler reading this never disagrees with the rule.
 */
export function ceilDistance(s: SquaredDistance): number {
  if (s.p === 0) return 0;
  let k = Math.ceil(Math.sqrt((s.p / s.l) * s.q));
  // k² · l >= p · q, exactly, and (k − 1)² · l < p · q.
  while (k > 0 && compareProducts((k - 1) * (k - 1), s.l, s.p, s.q) >= 0) k--;
  while (compareProducts(k * k, s.l, s.p, s.q) < 0) k++;
  return k;
}

/** The segment point rounded to the nearest tick (halves away from zero), for a drawing. */
export function roundedPoint(s: SegmentPoint): Point {
  if (s.num === 0) return { x: s.from.x, y: s.from.y };
  if (s.num === s.den) return { x: s.to.x, y: s.to.y };
  return {
    x: s.from.x + roundQuotient(s.num, s.to.x - s.from.x, s.den),
    y: s.from.y + roundQuotient(s.num, s.to.y - s.from.y, s.den),
  };
}

/** Whether the segment point lies exactly on a tick (roundedPoint then rounds nothing). */
export function onLattice(s: SegmentPoint): boolean {
  if (s.num === 0 || s.num === s.den) return true;
  const n = BigInt(s.num);
  const d = BigInt(s.den);
  return (n * BigInt(s.to.x - s.from.x)) % d === 0n && (n * BigInt(s.to.y - s.from.y)) % d === 0n;
}

/** The nearest point of the segment e0 → e1 to p, and the squared distance. */
function toEdge(p: Point, e0: Point, e1: Point): { point: SegmentPoint; squared: SquaredDistance } {
  const dx = e1.x - e0.x;
  const dy = e1.y - e0.y;
  const wx = p.x - e0.x;
  const wy = p.y - e0.y;
  const t = dot(wx, wy, dx, dy);
  const len2 = dx * dx + dy * dy;
  if (len2 === 0 || t <= 0) return { point: at(e0), squared: { p: wx * wx + wy * wy, q: 1, l: 1 } };
  if (t >= len2) {
    const ux = p.x - e1.x;
    const uy = p.y - e1.y;
    return { point: at(e1), squared: { p: ux * ux + uy * uy, q: 1, l: 1 } };
  }
  const c = cross(dx, dy, wx, wy);
  return { point: { from: e0, to: e1, num: t, den: len2 }, squared: { p: c, q: c, l: len2 } };
}

/** A point common to two convex polygons, or undefined if they are apart. */
function common(a: Polygon, b: Polygon): { onA: SegmentPoint; onB: SegmentPoint } | undefined {
  if (!boxesMeet(boxOf(a), boxOf(b), 0)) return undefined;
  for (const p of a) if (pointInConvex(p, b)) return { onA: at(p), onB: at(p) };
  for (const q of b) if (pointInConvex(q, a)) return { onA: at(q), onB: at(q) };
  // No vertex of either lies in the other: any meeting of edges is a proper crossing (r × s ≠ 0).
  for (let i = 0; i < edgeCount(a); i++) {
    const p = a[i] as Point;
    const p1 = vertex(a, i + 1);
    for (let j = 0; j < edgeCount(b); j++) {
      const q = b[j] as Point;
      const q1 = vertex(b, j + 1);
      if (!segmentsIntersect(p, p1, q, q1)) continue;
      const rx = p1.x - p.x;
      const ry = p1.y - p.y;
      const sx = q1.x - q.x;
      const sy = q1.y - q.y;
      let den = cross(rx, ry, sx, sy);
      let tn = cross(q.x - p.x, q.y - p.y, sx, sy);
      let un = cross(q.x - p.x, q.y - p.y, rx, ry);
      if (den < 0) {
        den = -den;
        tn = -tn;
        un = -un;
      }
      return {
        onA: { from: p, to: p1, num: tn, den },
        onB: { from: q, to: q1, num: un, den },
      };
    }
  }
  return undefined;
}

/** The nearest points of two closed convex polygons (each with at least one vertex), exactly. */
export function nearestPoints(a: Polygon, b: Polygon): Nearest {
  const meeting = common(a, b);
  if (meeting) return { ...meeting, squared: ZERO, meet: true };
  let best: Nearest | undefined;
  for (const [from, to, aIsVertex] of [
    [a, b, true],
    [b, a, false],
  ] as const) {
    for (const p of from) {
      for (let j = 0; j < edgeCount(to); j++) {
        const c = toEdge(p, to[j] as Point, vertex(to, j + 1));
        if (best && compareSquared(c.squared, best.squared) >= 0) continue;
        best = aIsVertex
          ? { onA: at(p), onB: c.point, squared: c.squared, meet: false }
          : { onA: c.point, onB: at(p), squared: c.squared, meet: false };
      }
    }
  }
  if (!best) throw new RangeError("nearestPoints: a polygon needs at least one vertex");
  return best;
}
