import type { SegmentPoint } from "../nearest.js";
import type { Point } from "../point.js";

/**
 * Rational points in BigInt for test oracles: (x / d, y / d), d > 0. Every
 * sign below is computed on numerators over a positive common denominator,
 * so nothing is rounded.
 */
export interface RPoint {
  readonly x: bigint;
  readonly y: bigint;
  readonly d: bigint;
}

export const rational = (p: Point): RPoint => ({ x: BigInt(p.x), y: BigInt(p.y), d: 1n });

/** a + (num / den)·(b − a), den > 0. */
export function atParameter(a: Point, b: Point, num: bigint, den: bigint): RPoint {
  return {
    x: BigInt(a.x) * den + num * BigInt(b.x - a.x),
    y: BigInt(a.y) * den + num * BigInt(b.y - a.y),
    d: den,
  };
}

export const fromSegmentPoint = (s: SegmentPoint): RPoint =>
  atParameter(s.from, s.to, BigInt(s.num), BigInt(s.den));

/** p + (q − p) for rational points: p + v where v = q − r. */
export function plus(p: RPoint, q: RPoint, r: RPoint): RPoint {
  const d = p.d * q.d * r.d;
  return {
    x: p.x * q.d * r.d + (q.x * r.d - r.x * q.d) * p.d,
    y: p.y * q.d * r.d + (q.y * r.d - r.y * q.d) * p.d,
    d,
  };
}

const sign = (v: bigint): number => (v > 0n ? 1 : v < 0n ? -1 : 0);

/** (p − o) as numerators over o.d·p.d. */
const diff = (p: RPoint, o: RPoint) => ({ x: p.x * o.d - o.x * p.d, y: p.y * o.d - o.y * p.d });

/** The sign of (b − a) × (c − a). */
export function orientR(a: RPoint, b: RPoint, c: RPoint): number {
  const u = diff(b, a);
  const v = diff(c, a);
  return sign(u.x * v.y - u.y * v.x);
}

/** The sign of (c − a)·(c − b): ≤ 0 when c (collinear) lies on the closed segment ab. */
function betweenR(c: RPoint, a: RPoint, b: RPoint): boolean {
  const u = diff(c, a);
  const v = diff(c, b);
  return sign(u.x * v.x + u.y * v.y) <= 0;
}

/** The closed segments ab and cd share a point. */
export function segmentsMeetR(a: RPoint, b: RPoint, c: RPoint, d: RPoint): boolean {
  const o1 = orientR(a, b, c);
  const o2 = orientR(a, b, d);
  const o3 = orientR(c, d, a);
  const o4 = orientR(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return (
    (o1 === 0 && betweenR(c, a, b)) ||
    (o2 === 0 && betweenR(d, a, b)) ||
    (o3 === 0 && betweenR(a, c, d)) ||
    (o4 === 0 && betweenR(b, c, d))
  );
}

/** The least orientation sign of p against the edges of the counter-clockwise polygon: 1 strictly inside, 0 on the boundary, −1 outside. */
export function convexSide(p: RPoint, ccw: readonly Point[]): number {
  let least = 1;
  for (let i = 0; i < ccw.length; i++) {
    const s = orientR(rational(ccw[i] as Point), rational(ccw[(i + 1) % ccw.length] as Point), p);
    if (s < least) least = s;
  }
  return least;
}
