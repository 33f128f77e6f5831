import { describe, expect, it } from "vitest";
import { exactJudge } from "../grey-areas.js";
import { legalActions } from "../legal.js";
import { sideSight } from "../sight/line-of-sight.js";
import { rect } from "../test-support/pieces.js";
import {
  inch,
  play,
  refusal,
  rolled,
  type TestTable,
  type TestUnit,
  table,
  withUnits,
} from "../test-support/table.js";
import type { UnitType } from "../vocabulary.js";
import { chargePlan } from "./charge.js";

/**
 * Charging: "Only Cavalry may move into Contact with an enemy Unit."
 * Charging Infantry (optional): "allow some AWI regiments to charge like
 * cavalry - but at the infantry move rate": the regiments the scenario
 * names (`charges`), with the option on.
 *
 * The charger C stands at (36, 10) facing north, its move rolled; the
 * target B, infantry facing south, 2" beyond its front (the charge is
 * short, so the reach never decides these).
 */
function charger(type: UnitType, extra: Partial<TestUnit> = {}, t: Partial<TestTable> = {}) {
  const depth = type === "cavalry" || type === "artillery" ? 1 : 1.5;
  const front = 10 + depth;
  const { ctx, position } = table({
    ...t,
    units: [
      { id: "C", type, x: 36, y: 10, ...extra },
      { id: "B", side: "second", type: "infantry", x: 36, y: front + 2 + 1.5, facing: 18000 },
    ],
  });
  return { ctx, position: rolled(position, "C", 1) };
}

const CHARGE = { type: "charge", unit: "C", target: "B" } as const;

describe("[003 Charging] only Cavalry may move into contact with an enemy unit", () => {
  it("[003 Charging] cavalry charge: the contact is recorded and the charger has acted", () => {
    const { ctx, position } = charger("cavalry");
    const { position: after } = play(ctx, position, CHARGE);
    expect(after.contacts).toEqual([{ attacker: "C", defender: "B", side: "front" }]);
    expect(after.units.C).toMatchObject({ acted: "charged", x: inch(36), y: inch(12) });
  });

  for (const type of ["infantry", "skirmishers", "artillery"] as const)
    it(`[003 Charging] ${type} may not: refused, citing Charging, and never offered`, () => {
      const { ctx, position } = charger(type);
      expect(refusal(ctx, position, CHARGE)).toMatchObject({
        code: "charge/not-a-charger",
        rule: "Charging",
        unit: "C",
      });
      expect(legalActions(ctx, position).filter((a) => a.type === "charge")).toEqual([]);
    });

  it("[003 Charging] the charge is offered to the rolled cavalry, at the enemy only", () => {
    const { ctx, position } = charger("cavalry");
    expect(legalActions(ctx, position).filter((a) => a.type === "charge")).toEqual([CHARGE]);
  });

  it("[003 Charging] not at a friend: a unit of its own side is no enemy", () => {
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 36, y: 10 },
        { id: "F", type: "infantry", x: 36, y: 14.5, facing: 18000 },
      ],
    });
    expect(refusal(ctx, rolled(position, "C", 1), { type: "charge", unit: "C", target: "F" })).toMatchObject({
      code: "charge/not-enemy",
      rule: "Charging",
    });
  });

  it("[003 Charging] [003 Charging i] the move amount is rolled first: an unrolled charger is refused", () => {
    const { ctx, position } = charger("cavalry");
    const fresh = withUnits(position, { C: { acted: "none", roll: 0 } });
    expect(refusal(ctx, fresh, CHARGE)).toMatchObject({ code: "move/not-rolled", rule: "Charging i" });
  });

  it("[003 Charging] under the ACW modifications cavalry are Skirmishers and do not charge", () => {
    const { ctx, position } = charger("cavalry", {}, { options: { acw: "on" } });
    expect(refusal(ctx, position, CHARGE)).toMatchObject({ code: "charge/not-a-charger", rule: "Charging" });
  });
});

describe("[003 Charging Infantry] the regiments named charge like cavalry, at the infantry move rate", () => {
  const ON = { options: { chargingInfantry: "on" as const } };

  it("[003 Charging Infantry] a named regiment charges with the option on; with it off, or unnamed, it may not", () => {
    const named = charger("infantry", { charges: true }, ON);
    expect(play(named.ctx, named.position, CHARGE).position.contacts).toEqual([
      { attacker: "C", defender: "B", side: "front" },
    ]);
    const off = charger("infantry", { charges: true });
    expect(refusal(off.ctx, off.position, CHARGE).code).toBe("charge/not-a-charger");
    const unnamed = charger("infantry", {}, ON);
    expect(refusal(unnamed.ctx, unnamed.position, CHARGE).code).toBe("charge/not-a-charger");
  });

  it('[003 Charging Infantry] [003 Charging i] at the infantry rate: Dx + 2" (a 1 reaches 3" exactly, not a tick more)', () => {
    // B's front is 3" from C's front centre; a d6 face of 1 and the infantry's 2" Bonus.
    const at = (over: number) => {
      const t = table({
        options: { chargingInfantry: "on", greyAreas: "exact" },
        units: [
          { id: "C", type: "infantry", x: 36, y: 10, charges: true },
          { id: "B", side: "second", type: "infantry", x: 36, y: 16, facing: 18000 },
        ],
      });
      const p = rolled(t.position, "C", 1);
      return chargePlan(t.ctx, withUnits(p, { B: { y: inch(16) + over } }), "C", "B", exactJudge);
    };
    const exact = at(0);
    if (!exact.ok) throw new Error(exact.error.message);
    expect([exact.value.reach, exact.value.d2]).toEqual([inch(3), inch(3) ** 2]);
    const over = at(1);
    expect(!over.ok && over.error).toMatchObject({ code: "charge/out-of-reach", rule: "Charging i" });
  });

  it("[003 Charging Infantry] not in skirmish order: infantry in skirmish order fight as Skirmishers", () => {
    const { ctx, position } = charger(
      "infantry",
      { charges: true, formation: "skirmish" },
      {
        options: { chargingInfantry: "on", acw: "on" },
      },
    );
    expect(refusal(ctx, position, CHARGE).code).toBe("charge/not-a-charger");
  });

  it("[003 Charging Infantry] [003 Charging ii] [003 Terrain iii] a regiment holding a town charges from its front, never backwards", () => {
    // H holds the town 33-39 x 17-23 facing north (front centre y = 21.5, rear y = 18.5); it rolled a 6 (8").
    const at = (enemy: TestUnit) => {
      const t = table({
        ...ON,
        units: [{ id: "H", type: "infantry", x: 36, y: 20, charges: true }, enemy],
        areas: [rect("town", "town", 33, 17, 39, 23)],
      });
      expect(t.position.units.H?.holds).toBe("town");
      return { ctx: t.ctx, position: rolled(t.position, "H", 6) };
    };
    // T behind H, 3" from its rear: the town's all-round sight sees it (H could fire at it), but a charge
    // runs from the front side: T is out of H's front arc, so out of its LoS for a charge.
    const behind = at({ id: "T", side: "second", type: "infantry", x: 36, y: 14, facing: 0 });
    expect(sideSight(behind.ctx, behind.position, "H", "T", "front").visible).toBe(true);
    expect(refusal(behind.ctx, behind.position, { type: "charge", unit: "H", target: "T" })).toMatchObject({
      code: "charge/no-line-of-sight",
      unit: "H",
    });
    // T ahead of H, 3" from its front: H charges forward, leaving the town, and stops edge to edge.
    const ahead = at({ id: "T", side: "second", type: "infantry", x: 36, y: 26, facing: 18000 });
    const { position } = play(ahead.ctx, ahead.position, { type: "charge", unit: "H", target: "T" });
    expect(position.units.H).toMatchObject({ x: inch(36), y: inch(23), facing: 0, acted: "charged" });
  });
});
