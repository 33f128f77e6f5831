import { describe, expect, it } from "vitest";
import type { ProgramOp } from "./actions.js";
import { exactJudge } from "./grey-areas.js";
import { checkMove } from "./movement/check-move.js";
import { rect } from "./test-support/pieces.js";
import { eventsOf, inch, play, refusal, rolled, type TestUnit, table } from "./test-support/table.js";

/**
 * American Civil War modifications 5: "Cavalry are Skirmishers with the
 * cavalry move rate, best portrayed as foot with horse-holders behind."
 * Under the option cavalry move at Class 3 (1Dx + 6") and are Skirmishers
 * in everything else: they fire and are shot as Skirmishers, enter woods,
 * pass through units, wheel once as Foot, and do not charge (docs/rules).
 * Each test plays the same table with the option off and on.
 *
 * The cavalry K stands at (20, 10) facing north; an enemy E faces it.
 */
const E: TestUnit = { id: "E", type: "infantry", x: 20, y: 17, facing: 18000, side: "second" };

function field(acw: "on" | "off", extra: TestUnit[] = [], enemy: TestUnit = E, woods = false) {
  return table({
    units: [{ id: "K", type: "cavalry", x: 20, y: 10 }, enemy, ...extra],
    areas: woods ? [rect("wood", "woods", 10, 13, 30, 24)] : [],
    options: { greyAreas: "exact", acw },
  });
}

const ahead = (ticks: number): ProgramOp[] => [{ op: "advance", ticks }];
/** An enemy far off to the east, facing away, so nothing is in the way or in range. */
const FAR: TestUnit = { id: "E", type: "infantry", x: 60, y: 40, facing: 9000, side: "second" };

describe("American Civil War modifications 5: Skirmishers with the cavalry move rate", () => {
  it("[003 American Civil War modifications 5] [003 Move iii] the move rate stays the Cavalry's: a 3 moves 3 + 6\", not a tick more", () => {
    // E 6.5" to the east, facing away: within 12", so the move is not doubled.
    const { ctx, position } = field("on", [], { ...FAR, x: 30, y: 10 });
    const p = rolled(position, "K", 3);
    const c = checkMove(ctx, p, "K", ahead(inch(9)), exactJudge);
    expect(c).toMatchObject({ legal: true, allowance: inch(9) });
    expect(checkMove(ctx, p, "K", ahead(inch(9) + 1), exactJudge).error?.code).toBe("move/over-allowance");
  });

  it('[003 American Civil War modifications 5] [003 Fire ii] they fire as Skirmishers (Dx - 2, at 8" effective); without the option cavalry do not fire', () => {
    expect(refusal(field("off").ctx, field("off").position, { type: "fire", unit: "K" }, [5]).code).toBe(
      "fire/cannot-fire",
    );
    const { ctx, position } = field("on");
    // K's front edge at 11, E's at 15.5: 4.5", effective range for Foot.
    const fired = eventsOf(play(ctx, position, { type: "fire", unit: "K" }, [5]).events, "fired")[0];
    expect(fired?.steps.map((s) => s.rule)).toEqual(["1.1 B", "1.1 ii"]);
    expect(fired?.hits).toBe(3);
  });

  it("[003 American Civil War modifications 5] [003 Fire i] [003 Fire iv] shot at, they are Skirmishers: halved, and no +2 for Cavalry", () => {
    const hits = (acw: "on" | "off") => {
      const { ctx, position } = field(acw);
      // E, infantry, fires back on the second side's half: make it the acting side.
      const theirs = { ...position, toMove: "second" as const };
      const fired = eventsOf(play(ctx, theirs, { type: "fire", unit: "E" }, [4]).events, "fired")[0];
      return [fired?.steps.map((s) => s.rule), fired?.hits];
    };
    expect(hits("off")).toEqual([["1.1 B", "1.1 i"], 6]);
    expect(hits("on")).toEqual([["1.1 B", "1.1 iv"], 2]);
  });

  it("[003 American Civil War modifications 5] they do not charge (only Cavalry do)", () => {
    const off = field("off");
    const charged = play(off.ctx, rolled(off.position, "K", 3), { type: "charge", unit: "K", target: "E" });
    expect(charged.position.contacts).toHaveLength(1);
    const on = field("on");
    const e = refusal(on.ctx, rolled(on.position, "K", 3), { type: "charge", unit: "K", target: "E" });
    expect(e.code).toBe("charge/not-a-charger");
  });

  it("[003 American Civil War modifications 5] [003 Terrain ii] they enter woods, which Cavalry may not", () => {
    const move = (acw: "on" | "off") => {
      const { ctx, position } = field(acw, [], FAR, true);
      return checkMove(ctx, rolled(position, "K", 2), "K", ahead(inch(5)), exactJudge);
    };
    expect(move("off").error?.rule).toBe("Terrain ii");
    expect(move("on").legal).toBe(true);
  });

  it("[003 American Civil War modifications 5] [003 Interpenetration] they move through a friend's line, as Skirmishers do", () => {
    const line: TestUnit = { id: "F", type: "infantry", x: 20, y: 14 };
    const move = (acw: "on" | "off") => {
      const { ctx, position } = field(acw, [line], FAR);
      // 7" takes K's base (y 9 to 11) to y 16 to 18, past F's (12.5 to 15.5).
      return checkMove(ctx, rolled(position, "K", 1), "K", ahead(inch(7)), exactJudge);
    };
    expect(move("off").error?.code).toBe("move/overlap");
    expect(move("on").legal).toBe(true);
  });

  it("[003 American Civil War modifications 5] [003 Maneuvering i] they wheel once, as Foot", () => {
    const wheels: ProgramOp[] = [
      { op: "wheel", corner: "right", cdeg: 500 },
      { op: "wheel", corner: "left", cdeg: 500 },
    ];
    const move = (acw: "on" | "off") => {
      const { ctx, position } = field(acw, [], FAR);
      return checkMove(ctx, rolled(position, "K", 6), "K", wheels, exactJudge);
    };
    expect(move("off").legal).toBe(true);
    expect(move("on").error?.code).toBe("move/wheels");
  });

  it("[003 American Civil War modifications 5] [003 Maneuvering iii] they fall back facing about: only Cavalry may keep their facing", () => {
    const { ctx, position } = field("on", [], FAR);
    const e = refusal(ctx, rolled(position, "K", 3), { type: "fall-back", unit: "K", keepFacing: true });
    expect(e.rule).toBe("Maneuvering iii");
    const back = play(ctx, rolled(position, "K", 3), { type: "fall-back", unit: "K" });
    expect(back.position.units.K).toMatchObject({ y: inch(7), facing: 18000 });
  });
});
