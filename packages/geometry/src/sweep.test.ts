import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { basePolygon } from "./base.js";
import { pointInConvex } from "./convex.js";
import { direction } from "./direction.js";
import { roundHalfAway } from "./exact.js";
import { applyOp } from "./motion.js";
import type { Point } from "./point.js";
import { polygonOrientation } from "./polygon.js";
import { rotationSweep, translationSweep } from "./sweep.js";
import { point, pose, size } from "./test-support/arbitraries.js";

const contains = (hull: readonly Point[], pts: readonly Point[]) => pts.every((p) => pointInConvex(p, hull));

function turned(poly: readonly Point[], pivot: Point, t: number): Point[] {
  const u = direction(t);
  return poly.map((v) => {
    const dx = v.x - pivot.x;
    const dy = v.y - pivot.y;
    return {
      x: pivot.x + roundHalfAway(dx * u.y + dy * u.x),
      y: pivot.y + roundHalfAway(dy * u.y - dx * u.x),
    };
  });
}

describe("swept regions", () => {
  it("a translation sweep of a north-facing base moving north is the long rectangle", () => {
    const a = basePolygon({ x: 0, y: 0, facing: 0 }, { frontage: 100, depth: 20 });
    expect(translationSweep(a, { x: 0, y: 1000 })).toEqual([
      { x: -50, y: -10 },
      { x: 50, y: -10 },
      { x: 50, y: 1010 },
      { x: -50, y: 1010 },
    ]);
  });

  it("a translation sweep contains the start, the end and every lattice point between", () => {
    fc.assert(
      fc.property(pose(), size(), point(200_000), fc.integer({ min: 0, max: 16 }), (p, s, v, k) => {
        const a = basePolygon(p, s);
        const sweep = translationSweep(a, v);
        expect(polygonOrientation(sweep)).toBe(1);
        expect(contains(sweep, a)).toBe(true);
        expect(
          contains(
            sweep,
            a.map((q) => ({ x: q.x + v.x, y: q.y + v.y })),
          ),
        ).toBe(true);
        const mid = { x: Math.trunc((v.x * k) / 16), y: Math.trunc((v.y * k) / 16) };
        // A lattice point near the segment need not be on it; check the exact midpoints at k/16 when integral.
        if ((v.x * k) % 16 === 0 && (v.y * k) % 16 === 0) {
          expect(
            contains(
              sweep,
              a.map((q) => ({ x: q.x + mid.x, y: q.y + mid.y })),
            ),
          ).toBe(true);
        }
      }),
    );
  });

  it("a rotation sweep contains the start, the end and sampled intermediate positions", () => {
    fc.assert(
      fc.property(pose(), size(), fc.integer({ min: -18000, max: 18000 }), fc.boolean(), (p, s, t, left) => {
        const a = basePolygon(p, s);
        // A wheel: the pivot is a front corner.
        const pivot = left ? (a[1] as Point) : (a[0] as Point);
        const sweep = rotationSweep(a, pivot, p.facing, p.facing + t);
        expect(contains(sweep, a)).toBe(true);
        const end = applyOp(p, s, { op: "wheel", corner: left ? "left" : "right", cdeg: t }).pose;
        expect(contains(sweep, basePolygon(end, s))).toBe(true);
        for (let i = 1; i < 12; i++)
          expect(contains(sweep, turned(a, pivot, Math.trunc((t * i) / 12)))).toBe(true);
      }),
    );
  });

  it("a pivot's sweep about the centre contains every intermediate position", () => {
    fc.assert(
      fc.property(pose(), size(), fc.integer({ min: -4500, max: 4500 }), (p, s, t) => {
        const a = basePolygon(p, s);
        const sweep = rotationSweep(a, p, p.facing, p.facing + t);
        const end = applyOp(p, s, { op: "pivot", cdeg: t }).pose;
        expect(contains(sweep, basePolygon(end, s))).toBe(true);
        for (let i = 1; i < 9; i++) expect(contains(sweep, turned(a, p, Math.trunc((t * i) / 9)))).toBe(true);
      }),
    );
  });

  it("a turn about any pivot, up to a full turn either way, contains the sampled positions", () => {
    fc.assert(
      fc.property(
        pose(),
        size(),
        point(300_000),
        fc.integer({ min: -36000, max: 36000 }),
        (p, s, pivot, t) => {
          const a = basePolygon(p, s);
          const sweep = rotationSweep(a, pivot, 0, t);
          expect(contains(sweep, a)).toBe(true);
          for (let i = 1; i <= 24; i++)
            expect(contains(sweep, turned(a, pivot, Math.trunc((t * i) / 24)))).toBe(true);
        },
      ),
    );
  });

  it("refuses more than a full turn", () => {
    expect(() => rotationSweep([{ x: 0, y: 0 }], { x: 1, y: 1 }, 0, 36001)).toThrow(RangeError);
  });

  it("is not much larger than the true region: every vertex within the farthest radius / cos 7.6° + 4 ticks of the pivot", () => {
    fc.assert(
      fc.property(
        pose(),
        size(),
        point(300_000),
        fc.integer({ min: -36000, max: 36000 }),
        (p, s, pivot, t) => {
          const a = basePolygon(p, s);
          const far = Math.max(...a.map((v) => Math.sqrt((v.x - pivot.x) ** 2 + (v.y - pivot.y) ** 2)));
          const limit = far / direction(760).y + 4 * Math.SQRT2;
          for (const v of rotationSweep(a, pivot, 0, t))
            expect(Math.sqrt((v.x - pivot.x) ** 2 + (v.y - pivot.y) ** 2)).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });
});
