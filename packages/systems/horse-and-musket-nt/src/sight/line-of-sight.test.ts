import { distanceSq } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { sideCentre, unitFrontCentre } from "../bases.js";
import { chargePlan } from "../charge/charge.js";
import { planShot } from "../fire/fire.js";
import { exactJudge } from "../grey-areas.js";
import { linear, polygonOfTicks, rect } from "../test-support/pieces.js";
import { eventsOf, inch, play, refusal, rolled, table, withUnits } from "../test-support/table.js";
import { SIDES, type UnitType } from "../vocabulary.js";
import { sideSight } from "./line-of-sight.js";
import { sightWorking } from "./sight-working.js";

/**
 * Line of Sight: "LoS is measured from a Firing or Charging Unit's front
 * center point to the center of a side of the Target Unit Base: Front,
 * Left, Right or Rear. It is blocked by anything intervening and apparently
 * taller than the height of the figures, e.g. hills, woods, towns, and Units
 * [cavalry are higher than any other Unit type]." II: "Half of a Targeted
 * Unit's side must be visible and in shooter/charger Front Arc." "Units must
 * have LoS to Fire or charge enemy Units at the time of the shot or charge."
 */
describe("from the front-centre point to the centre of a side", () => {
  it("[003 Line of Sight] the line runs from the viewer's front centre to the centre of each side; its length is the range", () => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        { id: "B", type: "infantry", x: 40, y: 22, facing: 27000, side: "second" },
      ],
    });
    const a = position.units.A;
    const b = position.units.B;
    if (!a || !b) throw new Error("units");
    for (const side of SIDES) {
      const s = sideSight(ctx, position, "A", "B", side);
      expect(s.origin).toEqual(unitFrontCentre(ctx, a));
      expect(s.centre).toEqual(sideCentre(ctx, b, side));
      expect(s.d2).toBe(distanceSq(unitFrontCentre(ctx, a), sideCentre(ctx, b, side)));
    }
    // B faces west: its left side (south) faces A and is seen; its right (north) is behind it.
    expect(sideSight(ctx, position, "A", "B", "left").visible).toBe(true);
    expect(sideSight(ctx, position, "A", "B", "right").visible).toBe(false);
  });

  it("[003 Line of Sight] the target's own base hides its far sides", () => {
    // B faces away from A: A sees B's rear; the lines to its front and flanks pass through B itself.
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        { id: "B", type: "infantry", x: 36, y: 20, side: "second" },
      ],
    });
    const seen = SIDES.map((side) => [side, sideSight(ctx, position, "A", "B", side).visible]);
    expect(seen).toEqual([
      ["front", false],
      ["left", false],
      ["right", false],
      ["rear", true],
    ]);
    expect(sightWorking(ctx, position, "A", "B", "front")?.centreBlock).toEqual({ kind: "unit", id: "B" });
  });
});

describe("blocked by anything taller: cavalry are higher than any other type", () => {
  // A at (36, 10) facing north, M between at (36, 16), B at (36, 22) facing A.
  const rows: [UnitType, UnitType, UnitType, boolean, string][] = [
    ["infantry", "infantry", "infantry", false, "infantry hides infantry from infantry"],
    ["cavalry", "infantry", "cavalry", true, "cavalry see cavalry over infantry"],
    ["cavalry", "artillery", "cavalry", true, "cavalry see cavalry over guns"],
    ["cavalry", "skirmishers", "cavalry", true, "cavalry see cavalry over skirmishers"],
    ["infantry", "infantry", "cavalry", false, "infantry hides cavalry from infantry"],
    ["cavalry", "infantry", "infantry", false, "infantry hides infantry from cavalry"],
    ["cavalry", "cavalry", "cavalry", false, "cavalry hide cavalry"],
    ["infantry", "cavalry", "infantry", false, "cavalry hide infantry"],
    ["artillery", "skirmishers", "artillery", false, "skirmishers hide guns from guns"],
  ];
  for (const [viewer, middle, target, visible, why] of rows)
    it(`[003 Line of Sight] ${why}: ${viewer} to ${target} over ${middle} is ${visible ? "clear" : "blocked"}`, () => {
      const { ctx, position } = table({
        units: [
          { id: "A", type: viewer, x: 36, y: 10 },
          { id: "M", type: middle, x: 36, y: 16 },
          { id: "B", type: target, x: 36, y: 22, facing: 18000, side: "second" },
        ],
      });
      const s = sideSight(ctx, position, "A", "B", "front");
      expect(s.visible).toBe(visible);
      // Without M, every pair sees the other.
      const { M: _, ...rest } = position.units;
      expect(sideSight(ctx, { ...position, units: rest }, "A", "B", "front").visible).toBe(true);
    });

  it("[003 Line of Sight] under the ACW modifications cavalry are Skirmishers (1 high): they no longer see over infantry", () => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "cavalry", x: 36, y: 10 },
        { id: "M", type: "infantry", x: 36, y: 16 },
        { id: "B", type: "cavalry", x: 36, y: 22, facing: 18000, side: "second" },
      ],
      options: { acw: "on" },
    });
    expect(sideSight(ctx, position, "A", "B", "front").visible).toBe(false);
  });
});

describe("blocked by hills, woods and towns; not by lower pieces", () => {
  // A 12" x 4" piece across the line, neither end in it.
  const sight = (extra: Partial<Parameters<typeof table>[0]>) => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        { id: "B", type: "infantry", x: 36, y: 26, facing: 18000, side: "second" },
      ],
      ...extra,
    });
    return sightWorking(ctx, position, "A", "B", "front");
  };

  for (const kind of ["hill", "woods", "town"] as const)
    it(`[003 Line of Sight] [003 Line of Sight III] a ${kind} between blocks the line (it passes through two sides)`, () => {
      const w = sight({ areas: [rect("P", kind, 30, 16, 42, 20)] });
      expect(w?.visible).toBe(false);
      expect(w?.centreBlock).toEqual({ kind: "area", id: "P", why: "two-sides" });
    });

  for (const kind of ["brush", "marsh", "lake"] as const)
    it(`[003 Line of Sight] ${kind} is lower than the figures: it does not block`, () => {
      expect(sight({ areas: [rect("P", kind, 30, 16, 42, 20)] })?.visible).toBe(true);
    });

  it("[003 Line of Sight] walls, gullies, river banks, rivers and roads do not block", () => {
    const across = [
      [30, 18],
      [42, 18],
    ] as const;
    const w = sight({
      linears: [
        linear("W", "wall", across, 1),
        linear("G", "gully", across, 2),
        linear("R", "riverbank", across, 3),
      ],
      rivers: [
        {
          id: "Rv",
          name: "Rv",
          line: [
            [0, 17],
            [72, 17],
          ],
          crossings: [],
        },
      ],
      roads: [
        {
          id: "Rd",
          name: "Rd",
          line: [
            [0, 19],
            [72, 19],
          ],
          width: 1,
        },
      ],
    });
    expect(w?.visible).toBe(true);
    expect(w?.seen).toBe(8);
  });
});

describe("Line of Sight II: half of the side visible and in the front arc, judged on eighths", () => {
  // V, cavalry facing north at (20, 10), front corners (18, 11) and (22, 11); its right-hand ray
  // reaches y = 19 at x = 30. T's front side lies along y = 19 from x = a to a + 6.
  const arc = (a: number, extra: Partial<Parameters<typeof table>[0]> = {}) => {
    const { ctx, position } = table({
      units: [
        { id: "V", type: "cavalry", x: 20, y: 10 },
        { id: "T", type: "infantry", x: a + 3, y: 20.5, facing: 18000, side: "second" },
      ],
      ...extra,
    });
    return { ctx, position, sight: sideSight(ctx, position, "V", "T", "front") };
  };

  it("[003 Line of Sight II] golden: 4 of the 8 parts in the front arc is half: the side is seen", () => {
    const { sight } = arc(27);
    expect([sight.seen, sight.parts, sight.visible]).toEqual([4, 8, true]);
  });

  it("[003 Line of Sight II] golden: 3 of the 8 parts in the front arc is not half: the side is not seen", () => {
    const { sight } = arc(27.75);
    expect([sight.seen, sight.visible]).toEqual([3, false]);
    expect(sight.why).toBe("only 3 of 8 parts of the side are seen in the arc");
  });

  it("[003 Line of Sight II] visible AND in arc on the same parts: 4 seen out of arc and 4 in arc behind a wood is no half", () => {
    // A thin wood beside the line to the centre hides exactly the four parts in the arc.
    const wood = polygonOfTicks("W", "woods", [
      [152210, 91678],
      [170498, 106308],
      [163833, 114639],
      [145545, 100008],
    ]);
    const { ctx, position, sight } = arc(27, { areas: [wood] });
    expect([sight.seen, sight.visible]).toEqual([0, false]);
    const w = sightWorking(ctx, position, "V", "T", "front");
    expect(w?.centreBlock).toBeUndefined();
    expect(w?.parts.map((p) => [p.inArc, p.block === undefined])).toEqual([
      [false, true],
      [false, true],
      [false, true],
      [false, true],
      [true, false],
      [true, false],
      [true, false],
      [true, false],
    ]);
  });

  it("[003 Line of Sight II] a unit hiding 4 parts but not the centre leaves half seen; one covering the centre blocks the side", () => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        // M's east edge 1/8" west of the line to B's front centre.
        { id: "M", type: "infantry", x: { in: 32, num: 7, den: 8 }, y: 20 },
        { id: "B", type: "infantry", x: 36, y: 30, facing: 18000, side: "second" },
      ],
    });
    const half = sightWorking(ctx, position, "A", "B", "front");
    expect(half?.parts.map((p) => p.block?.kind ?? "clear")).toEqual([
      "clear",
      "clear",
      "clear",
      "clear",
      "unit",
      "unit",
      "unit",
      "unit",
    ]);
    expect([half?.seen, half?.visible]).toEqual([4, true]);
    const over = withUnits(position, { M: { x: inch(33) + 1 } });
    const s = sideSight(ctx, over, "A", "B", "front");
    expect([s.visible, s.why]).toEqual([false, "the line to the side's centre is blocked"]);
  });
});

describe("Units must have LoS at the time of the shot or charge", () => {
  // A shoots (or C charges) north at B, whose south side (its right, B facing east) is 7.5" away;
  // M, A's own infantry facing west, stands between until it moves off.
  const start = (viewer: UnitType) =>
    table({
      units: [
        { id: "A", type: viewer, x: 36, y: 12 },
        { id: "M", type: "infantry", x: 36, y: 17, facing: 27000 },
        { id: "B", type: "infantry", x: 36, y: 24, facing: 9000, side: "second" },
      ],
    });
  const moveOff = (t: ReturnType<typeof start>) => {
    const r = play(t.ctx, t.position, { type: "roll-move", unit: "M" }, [4]);
    return play(t.ctx, r.position, { type: "move", unit: "M", program: [{ op: "advance", ticks: inch(6) }] })
      .position;
  };

  it("[003 Line of Sight] no shot while M stands in the way; once M has moved off, A fires at B's flank", () => {
    const t = start("infantry");
    expect(refusal(t.ctx, t.position, { type: "fire", unit: "A" }, [3]).code).toBe("fire/no-target");
    const later = moveOff(t);
    const plan = planShot(t.ctx, later, "A", undefined, exactJudge);
    expect(plan.ok && plan.value?.target.side).toBe("right");
    const shot = play(t.ctx, later, { type: "fire", unit: "A" }, [3]);
    expect(eventsOf(shot.events, "fired").map((e) => [e.target, e.side])).toEqual([["B", "right"]]);
  });

  it("[003 Line of Sight] no charge while M stands in the way; once M has moved off, the charge is open", () => {
    const t = start("cavalry");
    const blocked = refusal(t.ctx, rolled(t.position, "A", 6), { type: "charge", unit: "A", target: "B" });
    expect([blocked.code, blocked.rule]).toEqual(["charge/no-line-of-sight", "Line of Sight"]);
    const later = rolled(moveOff(t), "A", 6);
    const plan = chargePlan(t.ctx, later, "A", "B", exactJudge);
    expect(plan.ok && plan.value.side).toBe("right");
  });
});
