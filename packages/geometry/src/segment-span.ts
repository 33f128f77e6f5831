import { compareFractions } from "./exact.js";
import { assertDistance, type Point, type Polygon, vertex } from "./point.js";
import { polygonOrientation } from "./polygon.js";

/**
 * Where a sight segment runs inside a convex polygon, and how long that
 * part is: "units may see 4" into woods", "half of a side must be visible".
 * Parameters along P(t) = a + t(b − a) are exact fractions, never doubles,
 * so a sight line that enters exactly at a corner or runs exactly 4" inside
 * goes where the rule says.
 */

/** An exact rational num / den, safe integers, den > 0. */
export interface Fraction {
  readonly num: number;
  readonly den: number;
}

/** The parameters t of a + t(b − a) in [t0, t1], 0 <= t0 < t1 <= 1, in lowest terms. */
export interface ParameterSpan {
  readonly t0: Fraction;
  readonly t1: Fraction;
}

/** A parameter interval [lo, hi] being narrowed by Cyrus–Beck constraints; each end a fraction with den > 0. */
export interface Clip {
  loN: number;
  loD: number;
  hiN: number;
  hiD: number;
}

/** The whole segment: t in [0, 1]. */
export function fullClip(): Clip {
  return { loN: 0, loD: 1, hiN: 1, hiD: 1 };
}

/**
 * Keeps the t of the clip with e + t·f <= 0. When f = 0 the constraint is
 * the same for every t: the answer is whether it holds (e <= 0), the clip
 * unchanged. Otherwise the bound −e/f replaces the end it tightens; e and f
 * are safe integers whose ratios compareFractions compares exactly.
 */
export function clipBy(c: Clip, e: number, f: number): boolean {
  if (f === 0) return e <= 0;
  if (f > 0) {
    // t <= −e/f
    if (compareFractions(-e, f, c.hiN, c.hiD) < 0) {
      c.hiN = -e;
      c.hiD = f;
    }
  } else if (compareFractions(e, -f, c.loN, c.loD) > 0) {
    // t >= e/(−f)
    c.loN = e;
    c.loD = -f;
  }
  return true;
}

/**
 * The closed span of t in [0, 1] where P(t) lies in the closed convex
 * polygon, or null unless the segment meets the polygon's INTERIOR. Each
 * edge pq with outward normal n gives e + t·f <= 0, e = n·(a − p), f = n·(b − a):
 * dot products of table-point differences (< 2^48, safe integers).
 *
 * The segment meets the interior exactly when the strict constraints hold
 * for some t. For an edge not parallel to ab that is the same as the closed
 * bound with lo < hi (any t strictly between is strictly inside that
 * half-plane); an edge parallel to ab (f = 0) must have a strictly inside
 * (e < 0), else ab runs along the edge or outside it. When the interior is
 * met, the closed span is the closure of the open one, so [lo, hi] is the
 * answer. `ccw` names the polygon's orientation (the sign of the normals).
 */
export function clipToConvex(a: Point, b: Point, poly: Polygon, ccw: boolean): Clip | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const c = fullClip();
  const s = ccw ? 1 : -1;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i] as Point;
    const q = vertex(poly, i + 1);
    // Outward normal of edge pq.
    const nx = s * (q.y - p.y);
    const ny = s * (p.x - q.x);
    const e = nx * (a.x - p.x) + ny * (a.y - p.y); // n·(a − p): < 0 strictly inside
    const f = nx * dx + ny * dy; // its rate along the segment
    if (f === 0 && e >= 0) return null;
    clipBy(c, e, f);
  }
  return compareFractions(c.loN, c.loD, c.hiN, c.hiD) < 0 ? c : null;
}

function gcd(x: number, y: number): number {
  let p = x < 0 ? -x : x;
  let q = y;
  while (q !== 0) {
    const r = p % q;
    p = q;
    q = r;
  }
  return p;
}

/** num / den in lowest terms (den > 0): % on safe integers is exact, so Euclid is too. */
function reduced(num: number, den: number): Fraction {
  const g = gcd(num, den);
  return { num: num / g + 0, den: den / g };
}

/**
 * The parameter span of ab inside the CLOSED convex polygon (either
 * orientation), returned only when ab meets the polygon's INTERIOR: a
 * segment touching a vertex, running along an edge, or outside, gives null
 * (a sight line grazing a wood's edge is not in the wood). A segment wholly
 * inside gives t0 = 0/1, t1 = 1/1; a point (a = b) strictly inside counts
 * as wholly inside. Fractions in lowest terms. A polygon with fewer than
 * three vertices or no area has no interior: null.
 */
export function spanInConvex(a: Point, b: Point, poly: Polygon): ParameterSpan | null {
  const o = poly.length < 3 ? 0 : polygonOrientation(poly);
  if (o === 0) return null;
  const c = clipToConvex(a, b, poly, o > 0);
  if (!c) return null;
  return { t0: reduced(c.loN, c.loD), t1: reduced(c.hiN, c.hiD) };
}

/**
 * (to − from)·|b − a| <= r, exactly (inclusive): the length of the part of
 * ab between two parameters, against a whole-tick distance. With
 * to − from = N / M (N = to.num·from.den − from.num·to.den, M = to.den·
 * from.den), a negative or zero N is within any r; otherwise the test is
 * N²·|b − a|² <= r²·M². In BigInt because N and M reach 2^97 for spans of
 * dot products and their squares 2^240; this runs once per sight line, not
 * in an inner loop, so no float filter is worth its proof.
 */
export function spanLengthWithin(a: Point, b: Point, from: Fraction, to: Fraction, r: number): boolean {
  assertDistance(r, "spanLengthWithin");
  if (!(from.den > 0 && to.den > 0)) throw new RangeError("spanLengthWithin: a fraction needs den > 0");
  const n = BigInt(to.num) * BigInt(from.den) - BigInt(from.num) * BigInt(to.den);
  if (n <= 0n) return true;
  const m = BigInt(to.den) * BigInt(from.den);
  const dx = BigInt(b.x - a.x);
  const dy = BigInt(b.y - a.y);
  const rr = BigInt(r);
  return n * n * (dx * dx + dy * dy) <= rr * rr * m * m;
}
