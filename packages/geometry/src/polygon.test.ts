import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { basePolygon } from "./base.js";
import { direction } from "./direction.js";
import { interiorsOverlap } from "./overlap.js";
import type { Point } from "./point.js";
import { pointInPolygon, polygonOrientation } from "./polygon.js";
import { convexInsidePolygon, polygonOverlapsInterior } from "./polygon-overlap.js";
import { point, pose, quarter } from "./test-support/arbitraries.js";

const P = (x: number, y: number): Point => ({ x, y });
const square = (x0: number, y0: number, s: number): Point[] => [
  P(x0, y0),
  P(x0 + s, y0),
  P(x0 + s, y0 + s),
  P(x0, y0 + s),
];
// A U-shaped wood, opening north: the notch is x in (10, 20), y in (10, 30).
const U: Point[] = [P(0, 0), P(30, 0), P(30, 30), P(20, 30), P(20, 10), P(10, 10), P(10, 30), P(0, 30)];

describe("pointInPolygon", () => {
  it("tells inside, boundary and outside exactly, for a non-convex polygon in both orientations", () => {
    for (const poly of [U, [...U].reverse()]) {
      expect(pointInPolygon(P(5, 20), poly)).toBe("inside");
      expect(pointInPolygon(P(15, 20), poly)).toBe("outside");
      expect(pointInPolygon(P(15, 10), poly)).toBe("boundary");
      expect(pointInPolygon(P(10, 30), poly)).toBe("boundary");
      expect(pointInPolygon(P(10, 31), poly)).toBe("outside");
      // On the line through two vertices at the same height, outside.
      expect(pointInPolygon(P(-5, 30), poly)).toBe("outside");
      expect(pointInPolygon(P(25, 30), poly)).toBe("boundary");
    }
    expect(polygonOrientation(U)).toBe(1);
    expect(polygonOrientation([...U].reverse())).toBe(-1);
  });
});

describe("convex against simple polygons", () => {
  it("a base in the notch of the U touches the wood but does not enter it", () => {
    const inNotch = square(10, 10, 10);
    expect(polygonOverlapsInterior(U, inNotch)).toBe(false);
    expect(polygonOverlapsInterior(U, square(9, 10, 10))).toBe(true);
    expect(polygonOverlapsInterior(U, square(10, 9, 10))).toBe(true);
    expect(polygonOverlapsInterior(U, square(12, 12, 4))).toBe(false);
    // Straddling the notch from above: its edge lies on the arms' tops.
    expect(polygonOverlapsInterior(U, [P(0, 30), P(30, 30), P(30, 40), P(0, 40)])).toBe(false);
    expect(polygonOverlapsInterior(U, [P(0, 29), P(30, 29), P(30, 40), P(0, 40)])).toBe(true);
  });

  it("the same region is overlap; a square inside the arm is overlap and inside", () => {
    const arm = [P(0, 0), P(10, 0), P(10, 30), P(0, 30)];
    expect(polygonOverlapsInterior(arm, arm)).toBe(true);
    expect(convexInsidePolygon(arm, U)).toBe(true);
    expect(convexInsidePolygon(square(2, 2, 5), U)).toBe(true);
    expect(convexInsidePolygon(square(0, 0, 30), U)).toBe(false);
    expect(convexInsidePolygon(square(5, 5, 10), U)).toBe(false);
    // A triangle whose corners all lie on the U's boundary but which spans the notch.
    expect(convexInsidePolygon([P(0, 0), P(30, 0), P(20, 30)], U)).toBe(false);
    expect(convexInsidePolygon([P(0, 0), P(30, 0), P(30, 10)], U)).toBe(true);
  });

  it("a vertex of the wood poking into a base counts, touching at a vertex does not", () => {
    const tri = [P(0, 0), P(20, 0), P(10, 10)];
    expect(polygonOverlapsInterior(tri, square(5, 10, 10))).toBe(false);
    expect(polygonOverlapsInterior(tri, square(5, 9, 10))).toBe(true);
    expect(polygonOverlapsInterior(tri, square(20, 0, 5))).toBe(false);
  });

  it("agrees with the convex SAT test when the terrain is convex", () => {
    fc.assert(
      fc.property(pose(30_000), pose(30_000), (p1, p2) => {
        const a = basePolygon(p1, { frontage: 20_000, depth: 8_000 });
        const b = basePolygon(p2, { frontage: 12_000, depth: 6_000 });
        expect(polygonOverlapsInterior(a, b)).toBe(interiorsOverlap(a, b));
        expect(polygonOverlapsInterior([...a].reverse(), b)).toBe(interiorsOverlap(a, b));
      }),
    );
  });

  it("agrees with sampling on the U, under quarter turns", () => {
    const grid = (poly: readonly Point[]) => {
      // Interior lattice points at half-steps: scale by 2 and look at odd coordinates.
      const scaled = poly.map((p) => P(2 * p.x, 2 * p.y));
      return scaled;
    };
    fc.assert(
      fc.property(
        point(20).map((p) => P(p.x + 5, p.y + 5)),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        (o, w, h) => {
          const box = [o, P(o.x + w, o.y), P(o.x + w, o.y + h), P(o.x, o.y + h)];
          // Sample the box's interior at half-integer points (every unit cell's centre).
          let sampled = false;
          const u2 = grid(U);
          for (let x = 0; x < w && !sampled; x++)
            for (let y = 0; y < h && !sampled; y++)
              if (pointInPolygon(P(2 * (o.x + x) + 1, 2 * (o.y + y) + 1), u2) === "inside") sampled = true;
          expect(polygonOverlapsInterior(U, box)).toBe(sampled);
          expect(polygonOverlapsInterior(U.map(quarter), box.map(quarter))).toBe(sampled);
          let out = false;
          for (let x = 0; x < w && !out; x++)
            for (let y = 0; y < h && !out; y++)
              if (pointInPolygon(P(2 * (o.x + x) + 1, 2 * (o.y + y) + 1), u2) === "outside") out = true;
          expect(convexInsidePolygon(box, U)).toBe(!out);
        },
      ),
    );
  });
});

describe("terrain tests never miss what sampling finds", () => {
  // A star-shaped piece about the origin (usually not convex) and a small base near it.
  const star = fc.array(fc.integer({ min: 40, max: 160 }), { minLength: 5, maxLength: 12 }).map((radii) =>
    radii.map((r, i) => {
      const u = direction(-Math.floor((36000 * i) / radii.length));
      return P(Math.round(u.x * r), Math.round(u.y * r));
    }),
  );
  const even = fc.integer({ min: 10, max: 60 }).map((h) => 2 * h);
  const base = fc
    .record({
      x: fc.integer({ min: -180, max: 180 }),
      y: fc.integer({ min: -180, max: 180 }),
      facing: fc.integer({ min: 0, max: 35999 }),
    })
    .chain((p) => fc.record({ frontage: even, depth: even }).map((s) => basePolygon(p, s)));

  it("no overlap answer while a sample lies inside both; no containment answer while a sample of the base is outside", () => {
    fc.assert(
      fc.property(star, base, (terrain, c) => {
        const k = 4;
        const t4 = terrain.map((p) => P(k * p.x, k * p.y));
        const c4 = c.map((p) => P(k * p.x, k * p.y));
        const box = {
          minX: Math.min(...c4.map((p) => p.x)),
          maxX: Math.max(...c4.map((p) => p.x)),
          minY: Math.min(...c4.map((p) => p.y)),
          maxY: Math.max(...c4.map((p) => p.y)),
        };
        let both = false;
        let outside = false;
        for (let x = box.minX; x <= box.maxX; x += 3)
          for (let y = box.minY; y <= box.maxY; y += 3) {
            if (pointInPolygon(P(x, y), c4) !== "inside") continue;
            const loc = pointInPolygon(P(x, y), t4);
            if (loc === "inside") both = true;
            if (loc === "outside") outside = true;
          }
        if (both) expect(polygonOverlapsInterior(terrain, c)).toBe(true);
        if (outside) expect(convexInsidePolygon(c, terrain)).toBe(false);
        if (convexInsidePolygon(c, terrain)) expect(polygonOverlapsInterior(terrain, c)).toBe(true);
        if (!polygonOverlapsInterior(terrain, c)) expect(convexInsidePolygon(c, terrain)).toBe(false);
      }),
      { numRuns: 300 },
    );
    // Hundreds of terrain pieces sampled on a lattice: seconds on a loaded machine, not milliseconds.
  }, 60_000);
});
