import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lengthWithin, segmentsWithin, segmentWithin, withinDistance } from "./distance.js";
import type { Point } from "./point.js";
import { point, quarter, shift } from "./test-support/arbitraries.js";
import { inches } from "./units.js";

const R = inches(12);
const P = (x: number, y: number): Point => ({ x, y });

describe("golden: exactly 12 inches is in range, 12 inches and a tick is out", () => {
  it("point to point", () => {
    expect(withinDistance(P(0, 0), P(R, 0), R)).toBe(true);
    expect(withinDistance(P(0, 0), P(R + 1, 0), R)).toBe(false);
    // No two whole-tick legs make exactly 12" (73152 = 2^6 · 3^2 · 127 has no prime factor 1 mod 4), but
    // 10" = 60960 ticks does: 6" and 8" legs.
    const ten = inches(10);
    expect(withinDistance(P(10, 20), P(10 + inches(6), 20 + inches(8)), ten)).toBe(true);
    expect(withinDistance(P(10, 20), P(10 + inches(6), 21 + inches(8)), ten)).toBe(false);
  });

  it("point to segment, at the foot of the perpendicular and at an end", () => {
    expect(segmentWithin(P(0, R), P(-5000, 0), P(5000, 0), R)).toBe(true);
    expect(segmentWithin(P(0, R + 1), P(-5000, 0), P(5000, 0), R)).toBe(false);
    expect(segmentWithin(P(5000 + R, 0), P(-5000, 0), P(5000, 0), R)).toBe(true);
    expect(segmentWithin(P(5001 + R, 0), P(-5000, 0), P(5000, 0), R)).toBe(false);
  });

  it("point to a slanting segment at exactly 10 inches, where cross² and r²·len² pass 2^53", () => {
    // Segment along (3, 4)·k; the point is r along the normal (−4, 3)/5 from its middle.
    const k = 100_000;
    const a = P(0, 0);
    const b = P(3 * k, 4 * k);
    const m = P(1.5 * k, 2 * k);
    const ten = inches(10);
    const onCircle = P(m.x - (4 * ten) / 5, m.y + (3 * ten) / 5);
    expect(Number.isInteger(onCircle.x) && Number.isInteger(onCircle.y)).toBe(true);
    expect(segmentWithin(onCircle, a, b, ten)).toBe(true);
    expect(segmentWithin(onCircle, a, b, ten - 1)).toBe(false);
    expect(segmentWithin(P(onCircle.x - 1, onCircle.y), a, b, ten)).toBe(false);
  });

  it("segment to segment", () => {
    expect(segmentsWithin(P(0, 0), P(100, 0), P(50, R), P(70, R + 500), R)).toBe(true);
    expect(segmentsWithin(P(0, 0), P(100, 0), P(50, R + 1), P(70, R + 500), R)).toBe(false);
    expect(segmentsWithin(P(0, 0), P(100, 100), P(0, 100), P(100, 0), 0)).toBe(true);
  });

  it("a straight move exactly at its allowance", () => {
    const six = inches(6);
    expect(lengthWithin((six / 5) * 3, (six / 5) * 4, six)).toBe(true);
    expect(lengthWithin((six / 5) * 3 + 1, (six / 5) * 4, six)).toBe(false);
  });
});

describe("distance predicates are symmetric and invariant under translation and quarter turns", () => {
  const r = fc.integer({ min: 0, max: 400_000 });
  it("point to segment, segment to segment", () => {
    fc.assert(
      fc.property(
        point(300_000),
        point(300_000),
        point(300_000),
        point(300_000),
        point(),
        r,
        (a, b, c, d, v, rr) => {
          const t = shift(v);
          const base = segmentsWithin(a, b, c, d, rr);
          expect(segmentsWithin(c, d, a, b, rr)).toBe(base);
          expect(segmentsWithin(b, a, d, c, rr)).toBe(base);
          expect(segmentsWithin(t(a), t(b), t(c), t(d), rr)).toBe(base);
          expect(segmentsWithin(quarter(a), quarter(b), quarter(c), quarter(d), rr)).toBe(base);
          const ps = segmentWithin(a, c, d, rr);
          expect(segmentWithin(a, d, c, rr)).toBe(ps);
          expect(segmentWithin(t(a), t(c), t(d), rr)).toBe(ps);
          expect(segmentWithin(quarter(a), quarter(c), quarter(d), rr)).toBe(ps);
          expect(withinDistance(a, b, rr)).toBe(withinDistance(b, a, rr));
        },
      ),
    );
  });

  it("agree with a BigInt reference on the boundary (r = the rounded distance)", () => {
    fc.assert(
      fc.property(point(), point(), point(), (p, a, b) => {
        const dx = BigInt(b.x - a.x);
        const dy = BigInt(b.y - a.y);
        const wx = BigInt(p.x - a.x);
        const wy = BigInt(p.y - a.y);
        const len2 = dx * dx + dy * dy;
        const t = wx * dx + wy * dy;
        // Squared distance as a fraction num / den.
        let num: bigint;
        let den = 1n;
        if (len2 === 0n || t <= 0n) num = wx * wx + wy * wy;
        else if (t >= len2) {
          const ex = BigInt(p.x - b.x);
          const ey = BigInt(p.y - b.y);
          num = ex * ex + ey * ey;
        } else {
          const c = dx * wy - dy * wx;
          num = c * c;
          den = len2;
        }
        const approx = Math.round(Math.sqrt(Number(num) / Number(den)));
        for (const rr of [approx - 1, approx, approx + 1]) {
          if (rr < 0) continue;
          const r2 = BigInt(rr) * BigInt(rr);
          expect(segmentWithin(p, a, b, rr)).toBe(num <= r2 * den);
        }
      }),
    );
  });
});
