import { describe, expect, it } from "vitest";
import { exactJudge } from "./grey-areas.js";
import type { Position } from "./position.js";
import { pointBlankThreat } from "./rally.js";
import {
  eventsOf,
  play,
  refusal,
  type TestTable,
  type TestUnit,
  table,
  withUnits,
} from "./test-support/table.js";

/**
 * 3) Routs and Rallies: "Any Unit that neither Moves nor Fires may rally as
 * long as it is not within Point Blank Range and Fire Arc of an enemy Unit.
 * Simply roll a Dx and remove half that many Hits [round up]. If presently
 * eligible to receive a Terrain Bonus from enemy Fire, remove another Hit.
 * A Unit with more than 5 Hits may not rally to below 5 Hits."
 *
 * R stands at (36, 10) facing north (its front centre at (36, 11.5)); the
 * position is in R's side's Routs and Rallies phase.
 */
const R: TestUnit = { id: "R", type: "infantry", x: 36, y: 10 };
/** An enemy far off in the corner, facing away. */
const FAR: TestUnit = { id: "E", side: "second", type: "infantry", x: 66, y: 44 };

/** An enemy facing south whose front edge is `d` inches from R's front. */
function facing(d: number, type: TestUnit["type"] = "infantry"): TestUnit {
  const half = type === "infantry" || type === "skirmishers" ? 1.5 : 1;
  return { id: "E", side: "second", type, x: 36, y: 11.5 + d + half, facing: 18000 };
}

function rallies(units: TestUnit[], hits: number, extra: Partial<TestTable> = {}) {
  const { ctx, position } = table({ ...extra, units });
  const p: Position = { ...withUnits(position, { R: { hits } }), phase: "rallies" };
  return { ctx, position: p };
}

function rally(units: TestUnit[], hits: number, dice: number[], extra: Partial<TestTable> = {}) {
  const { ctx, position } = rallies(units, hits, extra);
  const step = play(ctx, position, { type: "rally", unit: "R" }, dice);
  return { ...step, rallied: eventsOf(step.events, "rallied")[0] };
}

describe("[003 Routs and Rallies] roll a Dx and remove half that many hits, rounded up", () => {
  it("[003 Routs and Rallies] a 3 removes 2, a 5 removes 3, a 6 removes 3", () => {
    expect(rally([R, FAR], 4, [3]).position.units.R?.hits).toBe(2);
    expect(rally([R, FAR], 4, [5]).position.units.R?.hits).toBe(1);
    expect(rally([R, FAR], 4, [6]).rallied).toMatchObject({ roll: 6, removed: 3, hits: 1, cover: false });
  });

  it("[003 Routs and Rallies] never below 0 hits", () => {
    expect(rally([R, FAR], 1, [6]).rallied).toMatchObject({ removed: 1, hits: 0 });
  });

  it("[003 Routs and Rallies] a unit with more than 5 hits may not rally below 5", () => {
    expect(rally([R, FAR], 7, [6]).rallied).toMatchObject({ removed: 2, hits: 5 });
    expect(rally([R, FAR], 6, [4]).rallied).toMatchObject({ removed: 1, hits: 5 });
    expect(rally([R, FAR], 9, [3]).rallied).toMatchObject({ removed: 2, hits: 7 });
  });

  it("[003 Routs and Rallies] a unit with 5 hits is not held at 5", () => {
    expect(rally([R, FAR], 5, [6]).rallied).toMatchObject({ removed: 3, hits: 2 });
  });

  it("[003 Routs and Rallies] eligible for a terrain bonus from enemy fire: one more hit", () => {
    const woods = {
      id: "wood",
      kind: "woods" as const,
      name: "Copse",
      polygon: [
        [30, 6],
        [42, 6],
        [42, 14],
        [30, 14],
      ] as [number, number][],
    };
    const s = rally([{ ...R, type: "skirmishers" }, FAR], 4, [3], { areas: [woods] });
    expect(s.rallied).toMatchObject({ removed: 3, hits: 1, cover: true });
  });

  it("[003 Routs and Rallies] behind a wall in full edge contact: one more hit", () => {
    const wall = {
      id: "wall",
      kind: "wall" as const,
      name: "Wall",
      line: [
        [30, 11.5],
        [42, 11.5],
      ] as [number, number][],
      width: 1,
    };
    expect(rally([R, FAR], 8, [2], { linears: [wall] }).rallied).toMatchObject({
      removed: 2,
      hits: 6,
      cover: true,
    });
  });

  it("[003 Routs and Rallies] the terrain's extra hit does not take a unit over 5 below 5", () => {
    const wall = {
      id: "wall",
      kind: "wall" as const,
      name: "Wall",
      line: [
        [30, 11.5],
        [42, 11.5],
      ] as [number, number][],
      width: 1,
    };
    expect(rally([R, FAR], 7, [4], { linears: [wall] }).rallied).toMatchObject({ hits: 5, cover: true });
  });
});

describe("[003 Routs and Rallies] who may rally", () => {
  it("[003 Routs and Rallies] a unit that moved or fired may not rally", () => {
    for (const acted of ["fired", "moved", "rolled", "charged", "fell-back", "reformed"] as const) {
      const { ctx, position } = rallies([R, FAR], 4);
      const e = refusal(ctx, withUnits(position, { R: { acted } }), { type: "rally", unit: "R" }, [3]);
      expect(e.code).toBe("rally/moved-or-fired");
    }
  });

  it("[003 Routs and Rallies] a unit rallies once", () => {
    const { ctx, position } = rallies([R, FAR], 4);
    const once = play(ctx, position, { type: "rally", unit: "R" }, [2]).position;
    expect(refusal(ctx, once, { type: "rally", unit: "R" }, [2]).code).toBe("rally/moved-or-fired");
  });

  it("[003 Routs and Rallies] not within point blank range and fire arc of an enemy unit", () => {
    const { ctx, position } = rallies([R, facing(3.5)], 4);
    const e = refusal(ctx, position, { type: "rally", unit: "R" }, [3]);
    expect(e).toMatchObject({ code: "rally/under-fire", rule: "3 Routs and Rallies", other: "E" });
  });

  it("[003 Routs and Rallies] an enemy beyond its point blank range does not stop the rally", () => {
    expect(rally([R, facing(4.5)], 4, [3]).rallied?.hits).toBe(2);
  });

  it("[003 Routs and Rallies] guns' point blank range is 8 inches", () => {
    const { ctx, position } = rallies([R, facing(7.5, "artillery")], 4);
    expect(refusal(ctx, position, { type: "rally", unit: "R" }, [3]).code).toBe("rally/under-fire");
    expect(rally([R, facing(8.5, "artillery")], 4, [3]).rallied?.hits).toBe(2);
  });

  it("[003 Routs and Rallies] an enemy within range but facing away (R not in its fire arc) does not stop it", () => {
    expect(rally([R, { ...facing(2), facing: 0 }], 4, [3]).rallied?.hits).toBe(2);
  });

  it("[003 Routs and Rallies] cavalry, which do not fire, do not stop a rally", () => {
    expect(rally([R, facing(2, "cavalry")], 4, [3]).rallied?.hits).toBe(2);
  });

  it("[003 Routs and Rallies] range and arc only: a unit between, blocking the line of sight, does not help", () => {
    // A friendly cavalry base (2" deep) stands between R and E, 3.5" apart.
    const screen: TestUnit = { id: "S", type: "cavalry", x: 36, y: 13.25 };
    const { ctx, position } = rallies([R, screen, facing(3.5)], 4);
    expect(pointBlankThreat(ctx, position, "R", exactJudge)).toBe("E");
    expect(refusal(ctx, position, { type: "rally", unit: "R" }, [3]).code).toBe("rally/under-fire");
  });

  it("[003 Routs and Rallies] an enemy holding a town fires all round: R behind it, within point blank, may not rally", () => {
    // E holds the town (Terrain iii: 360 LoS from the centre of any side), facing away from R.
    const town = {
      id: "town",
      kind: "town" as const,
      name: "Village",
      polygon: [
        [33, 13.5],
        [39, 13.5],
        [39, 19.5],
        [33, 19.5],
      ] as [number, number][],
    };
    const holder: TestUnit = { id: "E", side: "second", type: "infantry", x: 36, y: 16.5, facing: 0 };
    const { ctx, position } = rallies([R, holder], 4, { areas: [town] });
    expect(position.units.E?.holds).toBe("town");
    // E's rear centre is 3.5" from R's front centre, and R is behind it.
    expect(refusal(ctx, position, { type: "rally", unit: "R" }, [3])).toMatchObject({
      code: "rally/under-fire",
      other: "E",
    });
    // Not holding the town (it faces away), E does not stop the rally.
    const plain = rallies([R, holder], 4);
    expect(play(plain.ctx, plain.position, { type: "rally", unit: "R" }, [3]).position.units.R?.hits).toBe(2);
  });

  it("[003 Routs and Rallies] [003 Grey Areas] exactly at point blank range: a roll-off; lost, the rally is spent", () => {
    const { ctx, position } = rallies([R, facing(4)], 4);
    // The rallying side wants R out of range; it loses 2 to 5.
    const lost = play(ctx, position, { type: "rally", unit: "R" }, [2, 5]);
    expect(eventsOf(lost.events, "roll-off")[0]).toMatchObject({
      key: "rally:R:E",
      acting: "first",
      winner: "second",
      answer: true,
    });
    expect(eventsOf(lost.events, "refused-after-roll-off")[0]).toMatchObject({ unit: "R" });
    expect(lost.position.units.R?.hits).toBe(4);
    expect(refusal(ctx, lost.position, { type: "rally", unit: "R" }, []).code).toBe("rally/under-fire");
    // Won, 6 to 1: the rally goes ahead with the next die.
    const won = play(ctx, position, { type: "rally", unit: "R" }, [6, 1, 3]);
    expect(eventsOf(won.events, "rallied")[0]).toMatchObject({ roll: 3, hits: 2 });
  });

  it("[003 Routs and Rallies] [003 Play Sequence] the phase is offered only when someone may rally", () => {
    // R is hurt: after the Actions, its Routs and Rallies; under an enemy's point blank fire, none.
    const free = table({ units: [R, FAR] });
    const open = play(free.ctx, withUnits(free.position, { R: { hits: 4 } }), { type: "end-phase" });
    expect(open.position).toMatchObject({ phase: "rallies", toMove: "first" });
    const pinned = table({ units: [R, facing(3)] });
    const passed = play(pinned.ctx, withUnits(pinned.position, { R: { hits: 4 } }), { type: "end-phase" });
    expect(passed.position).toMatchObject({ phase: "actions", toMove: "second" });
  });

  it("[003 Routs and Rallies] a unit with no hits and its ammunition has nothing to rally", () => {
    const { ctx, position } = rallies([R, FAR], 0);
    expect(refusal(ctx, position, { type: "rally", unit: "R" }, [3]).code).toBe("rally/nothing");
  });

  it("[003 Routs and Rallies] [003 Play Sequence] rallies are made in the Routs and Rallies phase only", () => {
    const { ctx, position } = rallies([R, FAR], 4);
    const e = refusal(ctx, { ...position, phase: "actions" }, { type: "rally", unit: "R" }, [3]);
    expect(e.code).toBe("action/wrong-phase");
  });

  it("[003 Routs and Rallies] the distance is from the enemy's front centre to R's side centre", () => {
    const { ctx, position } = rallies([R, facing(4)], 4, { options: { greyAreas: "exact" } });
    expect(pointBlankThreat(ctx, position, "R", exactJudge)).toBe("E");
    const moved = withUnits(position, { E: { y: (position.units.E?.y ?? 0) + 1 } });
    expect(pointBlankThreat(ctx, moved, "R", exactJudge)).toBeUndefined();
  });
});
