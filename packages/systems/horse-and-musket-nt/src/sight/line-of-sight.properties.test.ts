import { spanInConvex } from "@tercio/geometry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unitPolygon } from "../bases.js";
import type { Position, UnitState } from "../position.js";
import { rect } from "../test-support/pieces.js";
import { inch, table } from "../test-support/table.js";
import { SIDES, UNIT_TYPES, type UnitType } from "../vocabulary.js";
import { sideSight } from "./line-of-sight.js";
import { sightWorking } from "./sight-working.js";

/**
 * Line of Sight as invariants, on random tables of a few units (on a coarse
 * grid, so no two bases overlap; any types and facings, either side): the
 * answer does not depend on the units' ids or the order they are listed
 * in, and a line reported clear never passes through the interior of a
 * third unit tall enough to block it.
 */
const CELL = inch(9);

/** One unit of a random layout: its cell offset, type, side and facing. */
interface UnitSpec {
  readonly type: UnitType;
  readonly side: "first" | "second";
  readonly dx: number;
  readonly dy: number;
  readonly facing: number;
}

const unitArb: fc.Arbitrary<UnitSpec> = fc.record({
  type: fc.constantFrom(...UNIT_TYPES),
  side: fc.constantFrom("first" as const, "second" as const),
  dx: fc.integer({ min: -inch(1), max: inch(1) }),
  dy: fc.integer({ min: -inch(1), max: inch(1) }),
  facing: fc.integer({ min: 0, max: 35999 }),
});

/** 3 to 5 units in distinct cells of a 5 x 4 grid of 9" cells. */
const layoutArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 19 }), { minLength: 3, maxLength: 5 })
  .chain((cells) =>
    fc.tuple(fc.constant(cells), fc.array(unitArb, { minLength: cells.length, maxLength: cells.length })),
  );

const { ctx, position: blank } = table({ units: [{ id: "Z", type: "infantry", x: 36, y: 24 }] });
/** The same table with a wood and a hill among the units' cells. */
const { ctx: wooded } = table({
  units: [{ id: "Z", type: "infantry", x: 36, y: 24 }],
  areas: [rect("Wood", "woods", 14, 20, 24, 28), rect("Hill", "hill", 40, 10, 50, 20)],
});

function layout(cells: readonly number[], units: readonly UnitSpec[], ids: readonly string[]) {
  const out: Record<string, UnitState> = {};
  cells.forEach((cell, i) => {
    const u = units[i] as UnitSpec;
    out[ids[i] as string] = {
      side: u.side,
      type: u.type,
      formation: "line",
      x: inch(9) + (cell % 5) * CELL + u.dx,
      y: inch(8) + Math.floor(cell / 5) * CELL + u.dy,
      facing: u.facing,
      hits: 0,
      acted: "none",
      roll: 0,
      outOfAmmunition: false,
    };
  });
  return out;
}

const withUnitsOnly = (units: Record<string, UnitState>): Position => ({ ...blank, units });

describe("line of sight does not depend on the units' ids", () => {
  it("[003 Line of Sight] renaming the units (and listing them in another order) changes no answer", () => {
    let seen = 0;
    fc.assert(
      fc.property(layoutArb, fc.boolean(), ([cells, units], trees) => {
        const c = trees ? wooded : ctx;
        const ids = cells.map((_, i) => `U${i}`);
        // The same units under ids sorting the other way, inserted in reverse.
        const renamed = cells.map((_, i) => `Z${cells.length - i}`);
        const a = withUnitsOnly(layout(cells, units, ids));
        const bUnits = layout(cells, units, renamed);
        const b = withUnitsOnly(Object.fromEntries(Object.entries(bUnits).reverse()));
        for (let i = 0; i < ids.length; i++)
          for (let j = 0; j < ids.length; j++) {
            if (i === j) continue;
            for (const side of SIDES) {
              const x = sideSight(c, a, ids[i] as string, ids[j] as string, side);
              const y = sideSight(c, b, renamed[i] as string, renamed[j] as string, side);
              expect([y.visible, y.seen, y.d2]).toEqual([x.visible, x.seen, x.d2]);
              if (x.visible) seen++;
            }
          }
      }),
      { numRuns: 60 },
    );
    // Not vacuous: many of those sides were seen.
    expect(seen).toBeGreaterThan(100);
  });
});

describe("a clear line passes through no third unit", () => {
  const height = (t: UnitType) => ctx.rules.data.unitTypes[t].height;

  it("[003 Line of Sight] every line sightWorking reports clear misses the interior of every unit as tall as either end", () => {
    let clear = 0;
    fc.assert(
      fc.property(layoutArb, ([cells, units]) => {
        const ids = cells.map((_, i) => `U${i}`);
        const position = withUnitsOnly(layout(cells, units, ids));
        for (const v of ids)
          for (const t of ids) {
            if (v === t) continue;
            const w = sightWorking(ctx, position, v, t);
            if (!w) continue;
            const viewer = position.units[v] as UnitState;
            const target = position.units[t] as UnitState;
            const low = Math.min(height(viewer.type), height(target.type));
            const lines = [
              ...(w.centreBlock ? [] : [w.centre]),
              ...w.parts.filter((p) => !p.block).map((p) => p.mid),
            ];
            clear += lines.length;
            for (const [o, u] of Object.entries(position.units)) {
              if (o === v || o === t || height(u.type) < low) continue;
              for (const to of lines) expect(spanInConvex(w.origin, to, unitPolygon(ctx, u))).toBeNull();
            }
          }
      }),
      { numRuns: 60 },
    );
    expect(clear).toBeGreaterThan(1000);
  });
});
