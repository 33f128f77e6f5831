import {
  basePolygon,
  firstContact,
  insideRect,
  interiorsOverlap,
  type Point,
  scaledDirection,
} from "@tercio/geometry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Action } from "../actions.js";
import { unitPolygon, unitSize } from "../bases.js";
import type { Position, UnitState } from "../position.js";
import { rect, ticks } from "../test-support/pieces.js";
import {
  eventsOf,
  INCH,
  inch,
  play,
  refusal,
  rolled,
  type TestTable,
  type TestUnit,
  table,
} from "../test-support/table.js";
import { UNIT_TYPES, type UnitType } from "../vocabulary.js";
import { fallBackPath } from "./fall-back.js";

/**
 * Maneuvering iii: "Fall Back. Move directly back Dx facing the new
 * direction. Cavalry may face original direction instead." With
 * Interpenetration: "Skirmishers may move through but not stop upon any
 * Unit and vice-versa", and the threat zone, which a Fall Back may enter.
 *
 * U stands at (20, 20) facing north (a 6" x 3" base from y = 18.5 to
 * 21.5); the enemy is the default lone gun in the far corner unless a test
 * names one.
 */
function field(type: UnitType = "infantry", extra: TestUnit[] = [], more: Partial<TestTable> = {}) {
  return table({
    units: [{ id: "U", type, x: 20, y: 20 }, ...extra],
    options: { greyAreas: "exact" },
    ...more,
  });
}

const back = (keepFacing?: boolean): Action => ({
  type: "fall-back",
  unit: "U",
  ...(keepFacing === undefined ? {} : { keepFacing }),
});

function unit(position: Position, id: string): UnitState {
  const u = position.units[id];
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

/** U's fall back after a rolled Dx of `face`: its event and the position. */
function fallBack(
  t: { ctx: ReturnType<typeof table>["ctx"]; position: Position },
  face: number,
  keep?: boolean,
) {
  const step = play(t.ctx, rolled(t.position, "U", face), back(keep));
  const event = eventsOf(step.events, "fell-back")[0];
  if (!event) throw new Error("no fell-back event");
  return { event, position: step.position };
}

describe("Maneuvering iii: directly back Dx, facing the new direction", () => {
  it('[003 Maneuvering iii] infantry rolled 4 move straight back 4" and face about', () => {
    const { event, position } = fallBack(field(), 4);
    expect(event).toEqual({
      type: "fell-back",
      unit: "U",
      x: inch(20),
      y: inch(16),
      facing: 18000,
      distance: inch(4),
    });
    expect(unit(position, "U")).toMatchObject({
      x: inch(20),
      y: inch(16),
      facing: 18000,
      acted: "fell-back",
    });
  });

  it("[003 Maneuvering iii] straight back along the unit's own facing: a unit facing east falls back west", () => {
    const t = table({
      units: [{ id: "U", type: "infantry", x: 20, y: 20, facing: 9000 }],
      options: { greyAreas: "exact" },
    });
    const { event } = fallBack(t, 3);
    expect(event).toMatchObject({ x: inch(17), y: inch(20), facing: 27000, distance: inch(3) });
  });

  it("[003 Maneuvering iii] [003 Variable Quality] the Dx is the unit's: a Militia 4 falls back 3\"", () => {
    const t = table({
      units: [
        { id: "U", type: "infantry", x: 20, y: 20, quality: ["militia"] },
        { id: "E", type: "infantry", x: 60, y: 40, side: "second", quality: ["elite"] },
      ],
      options: { greyAreas: "exact", variableQuality: "on" },
    });
    expect(fallBack(t, 4).event.distance).toBe(inch(3));
  });

  it("[003 Maneuvering iii] Cavalry may face the original direction instead, or face about", () => {
    expect(fallBack(field("cavalry"), 5, true).event).toMatchObject({ y: inch(15), facing: 0 });
    expect(fallBack(field("cavalry"), 5).event).toMatchObject({ y: inch(15), facing: 18000 });
  });

  it("[003 Maneuvering iii] only Cavalry: infantry, skirmishers and guns keeping their facing are refused, the rule cited", () => {
    for (const type of ["infantry", "skirmishers", "artillery"] as const) {
      const { ctx, position } = field(type);
      const e = refusal(ctx, rolled(position, "U", 3), back(true));
      expect(e.code).toBe("move/fall-back");
      expect(e.rule).toBe("Maneuvering iii");
    }
  });

  it("[003 Maneuvering iii] [003 Maneuvering] a Fall Back is the unit's move: rolled first, and then it may not fire", () => {
    const { ctx, position } = field("infantry", [
      { id: "E", type: "infantry", x: 20, y: 27, facing: 18000, side: "second" },
    ]);
    expect(refusal(ctx, position, back()).code).toBe("move/not-rolled");
    const step = play(ctx, rolled(position, "U", 2), back());
    // E is now 9" ahead of U's old front, still in range of a unit that had not moved; U has.
    expect(refusal(ctx, step.position, { type: "fire", unit: "U" }, [3]).code).toBe("fire/moved");
    expect(refusal(ctx, step.position, back(), [3]).code).toBe("action/already-acted");
  });
});

describe("Maneuvering iii and Interpenetration: through Skirmishers, never upon a unit", () => {
  /** U's rear edge is at 18.5: a unit centred `gap` ticks further south, its front edge there, touches it at 0. */
  const behindU = (id: string, type: UnitType, gap: number, depth = 3): TestUnit => ({
    id,
    type,
    x: 20,
    y: { in: 0, num: inch(18.5) - gap - inch(depth) / 2, den: INCH },
  });

  it('[003 Maneuvering iii] [003 Interpenetration] infantry pass through Skirmishers touching their rear: 6" ends flush beyond them', () => {
    const { event } = fallBack(field("infantry", [behindU("S", "skirmishers", 0)]), 6);
    expect(event).toEqual({
      type: "fell-back",
      unit: "U",
      x: inch(20),
      y: inch(14),
      facing: 18000,
      distance: inch(6),
    });
  });

  it('[003 Maneuvering iii] [003 Interpenetration] but never stop upon them: a tick further off, 6" would end upon them, so it stops short of them', () => {
    const { event } = fallBack(field("infantry", [behindU("S", "skirmishers", 1)]), 6);
    expect(event).toMatchObject({ distance: 1, blockedBy: "S" });
  });

  it("[003 Maneuvering iii] [003 Interpenetration] and vice-versa: Skirmishers pass through cavalry, or stop short of ending upon them", () => {
    // Cavalry 2" deep touching the skirmishers' rear: 5" clears them exactly, 4" would end upon them.
    const t = field("skirmishers", [behindU("C", "cavalry", 0, 2)]);
    expect(fallBack(t, 5).event).toMatchObject({ distance: inch(5), y: inch(15) });
    expect(fallBack(t, 4).event).toMatchObject({ distance: 0, blockedBy: "C" });
  });

  it("[003 Maneuvering iii] [003 Interpenetration] infantry do not pass through infantry: they stop in contact, to the tick", () => {
    const { event } = fallBack(field("infantry", [behindU("I", "infantry", inch(2))]), 5);
    expect(event).toMatchObject({ distance: inch(2), y: inch(18), blockedBy: "I" });
  });

  it("[003 Maneuvering iii] [003 Interpenetration] a path blocked inside Skirmishers ends short of the Skirmishers, not upon them", () => {
    // S touches U's rear; infantry I 1" beyond S: the path stops 1" into S, which is no place to stop.
    const t = field("infantry", [behindU("S", "skirmishers", 0), behindU("I", "infantry", inch(4))]);
    const { event } = fallBack(t, 6);
    expect(event).toMatchObject({ distance: 0, blockedBy: "S" });
    const path = fallBackPath(t.ctx, rolled(t.position, "U", 6), "U", inch(6), false);
    expect(path.moved).toBe(0);
  });

  it("[003 Maneuvering iii] [003 Interpenetration] an enemy's Skirmishers are passed through as a friend's are", () => {
    const enemy = { ...behindU("S", "skirmishers", 0), side: "second" as const, facing: 18000 };
    expect(fallBack(field("infantry", [enemy]), 6).event.distance).toBe(inch(6));
  });
});

describe("Maneuvering iii: what else stops a Fall Back short", () => {
  it("[003 Maneuvering iii] [003 Interpenetration: threat zone] a Fall Back may enter an enemy's threat zone; a Reform there may not", () => {
    // E faces west, its front edge at x = 28.5: its zone reaches x = 24.5, widening to y 5..18 at x = 25.
    const t = table({
      units: [
        { id: "U", type: "infantry", x: 22, y: 20 },
        { id: "E", type: "infantry", x: 30, y: 11.5, facing: 27000, side: "second" },
      ],
      options: { greyAreas: "exact" },
    });
    expect(fallBack(t, 4).event).toMatchObject({ distance: inch(4), y: inch(16) });
    const e = refusal(t.ctx, t.position, { type: "reform", unit: "U", dx: 0, dy: -inch(2) });
    expect(e.code).toBe("move/threat-zone");
  });

  it("[003 Maneuvering iii] [003 Terrain ii] infantry stop at the edge of a wood they may not enter; Skirmishers go in", () => {
    const wood = rect("wood", "woods", 10, 8, 30, { in: 17, num: 1, den: 2 });
    expect(fallBack(field("infantry", [], { areas: [wood] }), 4).event).toMatchObject({
      distance: inch(1),
      blockedBy: "terrain",
    });
    expect(fallBack(field("skirmishers", [], { areas: [wood] }), 4).event.distance).toBe(inch(4));
  });

  it("[003 Maneuvering iii] the table's edge: a unit 1 1/2\" from it falls back exactly to it", () => {
    const t = table({ units: [{ id: "U", type: "infantry", x: 20, y: 3 }], options: { greyAreas: "exact" } });
    expect(fallBack(t, 4).event).toMatchObject({
      distance: inch(1.5),
      y: inch(1.5),
      blockedBy: "the table's edge",
    });
  });
});

describe("Maneuvering iii and Interpenetration as invariants", () => {
  /** Another unit somewhere behind the mover: `back` ticks behind its centre, `aside` to its right. */
  const placed = fc.record({
    type: fc.constantFrom(...UNIT_TYPES),
    back: fc.integer({ min: inch(2), max: inch(9) }),
    aside: fc.integer({ min: -inch(4), max: inch(4) }),
    facing: fc.integer({ min: 0, max: 35999 }),
  });

  it("[003 Maneuvering iii] [003 Interpenetration] property: a Fall Back moves at most its Dx, ends upon no unit, passes only where a Skirmisher is, and goes as far as it may", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...UNIT_TYPES),
        fc.integer({ min: 0, max: 35999 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(placed, { minLength: 1, maxLength: 4 }),
        (type, facing, face, others) => {
          const t = table({
            units: [
              { id: "U", type, x: 20, y: 20, facing },
              ...others.map((o, i) => {
                const b = scaledDirection(facing, -o.back);
                const r = scaledDirection(facing + 9000, o.aside);
                const x = ticks(inch(20) + b.x + r.x);
                return { id: `O${i}`, type: o.type, x, y: ticks(inch(20) + b.y + r.y), facing: o.facing };
              }),
            ],
            options: { greyAreas: "exact" },
          });
          const u = unit(t.position, "U");
          const start = unitPolygon(t.ctx, u);
          const bases = others.map((_, i) => unitPolygon(t.ctx, unit(t.position, `O${i}`)));
          fc.pre(bases.every((b) => !interiorsOverlap(start, b)));
          const distance = inch(face);
          const p = fallBackPath(t.ctx, rolled(t.position, "U", face), "U", distance, false);
          expect(p.moved).toBeGreaterThanOrEqual(0);
          expect(p.moved).toBeLessThanOrEqual(distance);
          const end = (s: number) => {
            const v = scaledDirection(u.facing, -s);
            return basePolygon({ x: u.x + v.x, y: u.y + v.y, facing: u.facing }, unitSize(t.ctx, u));
          };
          const skirmisher = (s: UnitType) => s === "skirmishers";
          /**
           * Where along the whole Dx's path each unit it may not pass is first met (exact, the kernel's
           * firstContact; a base sliding along a side is not met), in ticks back, if at all.
           */
          const path = scaledDirection(u.facing, -distance);
          const metAt = others.map((o, i) => {
            if (skirmisher(type) || skirmisher(o.type)) return undefined;
            const hit = firstContact(start, path, bases[i] as Point[]);
            return hit ? (hit.t.num * distance) / hit.t.den : undefined;
          });
          /** The place `s` back is a legal end: on the table, upon no unit, past no unit it may not pass. */
          const legal = (s: number) => {
            const e = end(s);
            if (!insideRect(e, 0, 0, t.ctx.table.width, t.ctx.table.height)) return false;
            return others.every((_, i) => {
              if (interiorsOverlap(e, bases[i] as Point[])) return false;
              const met = metAt[i];
              return met === undefined || s <= met;
            });
          };
          expect(legal(p.moved)).toBe(true);
          if (p.moved < distance) {
            expect(p.blockedBy).toBeDefined();
            expect(legal(p.moved + 1)).toBe(false);
            // Nowhere further back is a legal end either (sampled every 1/16" from the Dx down).
            for (let s = distance; s > p.moved; s -= INCH / 16) expect(legal(s)).toBe(false);
          } else expect(p.blockedBy).toBeUndefined();
          // Facing about: the pose is the place back, turned 180 degrees.
          expect(p.pose.facing).toBe((u.facing + 18000) % 36000);
        },
      ),
      {
        numRuns: 200,
        // Cavalry grazing a gun it touches along its right side: sampled trial lengths once stopped it short.
        examples: [
          [
            "cavalry",
            2,
            3,
            [
              { type: "artillery", back: 12192, aside: 24377, facing: 10 },
              { type: "infantry", back: 12192, aside: -20549, facing: 22508 },
            ],
          ],
        ],
      },
    );
  }, 30_000);
});
