import { describe, expect, it } from "vitest";
import { chargePlan } from "./charge/charge.js";
import { priorityTargets } from "./fire/targets.js";
import { exactJudge, PreviewJudge } from "./grey-areas.js";
import type { NtOptions } from "./options.js";
import { cornerGapSq, isProtected, protectionQuestion, protector } from "./sides.js";
import {
  eventsOf,
  inch,
  play,
  refusal,
  rolled,
  type TestUnit,
  table,
  withUnits,
} from "./test-support/table.js";

/**
 * Front, Left, Right & Rear Sides: "Left / right Sides may not be targeted
 * for Shot / Charge if Protected by mutual 1" Front corner distance to a
 * friendly Unit." The flank's front corner within 1" of a friend's front
 * corner, inclusive; the distance is symmetric, so the protection is mutual;
 * a distance too close to call (within 1/16") goes to a roll-off, which the
 * shooter or charger wins for an open flank.
 *
 * The table: T1, infantry facing north at (30, 24), its front-right corner at
 * (33, 25.5). T2, infantry facing east just north of it (x 30-33), its
 * front-right corner (33, 25.5 + gap) straight above T1's. S, enemy infantry
 * facing west at (40, 24), sees T1's right flank 5.5" away and T2's front
 * 7.8" away: the flank is S's priority unless it is protected.
 */
const TICK_BAND = inch(0, 1, 16); // Grey Areas' too close to call, 1/16" (381 ticks)

function flankTable(gap: number, options: Partial<NtOptions> = {}, t2: Partial<TestUnit> = {}) {
  const { ctx, position } = table({
    units: [
      { id: "S", type: "infantry", x: 40, y: 24, facing: 27000 },
      { id: "T1", type: "infantry", x: 30, y: 24, side: "second" },
      { id: "T2", type: "infantry", x: 31.5, y: 28.5, facing: 9000, side: "second", ...t2 },
    ],
    options,
  });
  const t2y = position.units.T2?.y ?? 0;
  return { ctx, position: withUnits(position, { T2: { y: t2y + gap } }) };
}

describe("golden: a flank at 1 inch from a friend's front corner", () => {
  it("[003 Front, Left, Right & Rear Sides: protected] the corners are exactly 1 inch apart", () => {
    const { ctx, position } = flankTable(inch(1));
    const t1 = position.units.T1;
    const t2 = position.units.T2;
    if (!t1 || !t2) throw new Error("units");
    expect(cornerGapSq(ctx, t1, "right", t2)).toBe(inch(1) ** 2);
  });

  it("[003 Front, Left, Right & Rear Sides: protected] exactly 1 inch, measured exactly: protected, and S's shot skips it", () => {
    const { ctx, position } = flankTable(inch(1), { greyAreas: "exact" });
    expect(protector(ctx, position, "T1", "right", exactJudge)).toBe("T2");
    expect(isProtected(ctx, position, "T1", "right", exactJudge)).toBe(true);
    expect(priorityTargets(ctx, position, "S", exactJudge).map((t) => [t.id, t.side])).toEqual([
      ["T2", "front"],
    ]);
    const shot = play(ctx, position, { type: "fire", unit: "S" }, [3]);
    expect(eventsOf(shot.events, "fired").map((e) => e.target)).toEqual(["T2"]);
    expect(eventsOf(shot.events, "roll-off")).toEqual([]);
  });

  it("[003 Front, Left, Right & Rear Sides: protected] the protection is mutual: T2's right flank is protected by T1", () => {
    const { ctx, position } = flankTable(inch(1), { greyAreas: "exact" });
    expect(protector(ctx, position, "T2", "right", exactJudge)).toBe("T1");
    // T2's other flank has no friend near.
    expect(protector(ctx, position, "T2", "left", exactJudge)).toBeUndefined();
    expect(protector(ctx, position, "T1", "left", exactJudge)).toBeUndefined();
  });

  it("[003 Front, Left, Right & Rear Sides: protected] exactly 1 inch with the default Grey Areas: too close to call, a roll-off the preview lists", () => {
    const { ctx, position } = flankTable(inch(1));
    const judge = new PreviewJudge(position.settled);
    // The preview answers the shooter's way (an open flank) and lists the roll-off.
    expect(priorityTargets(ctx, position, "S", judge).map((t) => t.id)).toEqual(["T1"]);
    expect(judge.pending.map((q) => q.key)).toEqual(["protected:T1:fr:T2:fr"]);
  });

  it("[003 Front, Left, Right & Rear Sides: protected] the roll-off decides: the shooter's win opens the flank, the defender's protects it", () => {
    const { ctx, position } = flankTable(inch(1));
    // Roll-off dice (the acting player's first), then the fire die.
    const won = play(ctx, position, { type: "fire", unit: "S" }, [6, 1, 3]);
    expect(eventsOf(won.events, "roll-off").map((e) => [e.key, e.winner, e.answer])).toEqual([
      ["protected:T1:fr:T2:fr", "first", false],
    ]);
    expect(eventsOf(won.events, "fired").map((e) => [e.target, e.side])).toEqual([["T1", "right"]]);
    const lost = play(ctx, position, { type: "fire", unit: "S" }, [1, 6, 3]);
    expect(eventsOf(lost.events, "roll-off").map((e) => [e.winner, e.answer])).toEqual([["second", true]]);
    expect(eventsOf(lost.events, "fired").map((e) => e.target)).toEqual(["T2"]);
  });

  it("[003 Front, Left, Right & Rear Sides: protected] one measurement, one roll-off: asked from T2's side (1.1 A's split), the answer holds", () => {
    // The corners measured are T1's and T2's front-right whichever unit asks: one question, one key.
    const { ctx, position } = flankTable(inch(1));
    const fromT1 = protectionQuestion(ctx, position, "T1", "right", "T2");
    const fromT2 = protectionQuestion(ctx, position, "T2", "right", "T1");
    expect(fromT2.key).toBe(fromT1.key);
    // The defender wins the roll-off: the volley goes to T2, whose split with T1 asks the same question, so
    // three dice are enough (a second roll-off would need two more) and T1's flank stays protected from the split.
    const lost = play(ctx, position, { type: "fire", unit: "S" }, [1, 6, 3]);
    expect(eventsOf(lost.events, "roll-off")).toHaveLength(1);
    expect(eventsOf(lost.events, "fired").map((e) => [e.target, e.hits])).toEqual([["T2", 3]]);
    expect(lost.position.settled).toEqual({ [fromT1.key]: true });
  });

  it("[003 Front, Left, Right & Rear Sides: protected] 1 inch + 1/16 is still too close to call (the band is inclusive)", () => {
    const { ctx, position } = flankTable(inch(1) + TICK_BAND);
    const judge = new PreviewJudge(position.settled);
    priorityTargets(ctx, position, "S", judge);
    expect(judge.pending.map((q) => [q.key, q.exact])).toEqual([["protected:T1:fr:T2:fr", false]]);
  });

  it("[003 Front, Left, Right & Rear Sides: protected] 1 inch + 1/16 + 1 tick is plainly open: no roll-off, S fires at the flank", () => {
    const { ctx, position } = flankTable(inch(1) + TICK_BAND + 1);
    const judge = new PreviewJudge(position.settled);
    expect(priorityTargets(ctx, position, "S", judge).map((t) => [t.id, t.side])).toEqual([["T1", "right"]]);
    expect(judge.pending).toEqual([]);
    // One die is enough: no roll-off is rolled.
    const shot = play(ctx, position, { type: "fire", unit: "S" }, [3]);
    expect(eventsOf(shot.events, "fired").map((e) => [e.target, e.side])).toEqual([["T1", "right"]]);
  });

  it("[003 Front, Left, Right & Rear Sides: protected] 1 inch - 1/16 - 1 tick is plainly protected: no roll-off", () => {
    const { ctx, position } = flankTable(inch(1) - TICK_BAND - 1);
    const judge = new PreviewJudge(position.settled);
    expect(priorityTargets(ctx, position, "S", judge).map((t) => t.id)).toEqual(["T2"]);
    expect(judge.pending).toEqual([]);
  });
});

describe("what protects a flank, and what does not", () => {
  it("[003 Front, Left, Right & Rear Sides: protected] a protected flank may not be charged; an open one may", () => {
    const charger = (gap: number) => {
      const { ctx, position } = table({
        units: [
          { id: "C", type: "cavalry", x: 38, y: 24, facing: 27000 },
          { id: "T1", type: "infantry", x: 30, y: 24, side: "second" },
          { id: "T2", type: "infantry", x: 31.5, y: 28.5, facing: 9000, side: "second" },
        ],
        options: { greyAreas: "exact" },
      });
      const t2y = position.units.T2?.y ?? 0;
      return { ctx, position: rolled(withUnits(position, { T2: { y: t2y + gap } }), "C", 6) };
    };
    const shut = charger(inch(1));
    const refused = refusal(shut.ctx, shut.position, { type: "charge", unit: "C", target: "T1" });
    expect(refused.code).toBe("charge/side-protected");
    const open = charger(inch(2));
    const plan = chargePlan(open.ctx, open.position, "C", "T1", exactJudge);
    expect(plan.ok && plan.value.side).toBe("right");
  });

  it("[003 Front, Left, Right & Rear Sides: protected] only FRONT corners count: a friend's rear corner at 1 inch protects nothing", () => {
    // T2 facing west has the same footprint, its rear corners now to the east, (33, 26.5) among them.
    const { ctx, position } = flankTable(inch(1), { greyAreas: "exact" }, { facing: 27000 });
    expect(protector(ctx, position, "T1", "right", exactJudge)).toBeUndefined();
    expect(priorityTargets(ctx, position, "S", exactJudge).map((t) => [t.id, t.side])).toEqual([
      ["T1", "right"],
    ]);
  });

  it("[003 Front, Left, Right & Rear Sides: protected] the flank's own front corner: a friend at its rear corner protects nothing", () => {
    // T2 facing east south of T1: its front-left corner (33, 21.5) is 1" from T1's rear-right corner, 4" from its front-right.
    const { ctx, position } = flankTable(inch(-10), { greyAreas: "exact" });
    expect(protector(ctx, position, "T1", "right", exactJudge)).toBeUndefined();
    expect(protector(ctx, position, "T2", "left", exactJudge)).toBeUndefined();
  });

  it("[003 Front, Left, Right & Rear Sides: protected] only a friendly unit protects: an enemy at 1 inch does not", () => {
    const { ctx, position } = flankTable(inch(1), { greyAreas: "exact" }, { side: "first" });
    expect(protector(ctx, position, "T1", "right", exactJudge)).toBeUndefined();
    expect(priorityTargets(ctx, position, "S", exactJudge).map((t) => [t.id, t.side])).toEqual([
      ["T1", "right"],
    ]);
  });

  it("[003 Front, Left, Right & Rear Sides: protected] only Left / right Sides: a front or rear is never protected", () => {
    const { ctx, position } = flankTable(inch(1), { greyAreas: "exact" });
    expect(isProtected(ctx, position, "T1", "front", exactJudge)).toBe(false);
    expect(isProtected(ctx, position, "T1", "rear", exactJudge)).toBe(false);
  });
});
