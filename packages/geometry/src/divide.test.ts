import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { baseCorners, sideCentres } from "./base.js";
import { partMidpoints } from "./divide.js";
import { MAX_COORD, type Point } from "./point.js";
import { inches } from "./units.js";

const P = (x: number, y: number): Point => ({ x, y });

describe("partMidpoints: golden", () => {
  it("a 6-inch side into 8 parts: midpoints every 3/4 inch from 3/8 inch, all whole ticks", () => {
    const expected = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => P(1000 + 2286 + 4572 * k, -500));
    expect(partMidpoints(P(1000, -500), P(1000 + inches(6), -500), 8)).toEqual(expected);
    expect(partMidpoints(P(1000 + inches(6), -500), P(1000, -500), 8)).toEqual([...expected].reverse());
  });

  it("one part is the side's centre: on a base, exactly sideCentres' point", () => {
    const pose = { x: 1234, y: -5678, facing: 3000 };
    const size = { frontage: inches(6), depth: inches(2) };
    const c = baseCorners(pose, size);
    const centres = sideCentres(pose, size);
    expect(partMidpoints(c.fl, c.fr, 1)).toEqual([centres.front]);
    expect(partMidpoints(c.rr, c.fr, 1)).toEqual([centres.right]);
  });

  it("halves round away from zero, so reversing the side changes nothing", () => {
    expect(partMidpoints(P(0, 0), P(1, 0), 1)).toEqual([P(1, 0)]);
    expect(partMidpoints(P(1, 0), P(0, 0), 1)).toEqual([P(1, 0)]);
    expect(partMidpoints(P(-1, 0), P(0, 0), 1)).toEqual([P(-1, 0)]);
    expect(partMidpoints(P(0, 0), P(10, -10), 3)).toEqual([P(2, -2), P(5, -5), P(8, -8)]);
  });

  it("the number of parts is an integer from 1 to 64", () => {
    for (const n of [0, 65, 1.5, Number.NaN, -1])
      expect(() => partMidpoints(P(0, 0), P(1, 0), n)).toThrow(RangeError);
    expect(partMidpoints(P(0, 0), P(inches(8), 0), 64)).toHaveLength(64);
  });
});

describe("partMidpoints: properties", () => {
  const coord = fc.integer({ min: -MAX_COORD, max: MAX_COORD });
  const pt = fc.record({ x: coord, y: coord });
  const small = fc.record({ x: fc.integer({ min: -50, max: 50 }), y: fc.integer({ min: -50, max: 50 }) });

  it("reversing the side gives the same points in reverse order; negating it negates them", () => {
    fc.assert(
      fc.property(fc.oneof(pt, small), fc.oneof(pt, small), fc.integer({ min: 1, max: 64 }), (a, b, n) => {
        const pts = partMidpoints(a, b, n);
        expect(partMidpoints(b, a, n)).toEqual([...pts].reverse());
        const neg = (p: Point) => P(-p.x + 0, -p.y + 0);
        expect(partMidpoints(neg(a), neg(b), n)).toEqual(pts.map(neg));
      }),
    );
  });

  it("each coordinate is the exact midpoint rounded: within half a tick, halves away from zero", () => {
    fc.assert(
      fc.property(fc.oneof(pt, small), fc.oneof(pt, small), fc.integer({ min: 1, max: 64 }), (a, b, n) => {
        partMidpoints(a, b, n).forEach((p, k) => {
          for (const [c, ca, cb] of [
            [p.x, a.x, b.x],
            [p.y, a.y, b.y],
          ] as const) {
            // The exact coordinate is num / 2n; 2n·c − num is in [−n, n], and ±n (a half) only away from zero.
            const num = 2 * n * ca + (2 * k + 1) * (cb - ca);
            const off = 2 * n * c - num;
            expect(Math.abs(off)).toBeLessThanOrEqual(n);
            if (Math.abs(off) === n) expect(Math.sign(off)).toBe(Math.sign(num));
          }
        });
      }),
    );
  });
});
