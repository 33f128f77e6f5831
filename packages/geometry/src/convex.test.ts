import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { basePolygon } from "./base.js";
import { convexWithin, insideRect, pointConvexWithin, pointInConvex, segmentConvexWithin } from "./convex.js";
import { convexDistance } from "./convex-distance.js";
import { interiorsOverlap } from "./overlap.js";
import type { Point } from "./point.js";
import { pointInPolygon } from "./polygon.js";
import { point, pose, quarter, shift, size } from "./test-support/arbitraries.js";
import { inches } from "./units.js";

const SIZE = { frontage: inches(4), depth: inches(2) };
const R = inches(12);
const at = (x: number, y: number, facing = 0) => basePolygon({ x, y, facing }, SIZE);

describe("golden: base to base range", () => {
  it("exactly 12 inches front edge to rear edge is in range; a tick more is out", () => {
    const shooter = at(0, 0);
    // Shooter's front edge at y = 6096; the target's rear edge at y = 6096 + 12".
    const target = at(5000, 6096 + R + 6096);
    expect(convexWithin(shooter, target, R)).toBe(true);
    expect(convexWithin(shooter, at(5000, 6096 + R + 6097), R)).toBe(false);
    expect(convexDistance(shooter, target).distance).toBe(R);
  });

  it("exactly 12 inches corner to corner along a diagonal 6-8-10 scaled to 10 inches", () => {
    const ten = inches(10);
    const a = at(0, 0);
    // a's fr corner is (12192, 6096); put b's rl corner at fr + (6", 8").
    const b = at(12192 + inches(6) + 12192, 6096 + inches(8) + 6096);
    expect(convexWithin(a, b, ten)).toBe(true);
    expect(convexWithin(a, b, ten - 1)).toBe(false);
  });

  it("point and front edge to a base", () => {
    const target = at(0, R + 6096 + 6096);
    expect(pointConvexWithin({ x: 0, y: 6096 }, target, R)).toBe(true);
    expect(pointConvexWithin({ x: 0, y: 6095 }, target, R)).toBe(false);
    expect(segmentConvexWithin({ x: -12192, y: 6096 }, { x: 12192, y: 6096 }, target, R)).toBe(true);
    expect(segmentConvexWithin({ x: -12192, y: 6095 }, { x: 12192, y: 6095 }, target, R)).toBe(false);
  });

  it("bases in contact are within 0 and do not overlap; a tick more is overlap", () => {
    const a = at(0, 0);
    const b = at(24384, 0);
    expect(convexWithin(a, b, 0)).toBe(true);
    expect(interiorsOverlap(a, b)).toBe(false);
    expect(interiorsOverlap(a, at(24383, 0))).toBe(true);
    expect(interiorsOverlap(a, at(24384, 12192))).toBe(false);
    expect(interiorsOverlap(a, at(0, 0))).toBe(true);
    // Corner to corner.
    expect(interiorsOverlap(a, at(24384, 12192))).toBe(false);
    expect(convexWithin(a, at(24384, 12192), 0)).toBe(true);
  });

  it("the float distance is exactly 0 for touching, overlapping and contained shapes", () => {
    const a = at(0, 0);
    expect(convexDistance(a, at(24384, 12192)).distance).toBe(0);
    expect(convexDistance(a, at(24384, 12192)).a).toEqual({ x: 12192, y: 6096 });
    expect(convexDistance(a, at(100, 100)).distance).toBe(0);
    expect(
      convexDistance(a, [
        { x: -5, y: 0 },
        { x: 5, y: 0 },
      ]).distance,
    ).toBe(0);
    expect(convexDistance(a, at(24385, 0)).distance).toBe(1);
  });

  it("is on the table when every corner is", () => {
    expect(insideRect(at(12192, 6096), 0, 0, inches(72), inches(48))).toBe(true);
    expect(insideRect(at(12191, 6096), 0, 0, inches(72), inches(48))).toBe(false);
  });
});

const transform = (f: (p: Point) => Point) => (poly: readonly Point[]) => poly.map(f);

describe("properties of the convex predicates", () => {
  const r = fc.integer({ min: 0, max: 200_000 });
  it("within-r and overlap are symmetric and invariant under translation and quarter turns", () => {
    fc.assert(
      fc.property(pose(200_000), size(), pose(200_000), size(), point(), r, (p1, s1, p2, s2, v, rr) => {
        const a = basePolygon(p1, s1);
        const b = basePolygon(p2, s2);
        const w = convexWithin(a, b, rr);
        const o = interiorsOverlap(a, b);
        expect(convexWithin(b, a, rr)).toBe(w);
        expect(interiorsOverlap(b, a)).toBe(o);
        const t = transform(shift(v));
        const q = transform(quarter);
        expect(convexWithin(t(a), t(b), rr)).toBe(w);
        expect(convexWithin(q(a), q(b), rr)).toBe(w);
        expect(interiorsOverlap(t(a), t(b))).toBe(o);
        expect(interiorsOverlap(q(a), q(b))).toBe(o);
        // Overlap implies distance 0; the float distance agrees away from the boundary.
        if (o) expect(convexWithin(a, b, 0)).toBe(true);
        const d = convexDistance(a, b).distance;
        if (d > rr + 1e-6) expect(w).toBe(false);
        if (d < rr - 1e-6) expect(w).toBe(true);
      }),
    );
  });

  it("pointInPolygon agrees with pointInConvex and the orientation signs on convex polygons", () => {
    fc.assert(
      fc.property(pose(100_000), size(), point(150_000), (p, s, q) => {
        const poly = basePolygon(p, s);
        const loc = pointInPolygon(q, poly);
        expect(loc !== "outside").toBe(pointInConvex(q, poly));
        expect(pointInPolygon(q, [...poly].reverse())).toBe(loc);
      }),
    );
  });
});
