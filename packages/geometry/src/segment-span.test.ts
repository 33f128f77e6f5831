import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareFractions } from "./exact.js";
import { convexHull } from "./hull.js";
import { type Point, type Polygon, vertex } from "./point.js";
import { segmentMeetsInterior } from "./polyline.js";
import { type Fraction, type ParameterSpan, spanInConvex, spanLengthWithin } from "./segment-span.js";
import { atParameter, convexSide } from "./test-support/rational.js";
import { inches } from "./units.js";

const P = (x: number, y: number): Point => ({ x, y });
const F = (num: number, den: number): Fraction => ({ num, den });
const SQUARE = [P(0, 0), P(10000, 0), P(10000, 10000), P(0, 10000)];
const CW = [...SQUARE].reverse();

describe("spanInConvex: golden", () => {
  it("a span entering a square exactly through a vertex", () => {
    // y = x/2 enters at the corner (0, 0) at t = 1/2 and ends on the right edge.
    expect(spanInConvex(P(-10000, -5000), P(10000, 5000), SQUARE)).toEqual({ t0: F(1, 2), t1: F(1, 1) });
    // The diagonal, corner to corner.
    expect(spanInConvex(P(-5000, -5000), P(15000, 15000), SQUARE)).toEqual({ t0: F(1, 4), t1: F(3, 4) });
  });

  it("touching a corner or running along an edge is null", () => {
    expect(spanInConvex(P(-5000, 5000), P(5000, -5000), SQUARE)).toBeNull();
    expect(spanInConvex(P(-5000, 0), P(15000, 0), SQUARE)).toBeNull();
    expect(spanInConvex(P(2000, 10000), P(8000, 10000), SQUARE)).toBeNull();
    expect(spanInConvex(P(10000, 12000), P(10000, -3000), CW)).toBeNull();
    // One tick inside the edge is in.
    expect(spanInConvex(P(-5000, 1), P(15000, 1), SQUARE)).toEqual({ t0: F(1, 4), t1: F(3, 4) });
  });

  it("a segment wholly inside, or with its ends on the boundary, is the whole of [0, 1]", () => {
    const whole = { t0: F(0, 1), t1: F(1, 1) };
    expect(spanInConvex(P(1000, 2000), P(9000, 3000), SQUARE)).toEqual(whole);
    expect(spanInConvex(P(0, 5000), P(10000, 5000), SQUARE)).toEqual(whole);
    expect(spanInConvex(P(5000, 5000), P(5000, 5000), SQUARE)).toEqual(whole);
    expect(spanInConvex(P(0, 5000), P(0, 5000), SQUARE)).toBeNull();
  });

  it("either orientation; outside or flat gives null", () => {
    for (const poly of [SQUARE, CW])
      expect(spanInConvex(P(5000, -5000), P(5000, 5000), poly)).toEqual({ t0: F(1, 2), t1: F(1, 1) });
    expect(spanInConvex(P(-5000, -1), P(15000, -1), SQUARE)).toBeNull();
    expect(spanInConvex(P(0, -5000), P(0, 5000), [P(-1, 0), P(1, 0), P(3, 0)])).toBeNull();
    expect(spanInConvex(P(0, -5000), P(0, 5000), [P(-1, 0), P(1, 0)])).toBeNull();
  });
});

describe("spanLengthWithin: golden", () => {
  it("a span of exactly 4 inches is within 24384 ticks and not within 24383", () => {
    const a = P(0, 0);
    const b = P(inches(10), 0);
    const span = spanInConvex(a, b, [
      P(inches(2), -1000),
      P(inches(6), -1000),
      P(inches(6), 1000),
      P(inches(2), 1000),
    ]);
    expect(span).toEqual({ t0: F(1, 5), t1: F(3, 5) });
    const { t0, t1 } = span as ParameterSpan;
    expect(spanLengthWithin(a, b, t0, t1, inches(4))).toBe(true);
    expect(spanLengthWithin(a, b, t0, t1, inches(4) - 1)).toBe(false);
  });

  it("slanting: a 3-4-5 line's middle half through a band is exactly 5 inches", () => {
    const a = P(0, 0);
    const b = P(36576, 48768); // 10 inches long
    const band = [P(-100000, 12192), P(100000, 12192), P(100000, 36576), P(-100000, 36576)];
    const { t0, t1 } = spanInConvex(a, b, band) as ParameterSpan;
    expect([t0, t1]).toEqual([F(1, 4), F(3, 4)]);
    expect(spanLengthWithin(a, b, t0, t1, inches(5))).toBe(true);
    expect(spanLengthWithin(a, b, t0, t1, inches(5) - 1)).toBe(false);
  });

  it("irrational lengths, reversed or empty spans, bad arguments", () => {
    // sqrt(24384² + 1) is a hair over 24384.
    expect(spanLengthWithin(P(0, 0), P(24384, 1), F(0, 1), F(1, 1), 24384)).toBe(false);
    expect(spanLengthWithin(P(0, 0), P(24384, 1), F(0, 1), F(1, 1), 24385)).toBe(true);
    expect(spanLengthWithin(P(0, 0), P(24384, 1), F(2, 3), F(1, 3), 0)).toBe(true);
    expect(spanLengthWithin(P(0, 0), P(24384, 1), F(1, 3), F(2, 6), 0)).toBe(true);
    expect(() => spanLengthWithin(P(0, 0), P(1, 0), F(0, 0), F(1, 1), 1)).toThrow(RangeError);
    expect(() => spanLengthWithin(P(0, 0), P(1, 0), F(0, 1), F(1, 1), -1)).toThrow(RangeError);
  });
});

/**
 * The open-interval clipping segmentMeetsInterior used before it shared
 * clipToConvex, kept verbatim as the oracle that its answers did not change.
 */
function openClipMeets(a: Point, b: Point, poly: Polygon, ccw: boolean): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  let loN = 0;
  let loD = 1;
  let loOpen = false;
  let hiN = 1;
  let hiD = 1;
  let hiOpen = false;
  const s = ccw ? 1 : -1;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i] as Point;
    const q = vertex(poly, i + 1);
    const nx = s * (q.y - p.y);
    const ny = s * (p.x - q.x);
    const e = nx * (a.x - p.x) + ny * (a.y - p.y);
    const f = nx * dx + ny * dy;
    if (f === 0) {
      if (e >= 0) return false;
      continue;
    }
    if (f > 0) {
      const c = compareFractions(-e, f, hiN, hiD);
      if (c < 0 || (c === 0 && !hiOpen)) {
        hiN = -e;
        hiD = f;
        hiOpen = true;
      }
    } else {
      const c = compareFractions(e, -f, loN, loD);
      if (c > 0 || (c === 0 && !loOpen)) {
        loN = e;
        loD = -f;
        loOpen = true;
      }
    }
  }
  const c = compareFractions(loN, loD, hiN, hiD);
  return c < 0 || (c === 0 && !loOpen && !hiOpen);
}

const pt = (lim: number) =>
  fc.record({ x: fc.integer({ min: -lim, max: lim }), y: fc.integer({ min: -lim, max: lim }) });
/** Small coordinates hit vertices, edges and parallels often; large ones exercise the magnitudes. */
const scale = fc.constantFrom(1, 1, 1, 99_991);
const scaled = (p: Point, k: number): Point => ({ x: p.x * k, y: p.y * k });

/** The point at t on ab, classified exactly against the ccw polygon: 1 inside, 0 boundary, −1 outside. */
const sideAt = (a: Point, b: Point, t: Fraction, ccw: Polygon) =>
  convexSide(atParameter(a, b, BigInt(t.num), BigInt(t.den)), ccw);
const mid = (x: Fraction, y: Fraction): Fraction => ({
  num: x.num * y.den + y.num * x.den,
  den: 2 * x.den * y.den,
});

/**
 * The segment's ends: random (mode 0), from a hull vertex (1), from a vertex
 * to the next (2: an edge), or along an edge's line beyond both its ends (3).
 */
function ends(hull: Polygon, a: Point, b: Point, mode: number, i: number): [Point, Point] {
  const v = vertex(hull, i);
  const w = vertex(hull, i + 1);
  if (mode === 1) return [v, b];
  if (mode === 2) return [v, w];
  if (mode === 3) return [P(2 * v.x - w.x, 2 * v.y - w.y), P(2 * w.x - v.x, 2 * w.y - v.y)];
  return [a, b];
}

describe("spanInConvex: properties", () => {
  it("segmentMeetsInterior answers as before (any polygon, either flag)", () => {
    fc.assert(
      fc.property(fc.array(pt(20), { maxLength: 7 }), pt(25), pt(25), fc.boolean(), (poly, a, b, ccw) => {
        expect(segmentMeetsInterior(a, b, poly, ccw)).toBe(openClipMeets(a, b, poly, ccw));
      }),
      { numRuns: 2000 },
    );
  });

  it("the span is exactly where ab is in the closed polygon, and its middle is strictly inside", () => {
    fc.assert(
      fc.property(
        fc.array(pt(20), { minLength: 3, maxLength: 8 }),
        pt(25),
        pt(25),
        scale,
        fc.nat(3),
        fc.nat(),
        (pts, a0, b0, k, mode, i) => {
          const hull = convexHull(pts.map((p) => scaled(p, k)));
          if (hull.length < 3) return;
          const [a, b] = ends(hull, scaled(a0, k), scaled(b0, k), mode, i);
          const span = spanInConvex(a, b, hull);
          expect(span).toEqual(spanInConvex(a, b, [...hull].reverse()));
          expect(span !== null).toBe(segmentMeetsInterior(a, b, hull, true));
          if (!span) {
            for (let i = 0; i <= 16; i++) expect(sideAt(a, b, F(i, 16), hull)).toBeLessThan(1);
            return;
          }
          const { t0, t1 } = span;
          expect(compareFractions(0, 1, t0.num, t0.den)).toBeLessThanOrEqual(0);
          expect(compareFractions(t0.num, t0.den, t1.num, t1.den)).toBe(-1);
          expect(compareFractions(t1.num, t1.den, 1, 1)).toBeLessThanOrEqual(0);
          expect(sideAt(a, b, mid(t0, t1), hull)).toBe(1);
          // An end short of the segment's end is on the boundary, and beyond it (halfway on) is outside.
          if (t0.num > 0) {
            expect(sideAt(a, b, t0, hull)).toBe(0);
            expect(sideAt(a, b, mid(F(0, 1), t0), hull)).toBe(-1);
          }
          if (t1.num < t1.den) {
            expect(sideAt(a, b, t1, hull)).toBe(0);
            expect(sideAt(a, b, mid(t1, F(1, 1)), hull)).toBe(-1);
          }
          expect(sideAt(a, b, t0, hull)).toBeGreaterThanOrEqual(0);
          expect(sideAt(a, b, t1, hull)).toBeGreaterThanOrEqual(0);
          // Reversed, the span is [1 − t1, 1 − t0].
          const back = spanInConvex(b, a, hull) as ParameterSpan;
          expect(compareFractions(back.t0.num, back.t0.den, t1.den - t1.num, t1.den)).toBe(0);
          expect(compareFractions(back.t1.num, back.t1.den, t0.den - t0.num, t0.den)).toBe(0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("spanLengthWithin agrees with the float length away from the boundary", () => {
    fc.assert(
      fc.property(pt(4_000_000), pt(4_000_000), fc.nat(1000), fc.nat(1000), (a, b, i, j) => {
        const from = F(Math.min(i, j), 1000);
        const to = F(Math.max(i, j), 1001);
        const dx = b.x - a.x;
        const dy = b.y - a.y;
        const len = (to.num / to.den - from.num / from.den) * Math.sqrt(dx * dx + dy * dy);
        const r = Math.min(16_777_216, Math.max(0, Math.round(len)));
        if (Math.abs(len - r) < 1e-3) return;
        expect(spanLengthWithin(a, b, from, to, r)).toBe(len < r);
      }),
    );
  });
});
