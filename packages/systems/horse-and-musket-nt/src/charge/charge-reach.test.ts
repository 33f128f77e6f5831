import { describe, expect, it } from "vitest";
import { exactJudge, PreviewJudge } from "../grey-areas.js";
import { rect } from "../test-support/pieces.js";
import {
  eventsOf,
  INCH,
  inch,
  play,
  refusal,
  rolled,
  type TestTable,
  table,
  withUnits,
} from "../test-support/table.js";
import { chargePlan } from "./charge.js";

/**
 * Charging i: "Target Units must be in LoS, and the LoS distance equal or
 * less than the move amount with Bonus." The cavalry C at (36, 10) faces
 * north, its front centre at (36, 11); the infantry B faces south, its
 * front's centre `gap` ticks beyond. A rolled 1 on the d6 and the
 * Cavalry's 6" Bonus: a reach of 7" (the Bonus kept, though a charge is
 * not straight ahead: the text says "with Bonus").
 */
const REACH = inch(7);

function facing(gap: number, t: Partial<TestTable> = {}, face = 1) {
  const { ctx, position } = table({
    ...t,
    units: [
      { id: "C", type: "cavalry", x: 36, y: 10 },
      { id: "B", side: "second", type: "infantry", x: 36, y: 30, facing: 18000 },
      ...(t.units ?? []),
    ],
  });
  // B's front edge is 1.5" before its centre.
  const at = withUnits(position, { B: { y: inch(11) + gap + inch(1, 1, 2) } });
  return { ctx, position: rolled(at, "C", face) };
}

const CHARGE = { type: "charge", unit: "C", target: "B" } as const;
const EXACT = { options: { greyAreas: "exact" as const } };

describe("[003 Charging i] the LoS distance within the move amount with Bonus", () => {
  it('[003 Charging i] the reach is the rolled Dx plus the 6" Bonus, and the LoS distance is front centre to side centre', () => {
    for (const face of [1, 4, 6]) {
      const { ctx, position } = facing(inch(5), EXACT, face);
      const plan = chargePlan(ctx, position, "C", "B", exactJudge);
      if (!plan.ok) throw new Error(plan.error.message);
      expect(plan.value.reach).toBe(inch(face + 6));
      expect(plan.value.d2).toBe(inch(5) ** 2);
    }
  });

  it('[003 Charging i] [003 Variable Quality] the move amount is the modified Dx: an Elite 1 reaches 8"', () => {
    const { ctx, position } = table({
      options: { variableQuality: "on", greyAreas: "exact" },
      units: [
        { id: "C", type: "cavalry", x: 36, y: 10, quality: ["elite"] },
        { id: "B", side: "second", type: "infantry", x: 36, y: 20.5, facing: 18000 },
      ],
    });
    const plan = chargePlan(ctx, rolled(position, "C", 1), "C", "B", exactJudge);
    if (!plan.ok) throw new Error(plan.error.message);
    expect([plan.value.reach, plan.value.d2]).toEqual([inch(8), inch(8) ** 2]);
  });

  // Golden, measured exactly (greyAreas exact): a tick inside, on, a tick outside.
  for (const [gap, ok, words] of [
    [REACH - 1, true, "a tick inside"],
    [REACH, true, "exactly"],
    [REACH + 1, false, "a tick over"],
  ] as const)
    it(`[003 Charging i] measured exactly, the LoS distance ${words} 7": ${ok ? "charges" : "out of reach"}`, () => {
      const { ctx, position } = facing(gap, EXACT);
      if (ok) {
        const { position: after, events } = play(ctx, position, CHARGE);
        expect(after.contacts).toEqual([{ attacker: "C", defender: "B", side: "front" }]);
        expect(eventsOf(events, "charged")[0]?.distance).toBe(gap);
        expect(eventsOf(events, "roll-off")).toEqual([]);
      } else
        expect(refusal(ctx, position, CHARGE)).toMatchObject({
          code: "charge/out-of-reach",
          rule: "Charging i",
          unit: "C",
          other: "B",
        });
    });

  it("[003 Charging i] [003 Grey Areas] exactly at the reach is too close to call: a roll-off, won or lost", () => {
    const { ctx, position } = facing(REACH);
    // The preview says a roll-off will decide.
    const preview = new PreviewJudge(position.settled);
    expect(chargePlan(ctx, position, "C", "B", preview).ok).toBe(true);
    expect(preview.pending.map((q) => q.key)).toEqual(["reach:C:B"]);
    // Won 5 to 2: the charge is made.
    const won = play(ctx, position, CHARGE, [5, 2]);
    expect(eventsOf(won.events, "roll-off")[0]).toMatchObject({ key: "reach:C:B", winner: "first" });
    expect(won.position.contacts).toHaveLength(1);
    // Lost 2 to 5: no charge; the answer is kept, so asking again rolls nothing.
    const lost = play(ctx, position, CHARGE, [2, 5]);
    expect(lost.position.contacts).toEqual([]);
    expect(lost.position.settled["reach:C:B"]).toBe(false);
    expect(eventsOf(lost.events, "refused-after-roll-off")[0]).toMatchObject({
      unit: "C",
      rule: "Charging i",
    });
    expect(refusal(ctx, lost.position, CHARGE, [6, 1]).code).toBe("charge/out-of-reach");
  });

  it('[003 Charging i] [003 Grey Areas] past the band of 1/16" the answer is exact, with no roll-off', () => {
    const band = INCH / 16;
    const inside = facing(REACH - band - 1);
    const near = play(inside.ctx, inside.position, CHARGE, []);
    expect(eventsOf(near.events, "roll-off")).toEqual([]);
    expect(near.position.contacts).toHaveLength(1);
    const outside = facing(REACH + band + 1);
    expect(refusal(outside.ctx, outside.position, CHARGE, [])).toMatchObject({
      code: "charge/out-of-reach",
      rule: "Charging i",
    });
    // On the band's edge it is still too close to call.
    const edge = facing(REACH + band);
    expect(eventsOf(play(edge.ctx, edge.position, CHARGE, [5, 2]).events, "roll-off")).toHaveLength(1);
  });
});

describe("[003 Charging i] the target must be in line of sight", () => {
  it("[003 Charging i] [003 Line of Sight] a wood between: refused, though within reach; without it, the charge is made", () => {
    const wood = { areas: [rect("W", "woods", 30, 12.5, 42, 14.5)] };
    const hidden = facing(inch(5), wood);
    expect(refusal(hidden.ctx, hidden.position, CHARGE)).toMatchObject({
      code: "charge/no-line-of-sight",
      unit: "C",
      other: "B",
    });
    const open = facing(inch(5));
    expect(play(open.ctx, open.position, CHARGE).position.contacts).toHaveLength(1);
  });

  it("[003 Charging i] [003 Line of Sight II] not behind the charger: a target at its rear is out of its front arc", () => {
    // B 3" behind C (C's rear edge at y = 9), facing C; in reach but not in LoS.
    const { ctx, position } = table({
      units: [
        { id: "C", type: "cavalry", x: 36, y: 10 },
        { id: "B", side: "second", type: "infantry", x: 36, y: 4.5 },
      ],
    });
    expect(refusal(ctx, rolled(position, "C", 6), CHARGE).code).toBe("charge/no-line-of-sight");
  });

  it("[003 Charging i] infantry hides infantry from cavalry: a friendly battalion on the line blocks the charge", () => {
    const screen = { units: [{ id: "M", type: "infantry" as const, x: 36, y: 14 }] };
    const { ctx, position } = facing(inch(6), screen);
    expect(refusal(ctx, position, CHARGE).code).toBe("charge/no-line-of-sight");
  });
});
