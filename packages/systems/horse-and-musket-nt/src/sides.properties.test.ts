import { closedZones, cornerRays, type Point, pointInPolygon, scaledDirection } from "@tercio/geometry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unitCorners, unitFrontCentre, unitPolygon } from "./bases.js";
import type { Ctx } from "./context.js";
import type { UnitState } from "./position.js";
import { sideFacing, sideOfTarget } from "./sides.js";
import { inch, table } from "./test-support/table.js";
import { FORMATIONS, UNIT_TYPES } from "./vocabulary.js";

/**
 * Front, Left, Right & Rear Sides as invariants: the four sides partition
 * the table outside a base (a point on a ray is given to one side by the
 * onRay option), a unit straight ahead is in the front, and turning the
 * whole table a quarter turn turns the sides with it, to the tick.
 */
const tables = {
  "front-rear": table({
    units: [{ id: "A", type: "infantry", x: 36, y: 24 }],
    options: { onRay: "front-rear" },
  }).ctx,
  flank: table({ units: [{ id: "A", type: "infantry", x: 36, y: 24 }], options: { onRay: "flank" } }).ctx,
};
const CTXS: readonly Ctx[] = [tables["front-rear"], tables.flank];

const unitArb = fc.record({
  type: fc.constantFrom(...UNIT_TYPES),
  formation: fc.constantFrom(...FORMATIONS),
  x: fc.integer({ min: inch(12), max: inch(60) }),
  y: fc.integer({ min: inch(12), max: inch(60) }),
  facing: fc.integer({ min: 0, max: 35999 }),
});

function state(u: {
  type: UnitState["type"];
  formation: UnitState["formation"];
  x: number;
  y: number;
  facing: number;
}) {
  const s: UnitState = {
    side: "second",
    type: u.type,
    formation: u.formation,
    x: u.x,
    y: u.y,
    facing: u.facing,
    hits: 0,
    acted: "none",
    roll: 0,
    outOfAmmunition: false,
  };
  return s;
}

const pointArb = fc.record({
  x: fc.integer({ min: inch(0), max: inch(72) }),
  y: fc.integer({ min: inch(0), max: inch(72) }),
});

/** A quarter turn clockwise about (36", 36"), as a facing turns +9000. */
function quarter(p: Point): Point {
  const c = inch(36);
  return { x: c + (p.y - c), y: c - (p.x - c) };
}

function turned(u: UnitState): UnitState {
  const p = quarter(u);
  return { ...u, x: p.x, y: p.y, facing: (u.facing + 9000) % 36000 };
}

describe("the four sides partition the table", () => {
  it("[003 Front, Left, Right & Rear Sides] every point outside a base is in exactly one side; inside it, in none", () => {
    fc.assert(
      fc.property(unitArb, pointArb, (u, p) => {
        const t = state(u);
        const inside = pointInPolygon(p, unitPolygon(tables["front-rear"], t)) === "inside";
        const closed = closedZones(unitCorners(tables["front-rear"], t), p);
        // Off the rays one closed zone holds the point, on a ray two; strictly inside none.
        expect(closed.length === 0).toBe(inside);
        expect(closed.length).toBeLessThanOrEqual(2);
        for (const ctx of CTXS) {
          const side = sideFacing(ctx, t, p);
          if (inside) expect(side).toBe("inside");
          else expect(closed).toContain(side);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("[003 Front, Left, Right & Rear Sides] a point on a corner ray is in two closed sides: onRay gives it to the front or rear, or to the flank", () => {
    fc.assert(
      fc.property(
        unitArb,
        fc.constantFrom("fl", "fr", "rl", "rr" as const),
        fc.integer({ min: 1, max: 4 }),
        (u, corner, k) => {
          const t = state(u);
          const corners = unitCorners(tables["front-rear"], t);
          const ray = cornerRays(corners)[corner];
          // The ray vector is about 1.4 frontages long: k of them reach out several base widths.
          const p = { x: corners[corner].x + ray.x * k, y: corners[corner].y + ray.y * k };
          const closed = closedZones(corners, p);
          expect(closed).toHaveLength(2);
          const frontRear = sideFacing(tables["front-rear"], t, p);
          const flank = sideFacing(tables.flank, t, p);
          expect(["front", "rear"]).toContain(frontRear);
          expect(["left", "right"]).toContain(flank);
          expect(closed).toEqual(expect.arrayContaining([frontRear, flank]));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("a unit straight ahead", () => {
  it("[003 Front, Left, Right & Rear Sides] a unit whose front-centre is straight ahead of a target is in its front, whatever its facing", () => {
    const ctx = tables["front-rear"];
    fc.assert(
      fc.property(unitArb, unitArb, fc.integer({ min: inch(0, 1, 4), max: inch(30) }), (tu, vu, ahead) => {
        const t = state(tu);
        const v0 = state(vu);
        const front = unitFrontCentre(ctx, t);
        const step = scaledDirection(t.facing, ahead);
        const want = { x: front.x + step.x, y: front.y + step.y };
        const fcv = unitFrontCentre(ctx, v0);
        const v = { ...v0, x: v0.x + want.x - fcv.x, y: v0.y + want.y - fcv.y };
        expect(unitFrontCentre(ctx, v)).toEqual(want);
        expect(sideOfTarget(ctx, v, t)).toBe("front");
      }),
      { numRuns: 1000 },
    );
  });
});

describe("a quarter turn of the table", () => {
  it("[003 Front, Left, Right & Rear Sides] turning both units a quarter turn about a point leaves the side unchanged, exactly", () => {
    fc.assert(
      fc.property(unitArb, unitArb, (tu, vu) => {
        const t = state(tu);
        const v = state(vu);
        for (const ctx of CTXS) expect(sideOfTarget(ctx, turned(v), turned(t))).toBe(sideOfTarget(ctx, v, t));
        // The corners themselves turn to the tick.
        const c = unitCorners(CTXS[0] as Ctx, t);
        const r = unitCorners(CTXS[0] as Ctx, turned(t));
        expect([r.fl, r.fr, r.rr, r.rl]).toEqual([c.fl, c.fr, c.rr, c.rl].map(quarter));
      }),
      { numRuns: 1000 },
    );
  });

  it("[003 Front, Left, Right & Rear Sides] and so it does for a front-centre exactly on a corner ray, under either onRay", () => {
    fc.assert(
      fc.property(
        unitArb,
        unitArb,
        fc.constantFrom("fl", "fr", "rl", "rr" as const),
        fc.integer({ min: 1, max: 8 }),
        (tu, vu, corner, k) => {
          const ctx0 = CTXS[0] as Ctx;
          const t = state(tu);
          const v0 = state(vu);
          const corners = unitCorners(ctx0, t);
          const ray = cornerRays(corners)[corner];
          const want = { x: corners[corner].x + ray.x * k, y: corners[corner].y + ray.y * k };
          const fcv = unitFrontCentre(ctx0, v0);
          const v = { ...v0, x: v0.x + want.x - fcv.x, y: v0.y + want.y - fcv.y };
          expect(closedZones(corners, want)).toHaveLength(2);
          for (const ctx of CTXS)
            expect(sideOfTarget(ctx, turned(v), turned(t))).toBe(sideOfTarget(ctx, v, t));
        },
      ),
      { numRuns: 300 },
    );
  });
});
