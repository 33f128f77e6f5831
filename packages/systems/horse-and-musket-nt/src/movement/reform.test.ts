import { describe, expect, it } from "vitest";
import type { Action } from "../actions.js";
import { unitCorners, unitFrontCentre, unitSize } from "../bases.js";
import { exactJudge } from "../grey-areas.js";
import type { Position, UnitState } from "../position.js";
import { eventsOf, inch, play, refusal, type TestUnit, table } from "../test-support/table.js";
import type { Formation, UnitType } from "../vocabulary.js";
import { checkReform } from "./reform.js";

/**
 * Maneuvering ii: "Reform. Make 2" move in any direction, including 2" move
 * into / out of column." A move of its own, measured by no die: a slide of
 * at most 2" with the facing kept, and a change of formation about the
 * front-centre point (docs/rules). ACW 2: infantry reform into column or
 * skirmish order; Militia use the Poor Drill rule (designed).
 *
 * R stands at (20, 10) facing north; an enemy E faces east within 12" to
 * its right, its threat zone pointing away.
 */
function field(
  type: UnitType = "infantry",
  options: Parameters<typeof table>[0]["options"] = {},
  extra: TestUnit[] = [],
  formation: Formation = "line",
) {
  return table({
    units: [
      { id: "R", type, x: 20, y: 10, formation, quality: ["militia"] },
      { id: "E", type: "infantry", x: 32, y: 10, facing: 9000, side: "second", quality: ["elite"] },
      ...extra,
    ],
    options: { greyAreas: "exact", ...options },
  });
}

const reform = (dx: number, dy: number, formation?: Formation): Action => ({
  type: "reform",
  unit: "R",
  dx,
  dy,
  ...(formation ? { formation } : {}),
});

function unit(position: Position, id: string): UnitState {
  const u = position.units[id];
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

describe('Maneuvering ii: a 2" move in any direction', () => {
  it('[003 Maneuvering ii] exactly 2" ahead, back or to either side is legal, the facing kept; 2" and a tick is not', () => {
    const { ctx, position } = field();
    for (const [dx, dy] of [
      [inch(2), 0],
      [-inch(2), 0],
      [0, inch(2)],
      [0, -inch(2)],
    ] as const) {
      const moved = play(ctx, position, reform(dx, dy)).position;
      expect(unit(moved, "R")).toMatchObject({
        x: inch(20) + dx,
        y: inch(10) + dy,
        facing: 0,
        acted: "reformed",
      });
      const over = refusal(ctx, position, reform(dx + Math.sign(dx), dy + Math.sign(dy)));
      expect(over.code).toBe("move/reform");
      expect(over.rule).toBe("Maneuvering ii");
    }
  });

  it('[003 Maneuvering ii] in any direction: a diagonal slide is measured as a length (8621 ticks each way is within 2", 8622 is not)', () => {
    const { ctx, position } = field();
    // 2 · 8621² = 148 643 282 <= (2")² = 12192² = 148 644 864 < 2 · 8622².
    expect(checkReform(ctx, position, "R", 8621, -8621, undefined, exactJudge).error).toBeUndefined();
    expect(checkReform(ctx, position, "R", 8622, -8622, undefined, exactJudge).error?.code).toBe(
      "move/reform",
    );
  });

  it('[003 Maneuvering ii] past 2" by no more than 1/16" is too close to call under the default option', () => {
    const { ctx, position } = field("infantry", { greyAreas: "roll-off" });
    const won = play(ctx, position, reform(inch(2) + 1, 0), [4, 2]);
    expect(eventsOf(won.events, "roll-off")[0]?.key).toBe("reform:R");
    expect(unit(won.position, "R").x).toBe(inch(22) + 1);
    expect(refusal(ctx, position, reform(inch(2) + inch(0, 1, 16) + 1, 0)).code).toBe("move/reform");
  });

  it("[003 Maneuvering ii] [003 Grey Areas] a lost roll-off keeps the unit where it stood, its Reform not spent", () => {
    const { ctx, position } = field("infantry", { greyAreas: "roll-off" });
    const lost = play(ctx, position, reform(inch(2) + 1, 0), [2, 4]);
    expect(eventsOf(lost.events, "refused-after-roll-off")[0]).toMatchObject({
      unit: "R",
      rule: "Maneuvering ii",
    });
    expect(unit(lost.position, "R")).toMatchObject({ x: inch(20), y: inch(10), acted: "none" });
    // Exactly 2" needs no roll-off: no die is given, and none is asked for.
    expect(unit(play(ctx, position, reform(inch(2), 0), []).position, "R").x).toBe(inch(22));
  });

  it("[003 Maneuvering ii] a Reform that neither moves nor changes formation is refused", () => {
    const { ctx, position } = field();
    expect(refusal(ctx, position, reform(0, 0)).code).toBe("move/reform");
  });
});

describe("Maneuvering ii and iv: into and out of column", () => {
  it('[003 Maneuvering ii] [003 Maneuvering iv] into column about the front-centre point: bases one after the other, 3" x 6"', () => {
    const { ctx, position } = field();
    const before = unitFrontCentre(ctx, unit(position, "R"));
    const step = play(ctx, position, reform(0, 0, "column"));
    const r = unit(step.position, "R");
    expect(r.formation).toBe("column");
    expect(unitSize(ctx, r)).toEqual({ frontage: inch(3), depth: inch(6) });
    expect(unitFrontCentre(ctx, r)).toEqual(before);
    expect(unitCorners(ctx, r)).toEqual({
      fl: { x: inch(18.5), y: inch(11.5) },
      fr: { x: inch(21.5), y: inch(11.5) },
      rr: { x: inch(21.5), y: inch(5.5) },
      rl: { x: inch(18.5), y: inch(5.5) },
    });
    expect(eventsOf(step.events, "reformed")).toEqual([
      { type: "reformed", unit: "R", x: inch(20), y: inch(8.5), formation: "column" },
    ]);
  });

  it("[003 Maneuvering ii] [003 Maneuvering iv] out of column, with a 2\" slide: the line forms on the column's slid front-centre", () => {
    const { ctx, position } = field("infantry", {}, [], "column");
    const moved = play(ctx, position, reform(0, inch(2), "line")).position;
    const r = unit(moved, "R");
    expect(r.formation).toBe("line");
    // The column's front-centre (20, 13) slid 2" to (20, 15); the line's front edge is there.
    expect(unitFrontCentre(ctx, r)).toEqual({ x: inch(20), y: inch(15) });
    expect(unitSize(ctx, r)).toEqual({ frontage: inch(6), depth: inch(3) });
  });

  it("[003 Maneuvering ii] the new formation must fit: forming line into a friend's ground is refused", () => {
    // A column with a friend 1/2" off its right flank: a 6" line would stand upon it.
    const { ctx, position } = field("infantry", {}, [{ id: "F", type: "infantry", x: 25, y: 10 }], "column");
    const e = refusal(ctx, position, reform(0, 0, "line"));
    expect(e.code).toBe("move/overlap");
    expect(e.rule).toBe("Interpenetration");
  });
});

describe("Maneuvering: all maneuvers count as movement", () => {
  it("[003 Maneuvering] [003 Maneuvering ii] a unit that reformed may not fire, nor move again; it needs no roll", () => {
    const { ctx, position } = table({
      units: [
        { id: "R", type: "infantry", x: 20, y: 10 },
        { id: "E", type: "infantry", x: 20, y: 18, facing: 18000, side: "second" },
      ],
      options: { greyAreas: "exact" },
    });
    // No die is rolled for a Reform: it is given none.
    const step = play(ctx, position, reform(0, -inch(1)), []);
    expect(refusal(ctx, step.position, { type: "fire", unit: "R" }, [3]).code).toBe("fire/moved");
    expect(refusal(ctx, step.position, { type: "roll-move", unit: "R" }, [3]).code).toBe(
      "action/already-acted",
    );
    // A unit whose move is rolled is moving: it moves, charges or falls back, and does not reform.
    const started = play(ctx, position, { type: "roll-move", unit: "R" }, [3]).position;
    expect(refusal(ctx, started, reform(0, -inch(1))).code).toBe("action/already-acted");
  });
});

describe("American Civil War modifications 2: column or skirmish order", () => {
  it("[003 American Civil War modifications 2] without the ACW modifications there is no skirmish order", () => {
    const { ctx, position } = field();
    const e = refusal(ctx, position, reform(0, 0, "skirmish"));
    expect(e.code).toBe("move/formation");
  });

  it('[003 American Civil War modifications 2] under them infantry shift into skirmish order: two bases 1/2" apart, 6.5" x 3"', () => {
    const { ctx, position } = field("infantry", { acw: "on" });
    const r = unit(play(ctx, position, reform(0, 0, "skirmish")).position, "R");
    expect(r.formation).toBe("skirmish");
    expect(unitSize(ctx, r)).toEqual({ frontage: inch(6, 1, 2), depth: inch(3) });
    expect(unitFrontCentre(ctx, r)).toEqual({ x: inch(20), y: inch(11.5) });
    // And, in a later move, back into column.
    const later = { ...position, units: { ...position.units, R: { ...r, acted: "none" as const } } };
    expect(unit(play(ctx, later, reform(0, 0, "column")).position, "R").formation).toBe("column");
  });

  it("[003 American Civil War modifications 2] only infantry: guns and cavalry do not take skirmish order", () => {
    for (const type of ["artillery", "skirmishers"] as const) {
      const { ctx, position } = field(type, { acw: "on" });
      expect(refusal(ctx, position, reform(0, 0, "skirmish")).code).toBe("move/formation");
    }
  });
});

describe("Poor Drill (designed): Militia changing formation under the ACW modifications", () => {
  const militia = () => field("infantry", { acw: "on", variableQuality: "on" });

  it("[003 Poor Drill] [003 American Civil War modifications 2] a Dx under 4 fails: the unit stays as it was and has spent its move", () => {
    const { ctx, position } = militia();
    const step = play(ctx, position, reform(0, inch(1), "column"), [3]);
    expect(eventsOf(step.events, "die-rolled")).toEqual([
      { type: "die-rolled", value: 3, purpose: "drill", unit: "R" },
    ]);
    expect(eventsOf(step.events, "drill-failed")).toEqual([{ type: "drill-failed", unit: "R", roll: 3 }]);
    expect(eventsOf(step.events, "reformed")).toEqual([]);
    expect(unit(step.position, "R")).toMatchObject({
      x: inch(20),
      y: inch(10),
      formation: "line",
      acted: "reformed",
    });
    expect(refusal(ctx, step.position, { type: "fire", unit: "R" }, [3]).code).toBe("fire/moved");
  });

  it("[003 Poor Drill] a natural 4 passes: the drill die is not the Militia's -1 die (a reading)", () => {
    const { ctx, position } = militia();
    const step = play(ctx, position, reform(0, 0, "skirmish"), [4]);
    expect(eventsOf(step.events, "die-rolled")).toEqual([
      { type: "die-rolled", value: 4, purpose: "drill", unit: "R" },
    ]);
    expect(eventsOf(step.events, "drill-failed")).toEqual([]);
    expect(unit(step.position, "R").formation).toBe("skirmish");
  });

  it("[003 Poor Drill] [003 Dice] on the average die too the line falls between 3 and 4", () => {
    const { ctx, position } = field("infantry", { acw: "on", variableQuality: "on", dice: "average" });
    expect(unit(play(ctx, position, reform(0, 0, "column"), [3]).position, "R").formation).toBe("line");
    expect(unit(play(ctx, position, reform(0, 0, "column"), [4]).position, "R").formation).toBe("column");
  });

  it("[003 Poor Drill] [003 Variable Quality] a unit that is not Militia changes formation without a drill die", () => {
    const { ctx, position } = table({
      units: [
        { id: "R", type: "infantry", x: 20, y: 10, quality: ["reluctant"] },
        { id: "E", type: "infantry", x: 32, y: 10, facing: 9000, side: "second", quality: ["elite"] },
      ],
      options: { greyAreas: "exact", acw: "on", variableQuality: "on" },
    });
    const step = play(ctx, position, reform(0, 0, "column"), []);
    expect(eventsOf(step.events, "die-rolled")).toEqual([]);
    expect(unit(step.position, "R").formation).toBe("column");
  });

  it("[003 Poor Drill] no drill die for a slide alone, for a unit not Militia, or without the ACW modifications", () => {
    const { ctx, position } = militia();
    expect(play(ctx, position, reform(0, inch(1)), []).position.units.R?.y).toBe(inch(11));
    const plain = field("infantry", { acw: "on" });
    expect(play(plain.ctx, plain.position, reform(0, 0, "column"), []).position.units.R?.formation).toBe(
      "column",
    );
    const napoleonic = field("infantry", { variableQuality: "on" });
    const c = play(napoleonic.ctx, napoleonic.position, reform(0, 0, "column"), []);
    expect(c.position.units.R?.formation).toBe("column");
  });
});
