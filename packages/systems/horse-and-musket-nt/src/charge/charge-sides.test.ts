import { interiorsOverlap } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { unitPolygon } from "../bases.js";
import { exactJudge } from "../grey-areas.js";
import type { Position, UnitState } from "../position.js";
import { eventsOf, inch, play, refusal, rolled, type TestUnit, table } from "../test-support/table.js";
import type { UnitSide } from "../vocabulary.js";
import { chargePlan } from "./charge.js";

/**
 * Charging iii: "Contact may be only one Cavalry Unit per Side; front, rear
 * and left/right. There is no additional free movement to achieve fully
 * aligned edge-to-edge contact [the "closing the door" of DBA and other
 * rules]. Gaps are filled with fighting men! Melee is resolved during the
 * Melee phase." Contacts are state (the position's `contacts`), recorded
 * by the charge and read by the next charge and the Melee.
 *
 * B, infantry, stands at (36, 24) facing south: front edge y = 22.5, rear
 * y = 25.5, left (east) x = 39, right (west) x = 33. The chargers roll a 3
 * (a reach of 9").
 */
const B: TestUnit = { id: "B", side: "second", type: "infantry", x: 36, y: 24, facing: 18000 };

/** A charger in each side's zone, facing B, 3" to 3.5" from that side's centre. */
const IN_SIDE: Record<UnitSide, Omit<TestUnit, "id" | "type">> = {
  front: { x: 36, y: 18, facing: 0 },
  rear: { x: 36, y: 30, facing: 18000 },
  left: { x: 43, y: 24, facing: 27000 },
  right: { x: 29, y: 24, facing: 9000 },
};

function setUp(chargers: Record<string, Omit<TestUnit, "id" | "type">>) {
  const units: TestUnit[] = [
    B,
    ...Object.entries(chargers).map(([id, c]) => ({ id, type: "cavalry" as const, ...c })),
  ];
  const { ctx, position } = table({ units });
  let p: Position = position;
  for (const id of Object.keys(chargers)) p = rolled(p, id, 3);
  return { ctx, position: p };
}

const charge = (unit: string) => ({ type: "charge", unit, target: "B" }) as const;

describe("[003 Charging iii] only one Cavalry unit per side of a target", () => {
  for (const side of ["front", "rear", "left", "right"] as const)
    it(`[003 Charging iii] B's ${side} once contacted may not be charged again; uncontacted, it may`, () => {
      // X, far off, has already charged B's side (the contact as a charge records it).
      const { ctx, position } = setUp({ C: IN_SIDE[side], X: { x: 60, y: 4 } });
      const open = chargePlan(ctx, position, "C", "B", exactJudge);
      expect(open.ok && open.value.side).toBe(side);
      const taken = { ...position, contacts: [{ attacker: "X", defender: "B", side }] };
      expect(refusal(ctx, taken, charge("C"))).toMatchObject({
        code: "charge/side-contacted",
        rule: "Charging iii",
        unit: "C",
        other: "B",
      });
      // Another side of B contacted leaves this one open.
      const other: UnitSide = side === "front" ? "rear" : "front";
      const elsewhere = { ...position, contacts: [{ attacker: "X", defender: "B", side: other }] };
      expect(chargePlan(ctx, elsewhere, "C", "B", exactJudge).ok).toBe(true);
    });

  it("[003 Charging iii] played: C1 charges the front; C2, also in front, is refused; C3 charges the left; both fight", () => {
    // C1 and C2 side by side in B's front zone; C3 at its left.
    const { ctx, position } = setUp({ C1: { x: 33, y: 18 }, C2: { x: 40, y: 18 }, C3: IN_SIDE.left });
    expect(chargePlan(ctx, position, "C2", "B", exactJudge)).toMatchObject({
      ok: true,
      value: { side: "front" },
    });
    const first = play(ctx, position, charge("C1")).position;
    expect(refusal(ctx, first, charge("C2"))).toMatchObject({
      code: "charge/side-contacted",
      rule: "Charging iii",
    });
    const both = play(ctx, first, charge("C3")).position;
    expect(both.contacts).toEqual([
      { attacker: "C1", defender: "B", side: "front" },
      { attacker: "C3", defender: "B", side: "left" },
    ]);
    // Melee: C1 rolls 1 (3 hits), C3 rolls 2 on the flank ((2 + 2) x 2 = 8); each then falls back its own Dx.
    const { events, position: after } = play(ctx, both, { type: "end-phase" }, [1, 2, 3, 5]);
    expect(eventsOf(events, "melee").map((m) => [m.unit, m.side, m.hits])).toEqual([
      ["C1", "front", 3],
      ["C3", "left", 8],
    ]);
    expect(after.units.B?.hits).toBe(11);
  });
});

describe("[003 Charging iii] no closing the door: the charger stays as it made contact", () => {
  it("[003 Charging iii] an oblique charger touches by a corner and is not wheeled flush; the melee is fought so", () => {
    // C faces north-east; its front-left corner meets B's front edge first.
    const { ctx, position } = setUp({ C: { x: 34, y: 15.5, facing: 4500 } });
    const before = position.units.C as UnitState;
    const { position: after, events } = play(ctx, position, charge("C"));
    const c = after.units.C as UnitState;
    expect(eventsOf(events, "charged")[0]).toMatchObject({
      side: "front",
      touching: "corner-edge",
      facing: 4500,
    });
    // Only its place and what it did changed: no turn, no other unit moved.
    expect({ ...c, x: before.x, y: before.y }).toEqual({ ...before, acted: "charged" });
    expect(after.units.B).toEqual(position.units.B);
    expect(interiorsOverlap(unitPolygon(ctx, c), unitPolygon(ctx, after.units.B as UnitState))).toBe(false);
    const { events: fought } = play(ctx, after, { type: "end-phase" }, [4, 1]);
    expect(eventsOf(fought, "melee")[0]).toMatchObject({ unit: "C", side: "front", hits: 6 });
  });

  it("[003 Charging iii] melee is not fought in the Actions phase: the charge inflicts no hits until Actions end", () => {
    const { ctx, position } = setUp({ C: IN_SIDE.front });
    const { position: after, events } = play(ctx, position, charge("C"));
    expect(eventsOf(events, "melee")).toEqual([]);
    expect(after.units.B?.hits).toBe(0);
    expect(after.units.C).toMatchObject({ y: inch(21.5) });
    expect(after.phase).toBe("actions");
  });
});
