import { convexWithin, interiorsOverlap, isTablePoint, polygonOverlapsInterior } from "@tercio/geometry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ProgramOp } from "./actions.js";
import { onTable, unitPolygon } from "./bases.js";
import { chargePath } from "./charge.js";
import { makeContext } from "./context.js";
import { checkMove } from "./movement/check-move.js";
import { fieldOfFire, inFieldOfFire } from "./shooting/field-of-fire.js";
import { IN, table, withUnits } from "./test-support/table.js";

function must<T>(v: T | undefined): T {
  if (v === undefined) throw new Error("missing");
  return v;
}

const rect = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

const field = table({
  terrain: [
    { id: "w", kind: "woods", name: "the Wood", polygon: rect(10, 24, 20, 32) },
    { id: "m", kind: "marsh", name: "the Marsh", polygon: rect(30, 26, 40, 30) },
  ],
  units: [
    { id: "M", type: "infantry", x: 24, y: 12 },
    { id: "F", type: "infantry", x: 16, y: 14 },
    { id: "E", type: "infantry", x: 30, y: 20, facing: 18000, side: "second" },
  ],
});

const op = fc.oneof(
  fc.record({
    op: fc.constant("pivot" as const),
    cdeg: fc.integer({ min: -18000, max: 18000 }).filter((c) => c !== 0),
  }),
  fc.record({ op: fc.constant("advance" as const), ticks: fc.integer({ min: 1, max: IN(8) }) }),
);

describe("properties", () => {
  it("[004 Movement] property: a legal move ends on the table, on no unit, out of woods and marsh, within its allowance", () => {
    const { ctx, position } = field;
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 3 }), (program: ProgramOp[]) => {
        const c = checkMove(ctx, position, "M", program);
        if (!c.legal) {
          expect(c.legalOps).toBeLessThan(program.length);
          return;
        }
        const moved = withUnits(position, { M: { x: c.pose.x, y: c.pose.y, facing: c.pose.facing } });
        const base = unitPolygon(must(moved.units.M));
        expect(onTable(ctx, base)).toBe(true);
        for (const id of ["F", "E"])
          expect(interiorsOverlap(base, unitPolygon(must(moved.units[id])))).toBe(false);
        for (const a of ctx.terrain.areas) expect(polygonOverlapsInterior(a.polygon, base)).toBe(false);
        expect(c.used).toBeLessThanOrEqual(c.allowance);
      }),
      { numRuns: 300 },
    );
  });

  it("[004 Movement: Charge Moves] property: a charge ends in contact with its target, overlapping nothing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: IN(14), max: IN(34) }),
        fc.integer({ min: IN(14), max: IN(26) }),
        fc.integer({ min: 0, max: 35999 }),
        fc.integer({ min: -4500, max: 4500 }),
        (x, y, facing, turn) => {
          const t = table({
            units: [
              { id: "C", type: "cavalry", x: 24, y: 8 },
              { id: "T", type: "infantry", x: 24, y: 40, side: "second" },
            ],
          });
          const p = withUnits(t.position, { T: { x, y, facing } });
          const path = chargePath(t.ctx, p, "C", "T", turn);
          if (!path.ok) return;
          const c = {
            ...(p.units.C as never as object),
            x: path.value.pose.x,
            y: path.value.pose.y,
            facing: path.value.pose.facing,
          };
          const a = unitPolygon(c as never);
          const b = unitPolygon(p.units.T as never);
          expect(interiorsOverlap(a, b)).toBe(false);
          expect(convexWithin(a, b, 3)).toBe(true);
          expect(path.value.travel).toBeLessThanOrEqual(IN(12));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("[004 Shooting: Adjudge Field of Fire] property: on the largest table the arcs stay within the kernel's exact range", () => {
    const big = { ...field.ctx.scenario, table: { width: IN(144), height: IN(144) } };
    const ctx = makeContext(field.ctx.rules, big, field.ctx.options);
    const unit = must(field.position.units.M);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: IN(144) }),
        fc.integer({ min: 0, max: IN(144) }),
        fc.integer({ min: 0, max: 35999 }),
        fc.constantFrom(IN(2), IN(6)),
        fc.constantFrom("corner-rays" as const, "wedge-45" as const, "wedge-22.5" as const),
        (x, y, facing, frontage, reading) => {
          const arc = fieldOfFire(ctx, { ...unit, x, y, facing, frontage }, reading);
          for (const p of arc) expect(isTablePoint(p)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("[004 Shooting: Adjudge Field of Fire] property: a ±22.5º wedge lies in the ±45º wedge, which lies in the corner rays' zone", () => {
    const mk = (fieldOfFire: "corner-rays" | "wedge-45" | "wedge-22.5") =>
      table({
        units: [
          { id: "S", type: "infantry", x: 24, y: 24 },
          { id: "E", type: "infantry", x: 40, y: 40, side: "second" },
        ],
        options: { fieldOfFire },
      });
    const [rays, w45, w22] = [mk("corner-rays"), mk("wedge-45"), mk("wedge-22.5")];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 35999 }),
        fc.integer({ min: IN(3), max: IN(45) }),
        fc.integer({ min: IN(3), max: IN(45) }),
        fc.integer({ min: 0, max: 35999 }),
        (sf, x, y, tf) => {
          const p = withUnits(rays.position, { S: { facing: sf }, E: { x, y, facing: tf } });
          const s = p.units.S;
          const e = p.units.E;
          if (!s || !e) return;
          const a = inFieldOfFire(w22.ctx, s, e);
          const b = inFieldOfFire(w45.ctx, s, e);
          const c = inFieldOfFire(rays.ctx, s, e);
          if (a) expect(b).toBe(true);
          if (b) expect(c).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
