import { describe, expect, it } from "vitest";
import type { ProgramOp } from "../actions.js";
import { exactJudge } from "../grey-areas.js";
import type { Position } from "../position.js";
import { eventsOf, INCH, inch, play, refusal, rolled, type TestUnit, table } from "../test-support/table.js";
import type { UnitType } from "../vocabulary.js";
import { checkMove } from "./check-move.js";

/**
 * 1.2 Move: "Players sequentially move their Units, with no corner
 * exceeding the total distance allowed. If a Unit Moves, it may not Fire.
 * If any movement except straight ahead is made, the Bonus is lost." The
 * allowance is 1Dx plus the class Bonus (i-iii), doubled for a move that
 * begins and remains over 12" from all enemy Units.
 *
 * The mover M stands at (20, 10) facing north; unless a test says
 * otherwise an enemy E faces east 7.5" to its right (within 12", so no
 * move doubles, and its threat zone points away from M's path).
 */
const ahead = (ticks: number): ProgramOp[] => [{ op: "advance", ticks }];

function field(type: UnitType, options: { greyAreas?: "exact" | "roll-off" } = {}, extra: TestUnit[] = []) {
  return table({
    units: [
      { id: "M", type, x: 20, y: 10 },
      { id: "E", type: "infantry", x: 32, y: 10, facing: 9000, side: "second" },
      ...extra,
    ],
    options: { greyAreas: options.greyAreas ?? "exact" },
  });
}

function yOf(position: Position, id: string): number {
  return position.units[id]?.y ?? Number.NaN;
}

describe("1.2 Move: the allowance, 1Dx plus the Bonus of the class", () => {
  // The tags are written out: the rule index reads them from this file's text.
  const classes: [UnitType, string, number][] = [
    ["infantry", "[003 Move i] [003 Move] Infantry", 2],
    ["artillery", "[003 Move i] [003 Move] Guns", 2],
    ["skirmishers", "[003 Move ii] [003 Move] Skirmishers", 4],
    ["cavalry", "[003 Move iii] [003 Move] Cavalry", 6],
  ];
  for (const [type, title, bonus] of classes)
    it(`${title} rolled 3 move 3 + ${bonus}": a tick under and exactly the allowance are legal, one tick over is refused`, () => {
      const { ctx, position } = field(type);
      const p = rolled(position, "M", 3);
      const allowance = inch(3 + bonus);
      expect(checkMove(ctx, p, "M", ahead(allowance - 1), exactJudge).legal).toBe(true);
      const at = checkMove(ctx, p, "M", ahead(allowance), exactJudge);
      expect(at.legal).toBe(true);
      expect(at.allowance).toBe(allowance);
      expect(at.keepsBonus).toBe(true);
      expect(at.doubled).toBe(false);
      expect(at.corners).toEqual([allowance, allowance, allowance, allowance]);
      const over = checkMove(ctx, p, "M", ahead(allowance + 1), exactJudge);
      expect(over.legal).toBe(false);
      expect(over.error?.code).toBe("move/over-allowance");
      expect(over.error?.rule).toBe("1.2 Move");
      // apply agrees, and moves the unit straight ahead by the allowance.
      const moved = play(ctx, p, { type: "move", unit: "M", program: ahead(allowance) });
      expect(yOf(moved.position, "M")).toBe(inch(10) + allowance);
      expect(moved.position.units.M?.acted).toBe("moved");
      expect(refusal(ctx, p, { type: "move", unit: "M", program: ahead(allowance + 1) }).code).toBe(
        "move/over-allowance",
      );
    });

  it("[003 Move i] the Dx is the game's die: on the average die a roll of 5 gives infantry 7", () => {
    const { ctx, position } = table({
      units: [
        { id: "M", type: "infantry", x: 20, y: 10 },
        { id: "E", type: "infantry", x: 36, y: 10, facing: 9000, side: "second" },
      ],
      options: { greyAreas: "exact", dice: "average" },
    });
    const started = play(ctx, position, { type: "roll-move", unit: "M" }, [5]);
    expect(started.position.units.M).toMatchObject({ acted: "rolled", roll: 5 });
    expect(checkMove(ctx, started.position, "M", ahead(inch(7)), exactJudge).legal).toBe(true);
    expect(checkMove(ctx, started.position, "M", ahead(inch(7) + 1), exactJudge).legal).toBe(false);
    // 1 is no face of the average die.
    expect(refusal(ctx, position, { type: "roll-move", unit: "M" }, [1]).code).toBe("dice/invalid");
  });

  it("[003 Move] the move is rolled first: a program before the roll is refused", () => {
    const { ctx, position } = field("infantry");
    const e = refusal(ctx, position, { type: "move", unit: "M", program: ahead(INCH) });
    expect(e.code).toBe("move/not-rolled");
    const rolledStep = play(ctx, position, { type: "roll-move", unit: "M" }, [4]);
    expect(eventsOf(rolledStep.events, "move-rolled")).toEqual([{ type: "move-rolled", unit: "M", roll: 4 }]);
    expect(checkMove(ctx, rolledStep.position, "M", ahead(inch(6)), exactJudge).legal).toBe(true);
    // One move a turn: a unit that moved may not roll again.
    const moved = play(ctx, rolledStep.position, { type: "move", unit: "M", program: ahead(INCH) });
    expect(refusal(ctx, moved.position, { type: "roll-move", unit: "M" }, [4]).code).toBe(
      "action/already-acted",
    );
  });

  it("[003 Move] several advances add up: each corner's travel is the sum, held to the allowance", () => {
    const { ctx, position } = field("infantry");
    const p = rolled(position, "M", 3);
    const split: ProgramOp[] = [
      { op: "advance", ticks: inch(2) },
      { op: "advance", ticks: inch(3) },
    ];
    const c = checkMove(ctx, p, "M", split, exactJudge);
    expect(c.legal).toBe(true);
    expect(c.travel).toBe(inch(5));
    expect(c.pose).toEqual({ x: inch(20), y: inch(15), facing: 0 });
    const over = checkMove(ctx, p, "M", [...split, { op: "advance", ticks: 1 }], exactJudge);
    expect(over.legal).toBe(false);
    expect(over.error?.code).toBe("move/over-allowance");
  });
});

describe("1.2 Move: the Bonus is lost by any movement but straight ahead", () => {
  it("[003 Move] a wheel loses the Bonus: the allowance is the Dx alone", () => {
    const { ctx, position } = field("infantry");
    const p = rolled(position, "M", 3);
    const wheel: ProgramOp = { op: "wheel", corner: "right", cdeg: 500 };
    const c = checkMove(ctx, p, "M", [wheel, { op: "advance", ticks: INCH }], exactJudge);
    expect(c.legal).toBe(true);
    expect(c.keepsBonus).toBe(false);
    expect(c.allowance).toBe(inch(3));
    // 3.5" after the wheel would be within 3 + 2" but not within 3".
    const far = checkMove(ctx, p, "M", [wheel, { op: "advance", ticks: inch(3, 1, 2) }], exactJudge);
    expect(far.legal).toBe(false);
    expect(far.error?.code).toBe("move/over-allowance");
    expect(far.allowance).toBe(inch(3));
    // Straight ahead alone keeps it.
    expect(checkMove(ctx, p, "M", ahead(inch(5)), exactJudge).keepsBonus).toBe(true);
  });
});

describe("1.2 Move: a unit that moves may not fire", () => {
  const shooting = () =>
    table({
      units: [
        { id: "M", type: "infantry", x: 20, y: 10 },
        { id: "E", type: "infantry", x: 20, y: 20, facing: 18000, side: "second" },
      ],
      options: { greyAreas: "exact" },
    });

  it("[003 Move] a unit that rolled its move, or moved, may not fire; one that fired may not move", () => {
    const { ctx, position } = shooting();
    // E stands 7" ahead, in effective range: M may fire before it moves.
    expect(play(ctx, position, { type: "fire", unit: "M" }, [3]).events.some((e) => e.type === "fired")).toBe(
      true,
    );
    const started = play(ctx, position, { type: "roll-move", unit: "M" }, [2]);
    expect(refusal(ctx, started.position, { type: "fire", unit: "M" }, [3]).code).toBe("fire/moved");
    const moved = play(ctx, started.position, { type: "move", unit: "M", program: ahead(INCH) });
    expect(refusal(ctx, moved.position, { type: "fire", unit: "M" }, [3]).code).toBe("fire/moved");
    const fired = play(ctx, position, { type: "fire", unit: "M" }, [3]);
    expect(refusal(ctx, fired.position, { type: "roll-move", unit: "M" }).code).toBe("move/fired");
  });
});

describe("1.2 Move: a refused program", () => {
  it("[003 Move] returns the legal prefix, its pose and corners, the rule, and the clamp of the last advance", () => {
    const { ctx, position } = field("infantry");
    const p = rolled(position, "M", 3);
    const c = checkMove(
      ctx,
      p,
      "M",
      [
        { op: "advance", ticks: inch(2) },
        { op: "advance", ticks: inch(10) },
      ],
      exactJudge,
    );
    expect(c.legal).toBe(false);
    expect(c.legalOps).toBe(1);
    expect(c.pose).toEqual({ x: inch(20), y: inch(12), facing: 0 });
    expect(c.corners).toEqual([inch(2), inch(2), inch(2), inch(2)]);
    expect(c.allowance).toBe(inch(5));
    expect(c.error?.code).toBe("move/over-allowance");
    expect(c.clampTicks).toBe(inch(3));
  });

  it("[003 Move] the clamp is exact: the clamped advance is legal and one tick more is not", () => {
    // A friend 4" ahead blocks the way (Interpenetration): the clamp ends touching it.
    const { ctx, position } = field("infantry", {}, [{ id: "F", type: "infantry", x: 20, y: 17 }]);
    const p = rolled(position, "M", 6);
    const c = checkMove(ctx, p, "M", ahead(inch(8)), exactJudge);
    expect(c.legal).toBe(false);
    expect(c.error?.code).toBe("move/overlap");
    expect(c.clampTicks).toBe(inch(4));
    const clamp = c.clampTicks ?? 0;
    expect(checkMove(ctx, p, "M", ahead(clamp), exactJudge).legal).toBe(true);
    expect(checkMove(ctx, p, "M", ahead(clamp + 1), exactJudge).legal).toBe(false);
  });

  it("[003 Move] a refused wheel has no clamp; the ops before it stand", () => {
    const { ctx, position } = field("infantry");
    const p = rolled(position, "M", 1);
    const c = checkMove(
      ctx,
      p,
      "M",
      [
        { op: "advance", ticks: INCH },
        { op: "wheel", corner: "left", cdeg: 9000 },
      ],
      exactJudge,
    );
    expect(c.legal).toBe(false);
    expect(c.legalOps).toBe(1);
    expect(c.clampTicks).toBeUndefined();
    expect(c.pose.y).toBe(inch(11));
  });
});

describe('1.2 Move and Grey Areas: a corner over the allowance by no more than 1/16"', () => {
  it('[003 Move] is a roll-off under the default option; exactly the allowance is not; 1/16" + 1 tick over is refused outright', () => {
    const { ctx, position } = field("infantry", { greyAreas: "roll-off" });
    const p = rolled(position, "M", 3);
    const band = inch(0, 1, 16);
    const exact = play(ctx, p, { type: "move", unit: "M", program: ahead(inch(5)) });
    expect(eventsOf(exact.events, "roll-off")).toEqual([]);
    // Won: the acting side rolls 6 against 1, and the move stands.
    const won = play(ctx, p, { type: "move", unit: "M", program: ahead(inch(5) + band) }, [6, 1]);
    expect(eventsOf(won.events, "roll-off")).toHaveLength(1);
    expect(yOf(won.position, "M")).toBe(inch(15) + band);
    // Lost: the roll-off is kept, the unit stays rolled where it was, and may move a shorter way.
    const lost = play(ctx, p, { type: "move", unit: "M", program: ahead(inch(5) + band) }, [1, 6]);
    expect(eventsOf(lost.events, "refused-after-roll-off")).toHaveLength(1);
    expect(lost.position.units.M).toMatchObject({ acted: "rolled", y: inch(10) });
    expect(
      play(ctx, lost.position, { type: "move", unit: "M", program: ahead(inch(5)) }).events,
    ).toHaveLength(1);
    // Past the band: no roll-off, refused.
    const far = refusal(ctx, p, { type: "move", unit: "M", program: ahead(inch(5) + band + 1) }, [6, 1]);
    expect(far.code).toBe("move/over-allowance");
  });
});

describe('1.2 Move: double, for a move that begins and remains over 12" from all enemy Units', () => {
  /** M at (10, 10); an enemy facing north to its east, `gap` ticks between the bases (M's right edge at 13"). */
  function beside(gap: number, greyAreas: "exact" | "roll-off" = "exact") {
    const t = table({
      units: [
        { id: "M", type: "infantry", x: 10, y: 10 },
        { id: "E", type: "cavalry", x: { in: 15, num: gap, den: INCH }, y: 10, side: "second" },
      ],
      options: { greyAreas },
    });
    return { ...t, position: rolled(t.position, "M", 3) };
  }

  it('[003 Move: double] exactly 12" away is not over 12": no double (exact); 12" less a tick is not; 12" and one tick is', () => {
    const inside = beside(inch(12) - 1);
    expect(checkMove(inside.ctx, inside.position, "M", ahead(inch(10)), exactJudge).doubled).toBe(false);
    const at = beside(inch(12));
    const c = checkMove(at.ctx, at.position, "M", ahead(inch(10)), exactJudge);
    expect(c.legal).toBe(false);
    expect(c.doubled).toBe(false);
    expect(c.error?.code).toBe("move/over-allowance");
    const past = beside(inch(12) + 1);
    const d = checkMove(past.ctx, past.position, "M", ahead(inch(10)), exactJudge);
    expect(d.legal).toBe(true);
    expect(d.doubled).toBe(true);
    expect(d.limit).toBe(inch(10));
    expect(d.allowance).toBe(inch(5));
    // Double, and no more.
    expect(checkMove(past.ctx, past.position, "M", ahead(inch(10) + 1), exactJudge).legal).toBe(false);
    // apply agrees.
    const moved = play(past.ctx, past.position, { type: "move", unit: "M", program: ahead(inch(10)) });
    expect(eventsOf(moved.events, "moved")[0]).toMatchObject({ doubled: true, allowance: inch(10) });
  });

  it("[003 Move: double] a move within the single allowance never asks: it is not doubled", () => {
    const far = beside(inch(30));
    const c = checkMove(far.ctx, far.position, "M", ahead(inch(5)), exactJudge);
    expect(c).toMatchObject({ legal: true, doubled: false, limit: inch(5) });
  });

  it('[003 Move: double] exactly 12" is too close to call under the default option: a roll-off decides', () => {
    const at = beside(inch(12), "roll-off");
    const won = play(at.ctx, at.position, { type: "move", unit: "M", program: ahead(inch(10)) }, [5, 2]);
    expect(eventsOf(won.events, "roll-off")[0]?.key).toBe("double:M");
    expect(eventsOf(won.events, "moved")[0]?.doubled).toBe(true);
    const lost = play(at.ctx, at.position, { type: "move", unit: "M", program: ahead(inch(10)) }, [2, 5]);
    expect(eventsOf(lost.events, "refused-after-roll-off")).toHaveLength(1);
    // A measurement clear of the band is exact: 12" + 1/16" + 1 tick doubles with no roll-off.
    const clear = beside(inch(12) + inch(0, 1, 16) + 1, "roll-off");
    const step = play(clear.ctx, clear.position, { type: "move", unit: "M", program: ahead(inch(10)) });
    expect(eventsOf(step.events, "roll-off")).toEqual([]);
    expect(eventsOf(step.events, "moved")[0]?.doubled).toBe(true);
  });

  it('[003 Move: double] the move must remain over 12": an end within 12" of an enemy is not doubled', () => {
    // E ahead, its rear edge 20" from M's front edge (M's front at 11.5", E's rear at 31.5").
    const { ctx, position } = table({
      units: [
        { id: "M", type: "infantry", x: 10, y: 10 },
        { id: "E", type: "infantry", x: 10, y: 33, side: "second" },
      ],
      options: { greyAreas: "exact" },
    });
    const p = rolled(position, "M", 3);
    // 8" brings M's front to exactly 12" from E: not over 12"; 8" less a tick stays over.
    expect(checkMove(ctx, p, "M", ahead(inch(8)), exactJudge)).toMatchObject({
      legal: false,
      doubled: false,
    });
    expect(checkMove(ctx, p, "M", ahead(inch(8) - 1), exactJudge)).toMatchObject({
      legal: true,
      doubled: true,
    });
  });

  it('[003 Move: double] the move must begin over 12": moving away from an enemy within 12" is not doubled', () => {
    // M faces south, E 11" behind it (M's rear edge at 11.5", E's front... rear edge at 22.5").
    const { ctx, position } = table({
      units: [
        { id: "M", type: "infantry", x: 10, y: 10, facing: 18000 },
        { id: "E", type: "infantry", x: 10, y: 24, side: "second" },
      ],
      options: { greyAreas: "exact" },
    });
    const p = rolled(position, "M", 3);
    const c = checkMove(ctx, p, "M", ahead(inch(6)), exactJudge);
    expect(c).toMatchObject({ legal: false, doubled: false });
    expect(c.error?.code).toBe("move/over-allowance");
  });
});
