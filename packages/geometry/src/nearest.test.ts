import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { basePolygon, frontEdge } from "./base.js";
import { convexWithin, pointConvexWithin, segmentConvexWithin } from "./convex.js";
import { convexDistance } from "./convex-distance.js";
import {
  ceilDistance,
  type Nearest,
  nearestPoints,
  nearestWithin,
  onLattice,
  roundedPoint,
  type SegmentPoint,
} from "./nearest.js";
import type { Point, Polygon } from "./point.js";
import { pose, size } from "./test-support/arbitraries.js";
import { inches } from "./units.js";

const SIZE = { frontage: inches(4), depth: inches(2) };
const at = (x: number, y: number, facing = 0) => basePolygon({ x, y, facing }, SIZE);

/** A segment point as an exact rational (x·den, y·den, den) in BigInt. */
function exact(s: SegmentPoint): { x: bigint; y: bigint; d: bigint } {
  const d = BigInt(s.den);
  const n = BigInt(s.num);
  return {
    x: BigInt(s.from.x) * d + n * BigInt(s.to.x - s.from.x),
    y: BigInt(s.from.y) * d + n * BigInt(s.to.y - s.from.y),
    d,
  };
}

/** The segment is an edge (or a vertex) of the polygon, and the point lies on it: on the polygon's boundary. */
function onBoundary(s: SegmentPoint, poly: Polygon): boolean {
  expect(s.num).toBeGreaterThanOrEqual(0);
  expect(s.num).toBeLessThanOrEqual(s.den);
  const i = poly.findIndex((p) => p.x === s.from.x && p.y === s.from.y);
  if (i < 0) return false;
  const next = poly[(i + 1) % poly.length] as Point;
  const prev = poly[(i - 1 + poly.length) % poly.length] as Point;
  const isVertex = s.from.x === s.to.x && s.from.y === s.to.y;
  return isVertex || (s.to.x === next.x && s.to.y === next.y) || (s.to.x === prev.x && s.to.y === prev.y);
}

/** |onA − onB|² = p·q / l, checked in BigInt. */
function squaredMatches(n: Nearest): boolean {
  const a = exact(n.onA);
  const b = exact(n.onB);
  // (a.x/a.d − b.x/b.d)² + (…)² = p·q/l  ⟺  ((a.x·b.d − b.x·a.d)² + (…)²)·l = p·q·(a.d·b.d)²
  const dx = a.x * b.d - b.x * a.d;
  const dy = a.y * b.d - b.y * a.d;
  const dd = a.d * b.d;
  const s = n.squared;
  return (dx * dx + dy * dy) * BigInt(s.l) === BigInt(s.p) * BigInt(s.q) * dd * dd;
}

describe("exact nearest points", () => {
  it("golden: front edge to a base 12 inches ahead: the points, the distance, the decision", () => {
    const target = at(inches(3), inches(1) + inches(12) + inches(1)); // its rear edge at y = 13"
    const [fl, fr] = frontEdge({ x: 0, y: 0, facing: 0 }, SIZE);
    const n = nearestPoints([fl, fr], target);
    expect(n.meet).toBe(false);
    expect(ceilDistance(n.squared)).toBe(inches(12));
    expect(nearestWithin(n, inches(12))).toBe(true);
    expect(nearestWithin(n, inches(12) - 1)).toBe(false);
    // Overlapping x-extents: a vertex of one straight across from the other's edge.
    expect(roundedPoint(n.onA).y).toBe(inches(1));
    expect(roundedPoint(n.onB).y).toBe(inches(13));
    expect(roundedPoint(n.onA).x).toBe(roundedPoint(n.onB).x);
  });

  it("golden: a corner-to-corner 6-8-10 diagonal, exactly 10 inches, on the lattice", () => {
    const a = at(0, 0);
    const b = at(12192 + inches(6) + 12192, 6096 + inches(8) + 6096);
    const n = nearestPoints(a, b);
    expect(roundedPoint(n.onA)).toEqual({ x: 12192, y: 6096 });
    expect(roundedPoint(n.onB)).toEqual({ x: 12192 + inches(6), y: 6096 + inches(8) });
    expect(ceilDistance(n.squared)).toBe(inches(10));
    expect(onLattice(n.onA) && onLattice(n.onB)).toBe(true);
  });

  it("golden: touching bases meet at a common point, distance 0", () => {
    const n = nearestPoints(at(0, 0), at(24384, 12192));
    expect(n.meet).toBe(true);
    expect(roundedPoint(n.onA)).toEqual({ x: 12192, y: 6096 });
    expect(ceilDistance(n.squared)).toBe(0);
  });

  it("golden: crossing bases with no vertex inside the other meet at an edge crossing", () => {
    // A plus sign: a wide flat base and a tall narrow one, centred together.
    const wide = basePolygon({ x: 0, y: 0, facing: 0 }, { frontage: 20000, depth: 2000 });
    const tall = basePolygon({ x: 0, y: 0, facing: 0 }, { frontage: 2000, depth: 20000 });
    const n = nearestPoints(wide, tall);
    expect(n.meet).toBe(true);
    const p = roundedPoint(n.onA);
    expect(roundedPoint(n.onB)).toEqual(p);
    expect(Math.abs(p.x)).toBe(1000);
    expect(Math.abs(p.y)).toBe(1000);
  });

  it("property: the decision equals the kernel's exact range predicates (base, edge, point)", () => {
    fc.assert(
      fc.property(
        pose(60000),
        size(),
        pose(60000),
        size(),
        fc.integer({ min: 0, max: 90000 }),
        (pa, sa, pb, sb, r) => {
          const a = basePolygon(pa, sa);
          const b = basePolygon(pb, sb);
          const [e0, e1] = frontEdge(pa, sa);
          expect(nearestWithin(nearestPoints(a, b), r)).toBe(convexWithin(a, b, r));
          expect(nearestWithin(nearestPoints([e0, e1], b), r)).toBe(segmentConvexWithin(e0, e1, b, r));
          expect(nearestWithin(nearestPoints([e0], b), r)).toBe(pointConvexWithin(e0, b, r));
          // The decision at the distance itself, rounded up, and a tick below it.
          const k = ceilDistance(nearestPoints([e0, e1], b).squared);
          expect(segmentConvexWithin(e0, e1, b, k)).toBe(true);
          if (k > 0) expect(segmentConvexWithin(e0, e1, b, k - 1)).toBe(false);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("property: the points lie on the two polygons, their squared distance is the one reported, and it is the float distance", () => {
    fc.assert(
      fc.property(pose(60000), size(), pose(60000), size(), (pa, sa, pb, sb) => {
        const a = basePolygon(pa, sa);
        const b = basePolygon(pb, sb);
        const n = nearestPoints(a, b);
        expect(squaredMatches(n)).toBe(true);
        if (n.meet) {
          // One common point, within a tick of both (exactly in both before rounding).
          const c = roundedPoint(n.onA);
          expect(roundedPoint(n.onB)).toEqual(c);
          expect(convexWithin([c], a, 1) && convexWithin([c], b, 1)).toBe(true);
          return;
        }
        expect(onBoundary(n.onA, a)).toBe(true);
        expect(onBoundary(n.onB, b)).toBe(true);
        const d = Math.sqrt((n.squared.p / n.squared.l) * n.squared.q);
        expect(Math.abs(d - convexDistance(a, b).distance)).toBeLessThan(1e-6 * Math.max(1, d));
        // Rounded points are within half a tick a coordinate of the exact ones.
        const ea = exact(n.onA);
        const ra = roundedPoint(n.onA);
        expect(Math.abs(Number(ea.x - BigInt(ra.x) * ea.d) / Number(ea.d))).toBeLessThanOrEqual(0.5);
        expect(Math.abs(Number(ea.y - BigInt(ra.y) * ea.d) / Number(ea.d))).toBeLessThanOrEqual(0.5);
      }),
      { numRuns: 400 },
    );
  });

  it("property: ceilDistance is the least whole tick at or beyond the exact distance", () => {
    fc.assert(
      fc.property(pose(60000), size(), pose(60000), size(), (pa, sa, pb, sb) => {
        const s = nearestPoints(basePolygon(pa, sa), basePolygon(pb, sb)).squared;
        const k = BigInt(ceilDistance(s));
        const pq = BigInt(s.p) * BigInt(s.q);
        const l = BigInt(s.l);
        expect(k * k * l >= pq).toBe(true);
        if (k > 0n) expect((k - 1n) * (k - 1n) * l < pq).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("a point to a point, and a point inside a base", () => {
    const n = nearestPoints([{ x: 0, y: 0 }], [{ x: 3, y: 4 }]);
    expect(ceilDistance(n.squared)).toBe(5);
    expect(nearestWithin(n, 5)).toBe(true);
    expect(nearestWithin(n, 4)).toBe(false);
    const inside = nearestPoints([{ x: 10, y: 10 }], at(0, 0));
    expect(inside.meet).toBe(true);
    expect(roundedPoint(inside.onB)).toEqual({ x: 10, y: 10 });
  });
});
