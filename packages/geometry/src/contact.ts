import { compareFractions, roundFraction, roundQuotient } from "./exact.js";
import { interiorsOverlap } from "./overlap.js";
import { type Point, type Polygon, translatePolygon, vertex } from "./point.js";
import { polygonOrientation } from "./polygon.js";

/**
 * First contact of a translating convex polygon (a charge).
 *
 * A + t·v meets B iff t·v lies in the Minkowski difference M = B − A =
 * {q − p}, a convex polygon whose edge normals are B's outward normals and
 * A's inward ones, so M = ∩ {x : n·x <= h(n)} over those n, with
 * h(n) = max_B n·q − min_A n·p. The interiors overlap iff t·v is in the
 * interior, where every inequality is strict. Along the ray each n gives
 * t·(n·v) < h(n): a lower bound on t where n·v < 0, an upper bound where
 * n·v > 0, and where n·v = 0 either nothing (h > 0) or no overlap ever
 * (h <= 0). The motion is BLOCKED from t* = max(0, lower bounds) if
 * t* < min(upper bounds): the first instant after which the interiors
 * would overlap. A touch that is never followed by overlap (a glancing
 * corner, sliding along a neighbour's side, touching at the start and
 * moving away) is not a contact. The move meets B if t* <= 1; t* = 1 is a
 * move that ends exactly in contact.
 *
 * Exactness. With vertices relative to A's first vertex, n and the
 * differences are at most 2^23, so n·q and h are below 2^48, n·v below 2^47,
 * and t* is a fraction of two safe integers; fractions are compared by
 * compareFractions (exact.ts).
 *
 * The contact's kind, from the constraints tight at t*: two or more
 * directions mean t*·v is a vertex of M, the sum of a vertex of B and one
 * of −A: "corner-corner". One direction n is an edge of M; B's face along n
 * and A's face along −n are then an edge and a vertex ("corner-edge") or
 * two edges overlapping with positive length ("edge-edge").
 *
 * The displacement. t*·v is rarely a lattice vector. With L = max(|vx|, |vy|)
 * the candidates are d_k = round((t* − k/L)·v), k = 0, 1, ...: lattice
 * points near the path, each step back moving at most a tick per axis.
 * The answer is the first free one of k = 0 to 3, or else, by doubling k
 * and then bisecting, a free k whose k − 1 overlaps (s <= 0 is the start,
 * free by assumption, so a free k exists). Either d_0, within 0.71 tick of
 * the contact position, is free, or one step further along v (d_{k−1})
 * overlaps and |d_k − d_{k−1}| <= 2 ticks per axis: the gap left between A
 * and B is at most 2√2 < 3 ticks. (The overlap test does not have to be
 * monotone in k for this.)
 */

export type Touching = "edge-edge" | "corner-edge" | "corner-corner";

export interface Contact {
  /** The first-contact parameter t* = num / den in lowest terms (den > 0), 0 <= t* <= 1. */
  readonly t: { readonly num: number; readonly den: number };
  /** The lattice displacement along v just short of contact: A + displacement does not overlap. */
  readonly displacement: Point;
  readonly touching: Touching;
  /** The edge of B (from vertex i to i + 1) touched, when B's side of the contact is an edge. */
  readonly contactEdgeOfB?: number;
}

interface Normal {
  readonly x: number;
  readonly y: number;
  /** The edge of B it belongs to, or -1 for an edge of A. */
  readonly edgeOfB: number;
}

function normals(a: Polygon, b: Polygon): Normal[] {
  const out: Normal[] = [];
  const push = (poly: Polygon, outward: boolean, isB: boolean) => {
    // (q − p) turned clockwise is outward for a counter-clockwise polygon.
    const sign = polygonOrientation(poly) > 0 === outward ? 1 : -1;
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i] as Point;
      const q = vertex(poly, i + 1);
      if (p.x === q.x && p.y === q.y) continue;
      out.push({ x: sign * (q.y - p.y), y: sign * (p.x - q.x), edgeOfB: isB ? i : -1 });
    }
  };
  push(b, true, true);
  push(a, false, false);
  return out;
}

interface Hit {
  readonly num: number;
  readonly den: number;
  readonly active: readonly Normal[];
}

/** t* and the tight constraints, or null if A + t·v never overlaps B for t in [0, 1]. */
function contactTime(a: Polygon, v: Point, b: Polygon): Hit | null {
  if (v.x === 0 && v.y === 0) return null;
  const o = a[0] as Point;
  let loN = 0;
  let loD = 1;
  let active: Normal[] = [];
  let hiN = 1;
  let hiD = 0; // +infinity
  for (const n of normals(a, b)) {
    let hb = Number.NEGATIVE_INFINITY;
    for (const q of b) hb = Math.max(hb, n.x * (q.x - o.x) + n.y * (q.y - o.y));
    let la = Number.POSITIVE_INFINITY;
    for (const p of a) la = Math.min(la, n.x * (p.x - o.x) + n.y * (p.y - o.y));
    const h = hb - la;
    const nv = n.x * v.x + n.y * v.y;
    if (nv === 0) {
      if (h <= 0) return null;
    } else if (nv < 0) {
      const c = compareFractions(-h, -nv, loN, loD);
      if (c > 0) {
        loN = -h;
        loD = -nv;
        active = [n];
      } else if (c === 0) active.push(n);
    } else if (hiD === 0 || compareFractions(h, nv, hiN, hiD) < 0) {
      hiN = h;
      hiD = nv;
    }
  }
  if (hiD !== 0 && compareFractions(loN, loD, hiN, hiD) >= 0) return null;
  if (compareFractions(loN, loD, 1, 1) > 0) return null;
  if (active.length === 0) throw new RangeError("firstContact: the polygons overlap at the start");
  return { num: loN, den: loD, active };
}

function sameDirection(a: Normal, b: Normal): boolean {
  return a.x * b.y - a.y * b.x === 0 && a.x * b.x + a.y * b.y > 0;
}

function classify(_a: Polygon, _b: Polygon, hit: Hit): { touching: Touching; edge: number } {
  const first = hit.active[0] as Normal;
  if (hit.active.some((n) => !sameDirection(n, first))) return { touching: "corner-corner", edge: -1 };
  const edge = hit.active.find((n) => n.edgeOfB >= 0)?.edgeOfB ?? -1;
  const fromA = hit.active.some((n) => n.edgeOfB < 0);
  if (edge >= 0 && fromA) return { touching: "edge-edge", edge };
  return { touching: "corner-edge", edge };
}

function displacementAt(v: Point, num: number, den: number, k: number): Point {
  // k = 0, the usual answer: round(t*·v) without BigInt.
  if (k === 0) return { x: roundQuotient(num, v.x, den), y: roundQuotient(num, v.y, den) };
  const l = BigInt(Math.max(Math.abs(v.x), Math.abs(v.y)));
  // s = t* − k/L = (num·L − k·den) / (den·L), clamped at 0 (the start).
  let sn = BigInt(num) * l - BigInt(k) * BigInt(den);
  if (sn < 0n) sn = 0n;
  const sd = BigInt(den) * l;
  return { x: roundFraction(sn * BigInt(v.x), sd) + 0, y: roundFraction(sn * BigInt(v.y), sd) + 0 };
}

/** A displacement d_k clear of every obstacle, with d_{k−1} not (see the file's comment). */
function backOff(a: Polygon, v: Point, num: number, den: number, obstacles: readonly Polygon[]): Point {
  const blocked = (k: number) => {
    const moved = translatePolygon(a, displacementAt(v, num, den, k));
    return obstacles.some((b) => interiorsOverlap(moved, b));
  };
  let k = 0;
  while (k <= 3) {
    if (!blocked(k)) return displacementAt(v, num, den, k);
    k++;
  }
  // blocked(lo) holds; find a free hi by doubling (s reaches 0, the start, eventually).
  let lo = 3;
  let hi = 8;
  const l = Math.max(Math.abs(v.x), Math.abs(v.y));
  const last = Math.ceil((num * l) / den) + 1;
  while (hi < last && blocked(hi)) {
    lo = hi;
    hi *= 2;
  }
  if (hi >= last) hi = last;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (blocked(mid)) lo = mid;
    else hi = mid;
  }
  return displacementAt(v, num, den, hi);
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** Where the convex polygon A, moved by v, first meets the convex obstacle B (interiors apart at the start). */
export function firstContact(a: Polygon, v: Point, b: Polygon): Contact | null {
  const hit = contactTime(a, v, b);
  if (!hit) return null;
  return makeContact(a, v, b, hit, [b]);
}

function makeContact(a: Polygon, v: Point, b: Polygon, hit: Hit, obstacles: readonly Polygon[]): Contact {
  const { touching, edge } = classify(a, b, hit);
  const displacement = backOff(a, v, hit.num, hit.den, obstacles);
  const g = gcd(Math.abs(hit.num), hit.den);
  const t = { num: hit.num / g + 0, den: hit.den / g };
  return edge >= 0 && touching !== "corner-corner"
    ? { t, displacement, touching, contactEdgeOfB: edge }
    : { t, displacement, touching };
}

/**
 * The earliest contact among several obstacles (ties to the lowest index),
 * its displacement clear of all of them; null if none is met.
 */
export function firstContactAmong(
  a: Polygon,
  v: Point,
  obstacles: readonly Polygon[],
): (Contact & { readonly index: number }) | null {
  let best: Hit | null = null;
  let index = -1;
  for (let i = 0; i < obstacles.length; i++) {
    const hit = contactTime(a, v, obstacles[i] as Polygon);
    if (hit && (!best || compareFractions(hit.num, hit.den, best.num, best.den) < 0)) {
      best = hit;
      index = i;
    }
  }
  if (!best) return null;
  return { ...makeContact(a, v, obstacles[index] as Polygon, best, obstacles), index };
}
