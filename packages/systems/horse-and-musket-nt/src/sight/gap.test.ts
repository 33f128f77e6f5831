import { throughGap } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { unitPolygon } from "../bases.js";
import { priorityTargets } from "../fire/targets.js";
import { PreviewJudge } from "../grey-areas.js";
import { polygonOfTicks, rect, ticks } from "../test-support/pieces.js";
import { inch, type TestTable, table, withUnits } from "../test-support/table.js";
import type { UnitType } from "../vocabulary.js";
import { sideSight } from "./line-of-sight.js";
import { blockWords, sightWorking } from "./sight-working.js";

/**
 * Line of Sight I: "A gap 4" wide is needed to trace LoS through." Between
 * two blockers whose nearest distance is under 4" a line may not pass (the
 * kernel's throughGap: through the bridge where they come nearest); a gap
 * of exactly 4" is wide enough. Exact: never a roll-off.
 *
 * The table: A at (36, 10) facing north sees B's front side along y = 28.5
 * (x 33-39); the lines to its parts cross y = 18.5-21.5 within 1.6" of
 * x = 36. Blockers stand either side at y = 20, their facing edges at
 * x = 34 and x = 34 + gap.
 */
function gapTable(
  gap: number,
  extra: Partial<TestTable> = {},
  types: { viewer: UnitType; wall: UnitType } = { viewer: "infantry", wall: "infantry" },
) {
  const { ctx } = table({ units: [{ id: "A", type: "infantry", x: 36, y: 10 }] });
  const half = ctx.rules.data.unitTypes[types.wall].base.frontage / 2;
  return table({
    units: [
      { id: "A", type: types.viewer, x: 36, y: 10 },
      // G1's east edge at 34", G2's west edge at 34" + gap.
      { id: "G1", type: types.wall, x: ticks(inch(34) - half), y: 20 },
      { id: "G2", type: types.wall, x: ticks(inch(34) + gap + half), y: 20 },
      { id: "B", type: types.viewer, x: 36, y: 30, facing: 18000, side: "second" },
      ...(extra.units ?? []),
    ],
    ...(extra.areas ? { areas: extra.areas } : {}),
    ...(extra.options ? { options: extra.options } : {}),
  });
}

describe("golden: a gap of exactly 4 inches", () => {
  it("[003 Line of Sight I] two units exactly 4 inches apart: the side is seen through the gap, every part of it", () => {
    const { ctx, position } = gapTable(inch(4));
    const w = sightWorking(ctx, position, "A", "B", "front");
    expect(w?.visible).toBe(true);
    expect(w?.seen).toBe(8);
    expect(w?.parts.every((p) => p.block === undefined)).toBe(true);
  });

  it("[003 Line of Sight I] 4 inches less 1 tick: every line is stopped by the gap, which names its two blockers", () => {
    const { ctx, position } = gapTable(inch(4) - 1);
    const w = sightWorking(ctx, position, "A", "B", "front");
    expect(w?.visible).toBe(false);
    expect(w?.centreBlock).toEqual({ kind: "gap", between: ["G1", "G2"] });
    expect(w?.parts.every((p) => p.block?.kind === "gap")).toBe(true);
    expect(blockWords(ctx, { kind: "gap", between: ["G1", "G2"] })).toBe(
      'the gap between G1 and G2 is under 4"',
    );
  });

  it("[003 Line of Sight I] the gap is exact, never too close to call: no roll-off is offered, there is no shot", () => {
    const { ctx, position } = gapTable(inch(4) - 1);
    const judge = new PreviewJudge(position.settled);
    expect(priorityTargets(ctx, position, "A", judge)).toEqual([]);
    expect(judge.pending).toEqual([]);
  });

  it("[003 Line of Sight I] between two woods: exactly 4 inches passes, a tick less does not, and the gap names the woods", () => {
    const woods = (gap: number) =>
      table({
        units: [
          { id: "A", type: "infantry", x: 36, y: 10 },
          { id: "B", type: "infantry", x: 36, y: 30, facing: 18000, side: "second" },
        ],
        areas: [
          rect("Left", "woods", 26, 18, 34, 22),
          rect("Right", "woods", ticks(inch(34) + gap), 18, ticks(inch(42) + gap), 22),
        ],
      });
    const wide = woods(inch(4));
    expect(sideSight(wide.ctx, wide.position, "A", "B", "front").visible).toBe(true);
    const narrow = woods(inch(4) - 1);
    const w = sightWorking(narrow.ctx, narrow.position, "A", "B", "front");
    expect(w?.centreBlock).toEqual({ kind: "gap", between: ["Left", "Right"] });
    expect(blockWords(narrow.ctx, { kind: "gap", between: ["Left", "Right"] })).toBe(
      'the gap between Left and Right is under 4"',
    );
  });

  it("[003 Line of Sight I] a unit and a wood make a gap too", () => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        { id: "G1", type: "infantry", x: 31, y: 20 },
        { id: "B", type: "infantry", x: 36, y: 30, facing: 18000, side: "second" },
      ],
      areas: [rect("Wood", "woods", 37.5, 18, 45, 22)],
    });
    expect(sightWorking(ctx, position, "A", "B", "front")?.centreBlock).toEqual({
      kind: "gap",
      between: ["G1", "Wood"],
    });
  });
});

describe("touching blockers leave no gap", () => {
  it("[003 Line of Sight I] two units side by side, touching: the line along their seam is blocked (a gap of 0)", () => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        // G1 spans x 30-36, G2 x 36-42: their seam is on the line to B's front centre.
        { id: "G1", type: "infantry", x: 33, y: 20 },
        { id: "G2", type: "infantry", x: 39, y: 20 },
        { id: "B", type: "infantry", x: 36, y: 30, facing: 18000, side: "second" },
      ],
    });
    const w = sightWorking(ctx, position, "A", "B", "front");
    expect(w?.centreBlock).toEqual({ kind: "gap", between: ["G1", "G2"] });
    expect(w?.visible).toBe(false);
  });

  it("[003 Line of Sight I] two units touching at a corner: the line through that corner, between them, is blocked", () => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        // G1's front-right corner (36, 20) is G2's rear-left corner.
        { id: "G1", type: "infantry", x: 33, y: 18.5 },
        { id: "G2", type: "infantry", x: 39, y: 21.5 },
        { id: "B", type: "infantry", x: 36, y: 30, facing: 18000, side: "second" },
      ],
    });
    expect(sightWorking(ctx, position, "A", "B", "front")?.centreBlock).toEqual({
      kind: "gap",
      between: ["G1", "G2"],
    });
  });

  it("[003 Line of Sight I] a line grazing two touching units from one side passes them by", () => {
    // G1 and G2 touch at x = 36; the line from A to B runs along both their front edges (y = 21.5).
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 24.5, y: 21.5, facing: 9000 },
        { id: "G1", type: "infantry", x: 33, y: 20 },
        { id: "G2", type: "infantry", x: 39, y: 20 },
        { id: "B", type: "infantry", x: 47.5, y: 21.5, facing: 27000, side: "second" },
      ],
    });
    expect(sightWorking(ctx, position, "A", "B", "front")?.centreBlock).toBeUndefined();
  });
});

describe("what makes a gap", () => {
  it("[003 Line of Sight I] units lower than both ends make no gap: cavalry see cavalry between infantry 3 inches apart", () => {
    const { ctx, position } = gapTable(inch(3), {}, { viewer: "cavalry", wall: "infantry" });
    expect(sideSight(ctx, position, "A", "B", "front").visible).toBe(true);
    const tall = gapTable(inch(3), {}, { viewer: "cavalry", wall: "cavalry" });
    expect(sightWorking(tall.ctx, tall.position, "A", "B", "front")?.centreBlock).toEqual({
      kind: "gap",
      between: ["G1", "G2"],
    });
  });

  it("[003 Line of Sight I] the gap is where two blockers come nearest: from inside a widening gap a unit sees out of its wide end", () => {
    // Two woods 3" apart at y = 16, 11" apart at y = 24 (their facing edges slant apart).
    const { ctx, position } = table({
      units: [
        { id: "V", type: "infantry", x: 35.5, y: 20 },
        { id: "N", type: "infantry", x: 35.5, y: 30, facing: 18000, side: "second" },
        { id: "S", type: "infantry", x: 35.5, y: 6, side: "second" },
      ],
      areas: [
        polygonOfTicks("West", "woods", [
          [inch(24), inch(16)],
          [inch(34), inch(16)],
          [inch(30), inch(24)],
          [inch(24), inch(24)],
        ]),
        polygonOfTicks("East", "woods", [
          [inch(37), inch(16)],
          [inch(47), inch(16)],
          [inch(47), inch(24)],
          [inch(41), inch(24)],
        ]),
      ],
    });
    // North, out of the wide end: no bridge crossed.
    expect(sideSight(ctx, position, "V", "N", "front").visible).toBe(true);
    // A turned about sees south through the narrow end: the 3" bridge.
    const about = withUnits(position, { V: { facing: 18000 } });
    expect(sightWorking(ctx, about, "V", "S", "front")?.centreBlock).toEqual({
      kind: "gap",
      between: ["West", "East"],
    });
  });

  it("[003 Line of Sight I] a piece the viewer stands in makes no gap: a skirmisher at a wood's edge sees past a unit 2 inches off", () => {
    const { ctx, position } = table({
      units: [
        // The skirmisher's front edge lines the wood's north edge (y = 12).
        { id: "K", type: "skirmishers", x: 40, y: 10.5 },
        // G (x 38.5-41.5, y 14-20) stands 2" north of the wood.
        { id: "G", type: "infantry", x: 40, y: 17, facing: 9000 },
        { id: "B", type: "infantry", x: 30, y: 24, facing: 18000, side: "second" },
      ],
      areas: [rect("Wood", "woods", 30, 6, 46, 12)],
    });
    const w = sightWorking(ctx, position, "K", "B", "front");
    // The line to B's front centre crosses the 2" bridge between the wood and G ...
    const g = position.units.G;
    const wood = ctx.areas[0];
    if (!w || !g || !wood) throw new Error("set-up");
    expect(throughGap(w.origin, w.centre, wood.polygon, unitPolygon(ctx, g), inch(4))).toBe(true);
    // ... yet the wood is the skirmisher's own: no gap.
    expect(w.centreBlock).toBeUndefined();
    expect(w.visible).toBe(true);
  });
});
