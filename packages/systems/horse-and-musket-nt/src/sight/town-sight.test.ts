import { distanceSq, partMidpoints } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { sideCentre, sideSegment, unitFrontCentre } from "../bases.js";
import { planShot } from "../fire/fire.js";
import { exactJudge } from "../grey-areas.js";
import { rect } from "../test-support/pieces.js";
import { eventsOf, INCH, inch, play, type TestUnit, table } from "../test-support/table.js";
import { lineBlock, sideSight } from "./line-of-sight.js";

/**
 * Terrain iii: the unit that Reforms entirely within a town "then also has
 * a 360 LoS from the center of any side". The LoS distance is a shot's
 * range (and a charge's reach), so it is measured from the NEAREST side's
 * centre that sees the target, not from the first side in a fixed order;
 * ties go to the order front, right, rear, left.
 *
 * H holds the 6" town 33-39 x 17-23, facing north at (36, 20): its front
 * centre is (36, 21.5), its right side's centre (39, 20).
 */
const TOWN = rect("town", "town", 33, 17, 39, 23);
const HOLDER: TestUnit = { id: "H", type: "infantry", x: 36, y: 20 };

function held(target: TestUnit) {
  const t = table({ units: [HOLDER, target], areas: [TOWN] });
  expect(t.position.units.H?.holds).toBe("town");
  return t;
}

describe("[003 Terrain iii] the holder of a town sees from the nearest side that sees", () => {
  // T faces west, its front edge along x = 42.5: 3.5" from H's right side's centre, 6.67" from H's front centre.
  const EAST: TestUnit = { id: "T", side: "second", type: "infantry", x: 44, y: 20, facing: 27000 };

  it('[003 Terrain iii] the line runs from the right side\'s centre (3.5"), not the front centre (6.67"), though both see', () => {
    const { ctx, position } = held(EAST);
    const h = position.units.H;
    const t = position.units.T;
    if (!h || !t) throw new Error("units");
    const target = sideCentre(ctx, t, "front");
    // The front centre sees T too: its line and every part of T's front are clear (less than 4" of town):
    // the first origin in the fixed order sees, and it is the farther one.
    const front = unitFrontCentre(ctx, h);
    const ends = { viewer: "H", target: "T", from: front };
    expect(lineBlock(ctx, position, ends, target)).toBeUndefined();
    const [a, b] = sideSegment(ctx, t, "front");
    for (const m of partMidpoints(a, b, 8)) expect(lineBlock(ctx, position, ends, m)).toBeUndefined();
    expect(distanceSq(front, target)).toBe(inch(6.5) ** 2 + inch(1.5) ** 2);

    const s = sideSight(ctx, position, "H", "T", "front");
    expect(s).toMatchObject({ visible: true, origin: sideCentre(ctx, h, "right"), centre: target });
    expect(s.d2).toBe(inch(3.5) ** 2);
  });

  it('[003 Terrain iii] [003 Fire iii] so the shot is at point blank range (within 4" of the right side) and doubled', () => {
    const { ctx, position } = held(EAST);
    const plan = planShot(ctx, position, "H", undefined, exactJudge);
    if (!plan.ok || !plan.value) throw new Error("H has a target");
    expect(plan.value.target).toMatchObject({ id: "T", side: "front", band: "point-blank" });
    const { events } = play(ctx, position, { type: "fire", unit: "H" }, [3]);
    expect(eventsOf(events, "fired")[0]).toMatchObject({
      target: "T",
      band: "point-blank",
      roll: 3,
      hits: 6,
    });
  });

  it("[003 Terrain iii] the nearest seeing side even when a nearer side is blocked: T hidden from the right, seen from the front", () => {
    // Cavalry (2 high, taller than foot) at x 39.75-41.75, y 16.06-20.06 stand across the line from the right
    // side's centre (y = 20); from the front centre the line and T's upper four parts of eight pass above them.
    const screen: TestUnit = { id: "S", type: "cavalry", x: 40.75, y: 18.0625, facing: 9000 };
    const { ctx, position } = table({ units: [HOLDER, screen, EAST], areas: [TOWN] });
    const h = position.units.H;
    const t = position.units.T;
    if (!h || !t) throw new Error("units");
    const target = sideCentre(ctx, t, "front");
    const fromRight = { viewer: "H", target: "T", from: sideCentre(ctx, h, "right") };
    expect(lineBlock(ctx, position, fromRight, target)).toEqual({ kind: "unit", id: "S" });
    const s = sideSight(ctx, position, "H", "T", "front");
    expect(s).toMatchObject({ visible: true, origin: unitFrontCentre(ctx, h), seen: 4 });
    expect(s.d2).toBe(distanceSq(unitFrontCentre(ctx, h), target));
  });

  it("[003 Terrain iii] a tie goes to the first side in the order front, right, rear, left", () => {
    // T faces south, its front centre at (40, 25.75): 4" across and 4.25" up from H's front centre, 1" across and
    // 5.75" up from its right side's centre: 34 1/16 square inches both.
    const { ctx, position } = held({
      id: "T",
      side: "second",
      type: "infantry",
      x: 40,
      y: 27.25,
      facing: 18000,
    });
    const h = position.units.H;
    const t = position.units.T;
    if (!h || !t) throw new Error("units");
    const target = sideCentre(ctx, t, "front");
    expect(distanceSq(unitFrontCentre(ctx, h), target)).toBe(distanceSq(sideCentre(ctx, h, "right"), target));
    const s = sideSight(ctx, position, "H", "T", "front");
    expect(s).toMatchObject({ visible: true, origin: unitFrontCentre(ctx, h) });
    expect(s.d2).toBe(34 * INCH * INCH + (INCH * INCH) / 16);
  });
});
