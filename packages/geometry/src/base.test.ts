import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertBaseSize, baseCorners, basePolygon, frontCentre, sideCentres } from "./base.js";
import { convexWithin } from "./convex.js";
import { applyOp } from "./motion.js";
import { polygonOrientation } from "./polygon.js";
import { pose, quarter, size } from "./test-support/arbitraries.js";
import { inches } from "./units.js";

const SIZE = { frontage: inches(4), depth: inches(2) };

describe("base corners", () => {
  it("are an exact rectangle facing north: fl, fr, rr, rl about the centre", () => {
    expect(baseCorners({ x: 0, y: 0, facing: 0 }, SIZE)).toEqual({
      fl: { x: -12192, y: 6096 },
      fr: { x: 12192, y: 6096 },
      rr: { x: 12192, y: -6096 },
      rl: { x: -12192, y: -6096 },
    });
    expect(frontCentre({ x: 5, y: 7, facing: 0 }, SIZE)).toEqual({ x: 5, y: 7 + 6096 });
  });

  it("facing east, the front edge is the east side", () => {
    const c = baseCorners({ x: 0, y: 0, facing: 9000 }, SIZE);
    expect(c.fl).toEqual({ x: 6096, y: 12192 });
    expect(c.fr).toEqual({ x: 6096, y: -12192 });
  });

  it("golden: after a pivot of exactly 45 degrees the corners are exact and symmetric", () => {
    const square = { frontage: inches(2), depth: inches(2) };
    const p = applyOp({ x: 1000, y: 2000, facing: 0 }, square, { op: "pivot", cdeg: 4500 }).pose;
    expect(p).toEqual({ x: 1000, y: 2000, facing: 4500 });
    const c = baseCorners(p, square);
    // a = b = 6096/√2 = 4310.5..., rounded to 4311: the square stands on a corner.
    expect(c.fl).toEqual({ x: 1000, y: 2000 + 8622 });
    expect(c.fr).toEqual({ x: 1000 + 8622, y: 2000 });
    expect(c.rr).toEqual({ x: 1000, y: 2000 - 8622 });
    expect(c.rl).toEqual({ x: 1000 - 8622, y: 2000 });
  });

  it("midpoints are integer points: the edge centres are c ± a and c ± b", () => {
    const s = sideCentres({ x: 0, y: 0, facing: 3000 }, SIZE);
    const c = baseCorners({ x: 0, y: 0, facing: 3000 }, SIZE);
    expect(s.front).toEqual({ x: (c.fl.x + c.fr.x) / 2, y: (c.fl.y + c.fr.y) / 2 });
    expect(s.left).toEqual({ x: (c.fl.x + c.rl.x) / 2, y: (c.fl.y + c.rl.y) / 2 });
  });

  it("validates sizes: positive even ticks", () => {
    expect(() => assertBaseSize({ frontage: 3, depth: 2 })).toThrow(RangeError);
    expect(() => assertBaseSize({ frontage: 0, depth: 2 })).toThrow(RangeError);
    expect(() => assertBaseSize(SIZE)).not.toThrow();
  });

  it("is a counter-clockwise parallelogram, centrally symmetric, and turns exactly with the facing", () => {
    fc.assert(
      fc.property(pose(), size(), (p, s) => {
        const c = baseCorners(p, s);
        expect(c.fl.x + c.rr.x).toBe(2 * p.x);
        expect(c.fr.y + c.rl.y).toBe(2 * p.y);
        expect(c.fr.x - c.fl.x).toBe(c.rr.x - c.rl.x);
        expect(polygonOrientation(basePolygon(p, s))).toBe(1);
        // A quarter turn of the pose turns the polygon exactly.
        const turned = basePolygon({ x: p.y, y: -p.x, facing: p.facing + 9000 }, s);
        expect(turned).toEqual(basePolygon(p, s).map(quarter));
        // Two bases side by side, sharing an edge, are within 0 of each other.
        expect(convexWithin(basePolygon(p, s), basePolygon(p, s), 0)).toBe(true);
      }),
    );
  });
});
