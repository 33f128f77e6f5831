import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { basePolygon } from "./base.js";
import { firstContact, firstContactAmong } from "./contact.js";
import { convexWithin } from "./convex.js";
import { convexHull } from "./hull.js";
import { interiorsOverlap } from "./overlap.js";
import { type Point, translatePolygon } from "./point.js";
import { inches } from "./units.js";

const SIZE = { frontage: inches(4), depth: inches(2) };
const at = (x: number, y: number, facing = 0) => basePolygon({ x, y, facing }, SIZE);
const A = at(0, 0);

describe("golden: first contact of a charge", () => {
  it("head on: the front edges meet, edge to edge, at an exact displacement", () => {
    // B faces south; its front edge is at y = 20000 − 6096 = 13904, A's at 6096: a gap of 7808.
    const b = at(0, 20000, 18000);
    const c = firstContact(A, { x: 0, y: 20000 }, b);
    expect(c).toEqual({
      t: { num: 244, den: 625 },
      displacement: { x: 0, y: 7808 },
      touching: "edge-edge",
      contactEdgeOfB: 0,
    });
    if (!c) return;
    const moved = translatePolygon(A, c.displacement);
    expect(interiorsOverlap(moved, b)).toBe(false);
    expect(convexWithin(moved, b, 0)).toBe(true);
  });

  it("corner to corner: it stops, does not overlap, and says so", () => {
    // A's front-right corner (12192, 6096) meets B's rear-left corner at (13192, 7096).
    const b = at(12192 + 1000 + 12192, 6096 + 1000 + 6096);
    const c = firstContact(A, { x: 2000, y: 2000 }, b);
    expect(c?.touching).toBe("corner-corner");
    expect(c?.t.num && c.t.num / c.t.den).toBe(0.5);
    expect(c?.displacement).toEqual({ x: 1000, y: 1000 });
    if (c) expect(interiorsOverlap(translatePolygon(A, c.displacement), b)).toBe(false);
  });

  it("a corner striking an edge", () => {
    // B turned 45°: its corner points down at A's front edge.
    const b = basePolygon({ x: 0, y: 30000, facing: 4500 }, { frontage: inches(2), depth: inches(2) });
    const c = firstContact(A, { x: 0, y: 30000 }, b);
    expect(c?.touching).toBe("corner-edge");
    expect(c?.contactEdgeOfB).toBeUndefined();
    // The other way round: A's corner into B's edge.
    const tilted = basePolygon({ x: 0, y: 0, facing: 4500 }, { frontage: inches(2), depth: inches(2) });
    const d = firstContact(tilted, { x: 0, y: 30000 }, at(0, 30000, 18000));
    expect(d?.touching).toBe("corner-edge");
    expect(d?.contactEdgeOfB).toBe(0);
  });

  it("a glancing miss by one tick is no contact, and neither is sliding along a side", () => {
    // A's right edge is x = 12192; B's left edge x = 12193.
    expect(firstContact(A, { x: 0, y: 50000 }, at(12193 + 12192, 20000))).toBeNull();
    expect(firstContact(A, { x: 0, y: 50000 }, at(12192 + 12192, 20000))).toBeNull();
    expect(firstContact(A, { x: 0, y: 50000 }, at(12191 + 12192, 20000))).not.toBeNull();
  });

  it("already touching and moving away is no contact; touching and pushing in stops at once", () => {
    const b = at(0, 12192);
    expect(firstContact(A, { x: 0, y: -5000 }, b)).toBeNull();
    expect(firstContact(A, { x: 3000, y: 0 }, b)).toBeNull();
    const c = firstContact(A, { x: 0, y: 5000 }, b);
    expect(c?.t).toEqual({ num: 0, den: 1 });
    expect(c?.displacement).toEqual({ x: 0, y: 0 });
  });

  it("a move that ends exactly at contact meets at t = 1; one tick short does not", () => {
    const b = at(0, 20000, 18000);
    expect(firstContact(A, { x: 0, y: 7808 }, b)).toEqual({
      t: { num: 1, den: 1 },
      displacement: { x: 0, y: 7808 },
      touching: "edge-edge",
      contactEdgeOfB: 0,
    });
    expect(firstContact(A, { x: 0, y: 7807 }, b)).toBeNull();
  });

  it("throws if the polygons overlap at the start", () => {
    expect(() => firstContact(A, { x: 0, y: 10 }, at(10, 10))).toThrow(RangeError);
  });

  it("among several obstacles, the earliest, clear of all", () => {
    const obstacles = [at(0, 40000, 18000), at(0, 20000, 18000), at(30000, 0)];
    const c = firstContactAmong(A, { x: 0, y: 50000 }, obstacles);
    expect(c?.index).toBe(1);
    expect(c?.displacement).toEqual({ x: 0, y: 7808 });
    expect(firstContactAmong(A, { x: 0, y: -50000 }, obstacles)).toBeNull();
  });
});

const small = (lim: number) => fc.integer({ min: -lim, max: lim });
const smallPoint = (lim: number) => fc.record({ x: small(lim), y: small(lim) });
const convex = (lim: number) =>
  fc
    .array(smallPoint(lim), { minLength: 3, maxLength: 7 })
    .map(convexHull)
    .filter((h) => h.length >= 3);

describe("first contact properties", () => {
  it("never overlaps, stays within 3 ticks of the contact, and no earlier position overlaps", () => {
    const N = 2048;
    fc.assert(
      fc.property(convex(400), convex(400), smallPoint(1000), smallPoint(1000), (a0, b, off, v) => {
        const a = translatePolygon(a0, off);
        if (interiorsOverlap(a, b)) return;
        const c = firstContact(a, v, b);
        // Exact samples at s = i/N, in coordinates scaled by N (well within the exact range).
        const bN = b.map((p) => ({ x: p.x * N, y: p.y * N }));
        const overlapsAt = (i: number) =>
          interiorsOverlap(
            a.map((p) => ({ x: p.x * N + i * v.x, y: p.y * N + i * v.y })),
            bN,
          );
        let first = -1;
        for (let i = 0; i <= N && first < 0; i += 1) if (overlapsAt(i)) first = i;
        if (!c) {
          expect(first).toBe(-1);
          return;
        }
        const moved = translatePolygon(a, c.displacement);
        expect(interiorsOverlap(moved, b)).toBe(false);
        expect(convexWithin(moved, b, 3)).toBe(true);
        if (first >= 0) expect(c.t.num * N).toBeLessThan(first * c.t.den);
        // The displacement is along v: no further than the contact and on the same side.
        expect(c.displacement.x * v.x + c.displacement.y * v.y).toBeGreaterThanOrEqual(0);
        const dv = (p: Point) => p.x * v.x + p.y * v.y;
        expect(dv(c.displacement) * c.t.den).toBeLessThanOrEqual(
          c.t.num * dv(v) + 2 * c.t.den * (Math.abs(v.x) + Math.abs(v.y)),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe("first contact is invariant under translation and quarter turns", () => {
  it("gives the same t, kind and displacement, and the same for clockwise input", () => {
    const q = (p: Point): Point => ({ x: p.y, y: -p.x + 0 });
    fc.assert(
      fc.property(
        convex(2000),
        convex(2000),
        smallPoint(3000),
        smallPoint(5000),
        smallPoint(100_000),
        (a0, b, off, v, s) => {
          const a = translatePolygon(a0, off);
          if (interiorsOverlap(a, b)) return;
          const c = firstContact(a, v, b);
          const shifted = firstContact(translatePolygon(a, s), v, translatePolygon(b, s));
          const turned = firstContact(a.map(q), q(v), b.map(q));
          expect(shifted?.t).toEqual(c?.t);
          expect(turned?.t).toEqual(c?.t);
          expect(shifted?.touching).toEqual(c?.touching);
          expect(turned?.touching).toEqual(c?.touching);
          expect(shifted?.displacement).toEqual(c?.displacement);
        },
      ),
      { numRuns: 300 },
    );
  });
});
