import { cross, interiorsOverlap, nearestPoints, squaredWithin } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { sideCentre, unitFrontCentre, unitPolygon } from "../bases.js";
import { exactJudge } from "../grey-areas.js";
import type { UnitState } from "../position.js";
import { eventsOf, inch, play, refusal, rolled, type TestUnit, table } from "../test-support/table.js";
import { chargePlan } from "./charge.js";

/**
 * Charging ii: "Contact is made by moving the shortest LoS distance from
 * the Charging Unit's Front side to the center of any uncontacted side. It
 * immediately stops moving upon contact, even if just a corner contact."
 * The side is the one the charger's front-centre point is in (Front,
 * Left, Right & Rear Sides); the charger moves along its line of sight,
 * facing kept, and stops at the first contact.
 *
 * The target B, infantry, stands at (36, 19.5) facing south: its front
 * edge runs along y = 18 from x = 33 to 39, its left side (east) along
 * x = 39. The charger rolls a 3: a reach of 9", clear of every LoS
 * distance here (the reach itself is tested under Charging i).
 */
const B: TestUnit = { id: "B", side: "second", type: "infantry", x: 36, y: 19.5, facing: 18000 };
const CHARGE = { type: "charge", unit: "C", target: "B" } as const;

function setUp(c: Omit<TestUnit, "id" | "type">, others: TestUnit[] = [], face = 3) {
  const { ctx, position } = table({ units: [{ id: "C", type: "cavalry", ...c }, B, ...others] });
  return { ctx, position: rolled(position, "C", face) };
}

function plan(t: ReturnType<typeof setUp>) {
  const p = chargePlan(t.ctx, t.position, "C", "B", exactJudge);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

/** The charger at its end: touching the target (within the kernel's lattice back-off of 3 ticks), never overlapping. */
function expectContact(t: ReturnType<typeof setUp>, end: UnitState) {
  const moved = unitPolygon(t.ctx, end);
  const target = unitPolygon(t.ctx, t.position.units.B as UnitState);
  expect(interiorsOverlap(moved, target)).toBe(false);
  expect(squaredWithin(nearestPoints(moved, target).squared, 3)).toBe(true);
}

describe("[003 Charging ii] along the line of sight to the centre of the side, stopping at first contact", () => {
  it("[003 Charging ii] head on: the front centre runs the LoS distance to the front's centre; edge to edge", () => {
    // C's front centre (36, 11) is 7" from B's front centre (36, 18).
    const t = setUp({ x: 36, y: 10 });
    const p = plan(t);
    const c = t.position.units.C as UnitState;
    expect(p.from).toEqual(unitFrontCentre(t.ctx, c));
    expect(p.to).toEqual(sideCentre(t.ctx, t.position.units.B as UnitState, "front"));
    expect([p.side, p.touching, p.t]).toEqual(["front", "edge-edge", { num: 1, den: 1 }]);
    const { position, events } = play(t.ctx, t.position, CHARGE);
    expect(position.units.C).toMatchObject({ x: inch(36), y: inch(17), facing: 0, acted: "charged" });
    expect(eventsOf(events, "charged")).toEqual([
      {
        type: "charged",
        unit: "C",
        target: "B",
        side: "front",
        x: inch(36),
        y: inch(17),
        facing: 0,
        distance: inch(7),
        touching: "edge-edge",
      },
    ]);
    expectContact(t, position.units.C as UnitState);
  });

  it("[003 Charging ii] obliquely: the charger keeps its facing and stops at its corner's contact, short of the centre", () => {
    // C faces north-east at (34, 11): its front-left corner is its highest point and touches B's front first.
    const t = setUp({ x: 34, y: 11, facing: 4500 });
    const p = plan(t);
    expect(p.side).toBe("front");
    expect(p.touching).toBe("corner-edge");
    // Stopped before its front centre reached the side's centre: t < 1.
    expect(p.t.num).toBeLessThan(p.t.den);
    const { position } = play(t.ctx, t.position, CHARGE);
    const c0 = t.position.units.C as UnitState;
    const c1 = position.units.C as UnitState;
    expect(c1.facing).toBe(4500);
    // Moved along the line (front centre to the side's centre), to within a tick of it.
    const v = { x: p.to.x - p.from.x, y: p.to.y - p.from.y };
    const d = { x: c1.x - c0.x, y: c1.y - c0.y };
    expect(Math.abs(cross(v.x, v.y, d.x, d.y))).toBeLessThanOrEqual(Math.abs(v.x) + Math.abs(v.y));
    expect(d.x * v.x + d.y * v.y).toBeGreaterThan(0);
    expectContact(t, c1);
    // Its front centre is still short of B's front (it reached no further than the corner let it).
    expect(unitFrontCentre(t.ctx, c1).y).toBeLessThan(inch(18));
  });

  it("[003 Charging ii] a charge to a flank: C in B's left (east) side charges that side and its centre", () => {
    // C faces west at (44, 19.5), its front centre (43, 19.5) 4" from B's left side's centre (39, 19.5).
    const t = setUp({ x: 44, y: 19.5, facing: 27000 });
    const p = plan(t);
    expect([p.side, p.to, p.d2, p.touching]).toEqual([
      "left",
      { x: inch(39), y: inch(19.5) },
      inch(4) ** 2,
      "edge-edge",
    ]);
    const { position } = play(t.ctx, t.position, CHARGE);
    expect(position.contacts).toEqual([{ attacker: "C", defender: "B", side: "left" }]);
    expect(position.units.C).toMatchObject({ x: inch(40), y: inch(19.5), facing: 27000 });
  });

  it("[003 Charging ii] [003 Melee iii] the flank charge's melee is doubled; the same die at the front is not", () => {
    const melee = (c: Omit<TestUnit, "id" | "type">) => {
      const t = setUp(c);
      const charged = play(t.ctx, t.position, CHARGE);
      const { events } = play(t.ctx, charged.position, { type: "end-phase" }, [3, 2]);
      return eventsOf(events, "melee")[0];
    };
    expect(melee({ x: 44, y: 19.5, facing: 27000 })).toMatchObject({ side: "left", roll: 3, hits: 10 });
    expect(melee({ x: 36, y: 10 })).toMatchObject({ side: "front", roll: 3, hits: 5 });
  });

  it("[003 Charging ii] a first contact with another unit on the way blocks the charge", () => {
    // Cavalry see cavalry over infantry: the line is clear, but the friendly battalion M stands on the path.
    const cav: TestUnit = { ...B, type: "cavalry", y: 19 };
    const { ctx, position } = table({
      units: [{ id: "C", type: "cavalry", x: 36, y: 10 }, cav, { id: "M", type: "infantry", x: 38, y: 14.5 }],
    });
    const t = { ctx, position: rolled(position, "C", 3) };
    expect(refusal(t.ctx, t.position, CHARGE)).toMatchObject({
      code: "charge/blocked",
      rule: "Charging ii",
      unit: "C",
      other: "M",
    });
    // Without M the charge is made.
    const { M: _, ...rest } = t.position.units;
    expect(play(t.ctx, { ...t.position, units: rest }, CHARGE).position.contacts).toHaveLength(1);
  });

  it("[003 Charging ii] the side is the one the front centre is in: a charger in B's front zone charges its front, not the nearer flank", () => {
    // C's front centre (40, 15.5) is in B's front zone (below the ray from B's corner (39, 18)), yet nearer
    // B's left side's centre (39, 19.5): 4.12" against 4.72".
    const t = setUp({ x: 40, y: 14.5 });
    const c = t.position.units.C as UnitState;
    const b = t.position.units.B as UnitState;
    const fc = unitFrontCentre(t.ctx, c);
    const d2 = (q: { x: number; y: number }) => (q.x - fc.x) ** 2 + (q.y - fc.y) ** 2;
    expect(d2(sideCentre(t.ctx, b, "left"))).toBeLessThan(d2(sideCentre(t.ctx, b, "front")));
    const p = plan(t);
    expect([p.side, p.to]).toEqual(["front", sideCentre(t.ctx, b, "front")]);
  });
});
