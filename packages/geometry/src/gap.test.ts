import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { basePolygon } from "./base.js";
import { compareProducts } from "./exact.js";
import { throughGap } from "./gap.js";
import { convexHull } from "./hull.js";
import { compareSquared, nearestPoints, roundedPoint } from "./nearest.js";
import type { Point, Polygon } from "./point.js";
import { fromSegmentPoint, orientR, type RPoint, rational, segmentsMeetR } from "./test-support/rational.js";
import { inches } from "./units.js";

const P = (x: number, y: number): Point => ({ x, y });
const box = (x0: number, y0: number, x1: number, y1: number): Polygon => [
  P(x0, y0),
  P(x1, y0),
  P(x1, y1),
  P(x0, y1),
];
const FOUR = inches(4);
/** A 2" square at the origin and one `gap` ticks to its right, level with it. */
const SQ = box(0, 0, inches(2), inches(2));
const beside = (gap: number) => box(inches(2) + gap, 0, inches(4) + gap, inches(2));

describe("throughGap: golden", () => {
  it("a gap of exactly 4 inches is wide enough; one tick less blocks", () => {
    const a = P(inches(2) + 100, -50000);
    const b = P(inches(2) + 100, 50000);
    expect(throughGap(a, b, SQ, beside(FOUR), FOUR)).toBe(false);
    expect(throughGap(a, b, SQ, beside(FOUR - 1), FOUR)).toBe(true);
  });

  it("between two squared-up sides every nearest pair is a bridge: the whole strip is the gap", () => {
    const q = beside(inches(3));
    const n = nearestPoints(SQ, q);
    // nearestPoints reports one pair, at a corner of the strip ...
    expect([0, inches(2)]).toContain(roundedPoint(n.onA).y);
    // ... but a sight line through the middle of the strip, far from that pair, is in the gap too.
    const a = P(inches(3), -50000);
    const b = P(inches(3), 50000);
    expect(throughGap(a, b, SQ, q, FOUR)).toBe(true);
    expect(throughGap(b, a, q, SQ, FOUR)).toBe(true);
    // Stopping short of the strip, or passing beyond its end, is not; touching its end is (closed).
    expect(throughGap(P(inches(3), -50000), P(inches(3), -1), SQ, q, FOUR)).toBe(false);
    expect(throughGap(P(inches(3), inches(2) + 1), P(inches(3), 50000), SQ, q, FOUR)).toBe(false);
    expect(throughGap(P(inches(3), inches(2)), P(inches(3), 50000), SQ, q, FOUR)).toBe(true);
  });

  it("a sight line passing between the blockers away from the bridge, where the gap widens, is not through it", () => {
    // A wedge pointing at a square's side: the bridge runs from its tip (12000, 0) to (20000, 0), 8000 long.
    const wedge = [P(0, -5000), P(12000, 0), P(0, 5000)];
    const block = box(20000, -10000, 30000, 10000);
    expect(throughGap(P(16000, -100), P(16000, 100), wedge, block, FOUR)).toBe(true);
    expect(throughGap(P(16000, 0), P(16000, 10000), wedge, block, FOUR)).toBe(true);
    expect(throughGap(P(16000, 1), P(16000, 10000), wedge, block, FOUR)).toBe(false);
    expect(throughGap(P(16000, 1), P(16000, 10000), block, wedge, FOUR)).toBe(false);
  });

  it("diagonal squares: the bridge joins their near corners; its length is irrational", () => {
    const p = box(0, 0, 10000, 10000);
    const q = box(20000, 20000, 30000, 30000); // 10000·√2 ≈ 14142.1 apart
    expect(throughGap(P(-5000, 15000), P(12000, 15000), p, q, FOUR)).toBe(false);
    expect(throughGap(P(-5000, 15000), P(15000, 15000), p, q, FOUR)).toBe(true);
    expect(throughGap(P(-5000, 15000), P(16000, 15000), p, q, FOUR)).toBe(true);
    expect(throughGap(P(-5000, 15000), P(16000, 15000), p, q, 14142)).toBe(false);
    expect(throughGap(P(-5000, 15000), P(16000, 15000), p, q, 14143)).toBe(true);
  });

  it("touching or overlapping blockers leave no gap", () => {
    const a = P(inches(2), -50000);
    const b = P(inches(2), 50000);
    expect(throughGap(a, b, SQ, beside(0), FOUR)).toBe(false);
    expect(throughGap(a, b, SQ, box(inches(2), inches(2), inches(4), inches(4)), FOUR)).toBe(false);
    expect(throughGap(a, b, SQ, beside(-100), FOUR)).toBe(false);
    expect(() => throughGap(a, b, SQ, beside(1), -1)).toThrow(RangeError);
  });

  it("two bases side by side, turned 30 degrees, 3 inches apart: blocked through the middle", () => {
    const size = { frontage: inches(4), depth: inches(2) };
    const left = basePolygon({ x: 0, y: 0, facing: 3000 }, size);
    // 7" along the frontage direction, (sin 120°, cos 120°) (a 4" frontage plus a 3" gap), rounded to ticks.
    const right = basePolygon({ x: 36956, y: -21336, facing: 3000 }, size);
    const n = nearestPoints(left, right);
    expect(compareProducts(n.squared.p, n.squared.q, FOUR * FOUR, n.squared.l)).toBe(-1);
    const m = { x: 18478, y: -10668 };
    expect(throughGap(P(m.x - 30000, m.y - 52000), P(m.x + 30000, m.y + 52000), left, right, FOUR)).toBe(
      true,
    );
  });
});

/**
 * The oracle: every nearest pair with a vertex on one side (each vertex of
 * p to q, and of q to p, kept when at the least distance) includes the ends
 * of the set of nearest pairs; the union of all their bridges is the
 * parallelogram on the two pairs furthest apart.
 */
function strip(p: Polygon, q: Polygon): RPoint[] {
  const least = nearestPoints(p, q).squared;
  const pairs: [RPoint, RPoint][] = [];
  for (const v of p) {
    const m = nearestPoints([v], q);
    if (compareSquared(m.squared, least) === 0) pairs.push([rational(v), fromSegmentPoint(m.onB)]);
  }
  for (const v of q) {
    const m = nearestPoints(p, [v]);
    if (compareSquared(m.squared, least) === 0) pairs.push([fromSegmentPoint(m.onA), rational(v)]);
  }
  // The pairs' points on p are collinear (on p's nearest face): the ends are the least and greatest (x, y).
  const before = (x: RPoint, y: RPoint) => {
    const c = x.x * y.d - y.x * x.d;
    return c < 0n || (c === 0n && x.y * y.d < y.y * x.d);
  };
  let i = 0;
  let j = 0;
  pairs.forEach(([u], k) => {
    if (before(u, (pairs[i] as [RPoint, RPoint])[0])) i = k;
    if (before((pairs[j] as [RPoint, RPoint])[0], u)) j = k;
  });
  const [u1, v1] = pairs[i] as [RPoint, RPoint];
  const [u2, v2] = pairs[j] as [RPoint, RPoint];
  return [u1, u2, v2, v1];
}

function meetsStripOracle(a: Point, b: Point, corners: RPoint[]): boolean {
  const [ra, rb] = [rational(a), rational(b)];
  for (let k = 0; k < 4; k++)
    if (segmentsMeetR(ra, rb, corners[k] as RPoint, corners[(k + 1) % 4] as RPoint)) return true;
  const [u1, u2] = corners as [RPoint, RPoint];
  if (u1.x * u2.d === u2.x * u1.d && u1.y * u2.d === u2.y * u1.d) return false; // a segment: edges said it all
  const signs = corners.map((c, k) => orientR(c, corners[(k + 1) % 4] as RPoint, ra));
  return signs.every((s) => s >= 0) || signs.every((s) => s <= 0);
}

const pt = (lim: number) =>
  fc.record({ x: fc.integer({ min: -lim, max: lim }), y: fc.integer({ min: -lim, max: lim }) });
const scaled = (poly: readonly Point[], k: number, v: Point = P(0, 0)) =>
  poly.map((p) => ({ x: p.x * k + v.x, y: p.y * k + v.y }));

/** Two small convex polygons on a coarse grid (parallel sides and exact corner hits are common), scaled. */
const scene = fc.record({
  p: fc.array(pt(8), { minLength: 1, maxLength: 6 }),
  q: fc.array(pt(8), { minLength: 1, maxLength: 6 }),
  offset: pt(20),
  a: pt(30),
  b: pt(30),
  width: fc.integer({ min: 0, max: 30 }),
  k: fc.constantFrom(1, 1, 7, 6096),
});

type Scene = typeof scene extends fc.Arbitrary<infer T> ? T : never;

function build(s: Scene) {
  const p = convexHull(scaled(s.p, s.k));
  const q = convexHull(scaled(s.q, s.k, P(s.offset.x * s.k, s.offset.y * s.k)));
  return { p, q, a: scaled([s.a], s.k)[0] as Point, b: scaled([s.b], s.k)[0] as Point, width: s.width * s.k };
}

describe("throughGap: properties", () => {
  it("the same answer with p and q swapped, a and b reversed, orientations reversed, or all moved", () => {
    fc.assert(
      fc.property(scene, pt(1_000_000), (s, v) => {
        const { p, q, a, b, width } = build(s);
        const answer = throughGap(a, b, p, q, width);
        expect(throughGap(b, a, p, q, width)).toBe(answer);
        expect(throughGap(a, b, q, p, width)).toBe(answer);
        expect(throughGap(b, a, [...q].reverse(), [...p].reverse(), width)).toBe(answer);
        const m = (x: Point) => ({ x: x.x + v.x, y: x.y + v.y });
        expect(throughGap(m(a), m(b), p.map(m), q.map(m), width)).toBe(answer);
      }),
      { numRuns: 1500 },
    );
  });

  it("true exactly when disjoint, nearer than the width, and ab meets the union of the nearest bridges", () => {
    let hits = 0;
    fc.assert(
      fc.property(scene, (s) => {
        const { p, q, a, b, width } = build(s);
        const n = nearestPoints(p, q);
        const narrow = !n.meet && compareProducts(n.squared.p, n.squared.q, width * width, n.squared.l) < 0;
        const expected = narrow && meetsStripOracle(a, b, strip(p, q));
        if (expected) hits++;
        expect(throughGap(a, b, p, q, width)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
    expect(hits).toBeGreaterThan(100);
  });
});
