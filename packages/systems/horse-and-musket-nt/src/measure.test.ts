import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sideCentre } from "./bases.js";
import { chargePlan } from "./charge/charge.js";
import { exactJudge } from "./grey-areas.js";
import { measureMove, measureUnits } from "./measure.js";
import { wheelTravel } from "./movement/program.js";
import type { Position } from "./position.js";
import { sideOfTarget } from "./sides.js";
import { sideSight } from "./sight/line-of-sight.js";
import { rect } from "./test-support/pieces.js";
import { INCH, inch, play, rolled, type TestUnit, table, withUnits } from "./test-support/table.js";

/**
 * Pre-measuring: "Distances between Units may be measured at any time."
 * The ruler (measure.ts) measures with the rules' own geometry, at any
 * time, and changes nothing: not the position, not the dice.
 *
 * A, infantry, at (36, 10) facing north: base x 33-39, y 8.5-11.5, front
 * centre (36, 11.5). B, infantry, at (39, 20) facing south: base x 36-42,
 * y 18.5-21.5, front centre (39, 18.5).
 */
const A: TestUnit = { id: "A", type: "infantry", x: 36, y: 10 };
const B: TestUnit = { id: "B", side: "second", type: "infantry", x: 39, y: 20, facing: 18000 };

/** A deep-frozen copy: any write by the query under test throws. */
function frozen<T>(value: T): T {
  const copy = structuredClone(value);
  const freeze = (v: unknown) => {
    if (v && typeof v === "object") {
      Object.freeze(v);
      for (const k of Object.values(v)) freeze(k);
    }
  };
  freeze(copy);
  return copy;
}

function measured(position: Position, from: string, to: string, t = table({ units: [A, B] })) {
  const m = measureUnits(t.ctx, position, from, to);
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
}

describe("[003 Pre-measuring] distances between units, measured exactly", () => {
  it("[003 Pre-measuring] the nearest points of the bases, and the LoS distance front centre to side centre", () => {
    const t = table({ units: [A, B] });
    const m = measured(t.position, "A", "B", t);
    // The bases overlap across x 36-39: 7" apart, A's front edge to B's.
    expect(m.nearest).toMatchObject({ ticks: inch(7), meet: false });
    expect([m.nearest.onFrom.y, m.nearest.onTo.y]).toEqual([inch(11.5), inch(18.5)]);
    // The LoS distance: (3, 7) inches, sqrt 58 = 7.6158"; rounded up to the tick, and exact squared.
    expect(m.los).toMatchObject({
      side: "front",
      origin: { x: inch(36), y: inch(11.5) },
      centre: { x: inch(39), y: inch(18.5) },
      d2: 58 * INCH * INCH,
    });
    const ticks = m.los?.ticks ?? 0;
    expect(ticks * ticks).toBeGreaterThanOrEqual(58 * INCH * INCH);
    expect((ticks - 1) * (ticks - 1)).toBeLessThan(58 * INCH * INCH);
  });

  it("[003 Pre-measuring] both ways: the bases' distance is the same; the LoS distance is each one's own", () => {
    const t = table({ units: [A, B] });
    const ab = measured(t.position, "A", "B", t);
    const ba = measured(t.position, "B", "A", t);
    expect(ba.nearest.ticks).toBe(ab.nearest.ticks);
    // B's front centre (39, 18.5) to A's front centre (36, 11.5): the same (3, 7) here.
    expect(ba.los).toMatchObject({ side: "front", d2: 58 * INCH * INCH });
  });

  it("[003 Pre-measuring] touching bases measure 0", () => {
    // B's front edge on A's, along y = 11.5.
    const t = table({ units: [A, { ...B, y: 13 }] });
    expect(measured(t.position, "A", "B", t).nearest).toMatchObject({ ticks: 0, meet: true });
  });

  it("[003 Pre-measuring] an unknown unit is refused, citing the rule", () => {
    const t = table({ units: [A, B] });
    const m = measureUnits(t.ctx, t.position, "A", "Q");
    expect(!m.ok && m.error).toMatchObject({ code: "action/unknown-unit", rule: "Pre-measuring" });
  });
});

describe("[003 Pre-measuring] at any time, changing nothing", () => {
  it("[003 Pre-measuring] in any phase, for either side's units, whatever they have done: the same readings", () => {
    const t = table({ units: [A, B] });
    const first = measured(t.position, "A", "B", t);
    const later: Position = {
      ...withUnits(t.position, { A: { acted: "fired" }, B: { acted: "moved", hits: 4 } }),
      phase: "rallies",
      toMove: "second",
    };
    expect(measured(later, "A", "B", t)).toEqual(first);
    expect(measured(later, "B", "A", t).nearest).toMatchObject({ ticks: first.nearest.ticks, meet: false });
  });

  it("[003 Pre-measuring] the position is untouched and no die is drawn: the game plays on exactly as without it", () => {
    const t = table({ units: [A, B] });
    const still = frozen(t.position);
    measured(still, "A", "B", t);
    measured(still, "B", "A", t);
    const move = measureMove(t.ctx, still, "A", [{ op: "advance", ticks: inch(2) }]);
    expect(move.ok).toBe(true);
    expect(still).toEqual(t.position);
    // The next die the game rolls is the one it would have rolled.
    const roll = { type: "roll-move", unit: "A" } as const;
    expect(play(t.ctx, still, roll)).toEqual(play(t.ctx, t.position, roll));
  });

  it("[003 Pre-measuring] [003 Grey Areas] exactly at a charge's reach: the ruler reads it, and no roll-off is made", () => {
    // Cavalry C, front centre (36, 11), rolled 1: reach 7"; B's front centre 7" beyond.
    const t = table({
      units: [
        { id: "C", type: "cavalry", x: 36, y: 10 },
        { ...B, x: 36, y: 19.5 },
      ],
    });
    const p = frozen(rolled(t.position, "C", 1));
    const m = measured(p, "C", "B", t);
    expect([m.los?.d2, m.los?.ticks]).toEqual([inch(7) ** 2, inch(7)]);
    expect(p.settled).toEqual({});
  });
});

describe("[003 Pre-measuring] the ruler agrees with the rules' own measurement", () => {
  it("[003 Pre-measuring] the LoS distance is sideSight's and the charge's, for any placement", () => {
    const t = table({
      units: [
        { id: "C", type: "cavalry", x: 36, y: 10 },
        { id: "T", side: "second", type: "infantry", x: 36, y: 20 },
      ],
    });
    fc.assert(
      fc.property(
        fc.integer({ min: inch(4), max: inch(68) }),
        fc.integer({ min: inch(4), max: inch(44) }),
        fc.integer({ min: 0, max: 35999 }),
        fc.integer({ min: 0, max: 35999 }),
        (x, y, cf, tf) => {
          const p = rolled(withUnits(t.position, { C: { x, y, facing: cf }, T: { facing: tf } }), "C", 6);
          const c = p.units.C;
          const target = p.units.T;
          if (!c || !target) return;
          const side = sideOfTarget(t.ctx, c, target);
          const m = measureUnits(t.ctx, p, "C", "T");
          if (!m.ok) throw new Error(m.error.message);
          if (side === "inside") {
            expect(m.value.los).toBeUndefined();
            return;
          }
          expect(m.value.los?.centre).toEqual(sideCentre(t.ctx, target, side));
          expect(m.value.los?.d2).toBe(sideSight(t.ctx, p, "C", "T", side).d2);
          const plan = chargePlan(t.ctx, p, "C", "T", exactJudge);
          if (plan.ok) expect(plan.value.d2).toBe(m.value.los?.d2);
        },
      ),
      { numRuns: 150, seed: 3 },
    );
  });

  it("[003 Pre-measuring] [003 Terrain iii] from a town's holder: the nearest side's centre, as its line of sight", () => {
    // H holds the town 33-39 x 17-23; T faces west 3.5" from H's right side's centre (see town-sight.test.ts).
    const t = table({
      units: [
        { id: "H", type: "infantry", x: 36, y: 20 },
        { id: "T", side: "second", type: "infantry", x: 44, y: 20, facing: 27000 },
      ],
      areas: [rect("town", "town", 33, 17, 39, 23)],
    });
    const m = measured(t.position, "H", "T", t);
    expect(m.los).toMatchObject({
      origin: { x: inch(39), y: inch(20) },
      d2: inch(3.5) ** 2,
      ticks: inch(3.5),
    });
    expect(m.los?.d2).toBe(sideSight(t.ctx, t.position, "H", "T", "front").d2);
  });
});

describe("[003 Pre-measuring] a proposed move's corners, before the Dx is rolled", () => {
  it("[003 Pre-measuring] an advance moves every corner its length; a wheel's far rear corner travels most", () => {
    const t = table({ units: [A, B] });
    const ahead = measureMove(t.ctx, t.position, "A", [{ op: "advance", ticks: inch(3) }]);
    if (!ahead.ok) throw new Error(ahead.error.message);
    expect(ahead.value).toEqual({
      pose: { x: inch(36), y: inch(13), facing: 0 },
      corners: [inch(3), inch(3), inch(3), inch(3)],
      travel: inch(3),
    });
    // The enemy's B, unrolled, in the other side's turn: a quarter wheel pinned on its left front corner.
    const wheel = measureMove(t.ctx, t.position, "B", [{ op: "wheel", corner: "left", cdeg: 9000 }]);
    if (!wheel.ok) throw new Error(wheel.error.message);
    const expected = wheelTravel("left", inch(6), inch(3), 9000);
    expect(wheel.value.corners).toEqual(expected);
    expect(wheel.value.travel).toBe(expected[3]);
    expect(wheel.value.travel).toBeCloseTo(Math.sqrt(45) * INCH * (Math.PI / 2), 3);
  });
});
