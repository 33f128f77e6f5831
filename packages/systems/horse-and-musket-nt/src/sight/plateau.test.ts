import { describe, expect, it } from "vitest";
import { unitFrontCentre } from "../bases.js";
import type { Ctx } from "../context.js";
import type { Position } from "../position.js";
import { rect } from "../test-support/pieces.js";
import { inch, type TestUnit, table, withUnits } from "../test-support/table.js";
import type { AreaTerrain } from "../vocabulary.js";
import { liningOrIn } from "./blockers.js";
import { lineBlock, sideSight } from "./line-of-sight.js";
import { sightWorking } from "./sight-working.js";

/**
 * Line of Sight III: "Units may see 4" into and out of woods, town, and hills
 * [plateau effect] but not through two sides." IV: "Units lining the edge of
 * terrain do not have their LoS blocked by it" (within 1/4" of the piece,
 * designed). V: "Guns on a Hill may trace LoS over intervening Units closer
 * to the guns than the Target Unit."
 */
function centreLine(ctx: Ctx, position: Position, viewer: string, target: string) {
  const w = sightWorking(ctx, position, viewer, target, "front");
  if (!w) throw new Error("no sight");
  return lineBlock(ctx, position, { viewer, target, from: w.origin }, w.centre);
}

/** The position with unit `id` moved north or south by `dy` ticks. */
function shifted(position: Position, id: string, dy: number): Position {
  const u = position.units[id];
  if (!u) throw new Error(`no unit ${id}`);
  return withUnits(position, { [id]: { y: u.y + dy } });
}

describe("golden: 4 inches into a piece", () => {
  // A at (36, 10) facing north, its front centre (36, 11.5); the piece's south edge at y = 16;
  // T inside it facing south, its front centre 4" in at (36, 20).
  const into = (kind: AreaTerrain, viewer: Partial<TestUnit> = {}) =>
    table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10, ...viewer },
        { id: "T", type: "skirmishers", x: 36, y: 21.5, facing: 18000, side: "second" },
      ],
      areas: [rect("P", kind, 30, 16, 42, 28)],
    });

  for (const kind of ["woods", "town", "hill"] as const) {
    it(`[003 Line of Sight III] exactly 4 inches into a ${kind}: the line is clear; 4 inches and 1 tick is too deep`, () => {
      const { ctx, position } = into(kind);
      expect(centreLine(ctx, position, "A", "T")).toBeUndefined();
      expect(centreLine(ctx, shifted(position, "T", 1), "A", "T")).toEqual({
        kind: "area",
        id: "P",
        why: "too-deep",
      });
    });
  }

  it("[003 Line of Sight III] half the side must be within 4 inches: 3.5 inches in, the side is seen; 4 inches in, its parts are deeper", () => {
    const { ctx, position } = into("woods");
    const shallow = shifted(position, "T", -inch(0, 1, 2));
    expect(sideSight(ctx, shallow, "A", "T", "front")).toMatchObject({ visible: true, seen: 8 });
    // At 4" the line to the centre is just clear, but every line to a part runs slantwise, deeper than 4".
    const w = sightWorking(ctx, position, "A", "T", "front");
    expect(w?.centreBlock).toBeUndefined();
    expect(w?.parts.every((p) => p.block?.kind === "area")).toBe(true);
    expect(w?.visible).toBe(false);
  });

  it("[003 Line of Sight III] 4 inches out of a wood: the unit inside sees out; a tick deeper it does not", () => {
    // K inside the wood (y 16-28) facing south, its front centre 4" from the south edge; A outside.
    const { ctx, position } = table({
      units: [
        { id: "K", type: "skirmishers", x: 36, y: 21.5, facing: 18000 },
        { id: "A", type: "infantry", x: 36, y: 10, side: "second" },
      ],
      areas: [rect("P", "woods", 30, 16, 42, 28)],
    });
    expect(centreLine(ctx, position, "K", "A")).toBeUndefined();
    expect(centreLine(ctx, shifted(position, "K", 1), "K", "A")).toEqual({
      kind: "area",
      id: "P",
      why: "too-deep",
    });
  });

  it("[003 Line of Sight III] two units in the same wood see each other within 4 inches, not beyond", () => {
    const { ctx, position } = table({
      units: [
        { id: "K1", type: "skirmishers", x: 36, y: 17.5 },
        // K2's front centre 4" from K1's: (36, 19) to (36, 23).
        { id: "K2", type: "skirmishers", x: 36, y: 24.5, facing: 18000, side: "second" },
      ],
      areas: [rect("P", "woods", 30, 16, 42, 28)],
    });
    expect(centreLine(ctx, position, "K1", "K2")).toBeUndefined();
    expect(centreLine(ctx, shifted(position, "K2", 1), "K1", "K2")).toEqual({
      kind: "area",
      id: "P",
      why: "too-deep",
    });
  });
});

describe("not through two sides", () => {
  it("[003 Line of Sight III] a line that enters and leaves a wood is blocked, however little of it is inside", () => {
    // The line from A (36, 11.5) to B's front centre (37.5, 28.5) clips the wood's south-west corner for about 1.2".
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        { id: "B", type: "infantry", x: 37.5, y: 30, facing: 18000, side: "second" },
      ],
      areas: [rect("P", "woods", 37, 16, 45, 24)],
    });
    expect(centreLine(ctx, position, "A", "B")).toEqual({ kind: "area", id: "P", why: "two-sides" });
  });
});

describe("the plateau: two units on the same hill see each other across it", () => {
  // A 12" x 12" hill, y 14-26.
  const onHill = (kind: AreaTerrain, bY: number) =>
    table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 15.5 },
        {
          id: "B",
          type: kind === "hill" ? "infantry" : "skirmishers",
          x: 36,
          y: bY,
          facing: 18000,
          side: "second",
        },
      ],
      areas: [rect("P", kind, 30, 14, 42, 26)],
    });

  it("[003 Line of Sight III] A and B on the hill, 6.5 inches apart across its top: they see each other", () => {
    const { ctx, position } = onHill("hill", 25);
    expect(sideSight(ctx, position, "A", "B", "front")).toMatchObject({ visible: true, seen: 8 });
    expect(sideSight(ctx, position, "B", "A", "front").visible).toBe(true);
  });

  it("[003 Line of Sight III] the same 6.5 inches inside a wood is too deep: the plateau is the hill's alone", () => {
    const { ctx, position } = onHill("woods", 25);
    expect(sightWorking(ctx, position, "A", "B", "front")?.centreBlock).toEqual({
      kind: "area",
      id: "P",
      why: "too-deep",
    });
  });

  it("[003 Line of Sight III] from the hill's top a unit sees off it only within 4 inches of its edge", () => {
    // C off the hill to the north, facing south; A on the hill, its front centre 9" then 4" from the north edge.
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 15.5 },
        { id: "C", type: "infantry", x: 36, y: 32, facing: 18000, side: "second" },
      ],
      areas: [rect("P", "hill", 30, 14, 42, 26)],
    });
    expect(centreLine(ctx, position, "A", "C")).toEqual({ kind: "area", id: "P", why: "too-deep" });
    expect(centreLine(ctx, shifted(position, "A", inch(5)), "A", "C")).toBeUndefined();
  });
});

describe("Line of Sight IV: units lining the edge of a piece", () => {
  // A wood 3" deep (y 16-19) between A (facing north) and B (facing south, front centre at y = 24.5).
  const lining = (gap: number) => {
    const { ctx, position } = table({
      units: [
        { id: "A", type: "infantry", x: 36, y: 10 },
        { id: "B", type: "infantry", x: 36, y: 26, facing: 18000, side: "second" },
      ],
      areas: [rect("P", "woods", 30, 16, 42, 19)],
    });
    // A's front centre `gap` ticks south of the wood's edge.
    const a = position.units.A;
    if (!a) throw new Error("no A");
    const fc = unitFrontCentre(ctx, a);
    return { ctx, position: withUnits(position, { A: { y: a.y + inch(16) - gap - fc.y } }) };
  };

  it("[003 Line of Sight IV] golden: a front centre exactly 1/4 inch from the wood lines its edge, and sees 4 inches through it", () => {
    const { ctx, position } = lining(inch(0, 1, 4));
    const a = position.units.A;
    const wood = ctx.areas[0];
    if (!a || !wood) throw new Error("set-up");
    expect(liningOrIn(ctx, wood, unitFrontCentre(ctx, a))).toBe(true);
    expect(sideSight(ctx, position, "A", "B", "front")).toMatchObject({ visible: true, seen: 8 });
  });

  it("[003 Line of Sight IV] 1/4 inch and 1 tick is not lining it: the line passes through two sides of the wood", () => {
    const { ctx, position } = lining(inch(0, 1, 4) + 1);
    const a = position.units.A;
    const wood = ctx.areas[0];
    if (!a || !wood) throw new Error("set-up");
    expect(liningOrIn(ctx, wood, unitFrontCentre(ctx, a))).toBe(false);
    expect(centreLine(ctx, position, "A", "B")).toEqual({ kind: "area", id: "P", why: "two-sides" });
  });

  it("[003 Line of Sight IV] a unit lining the inside of a wood's edge is not blocked by it: it sees 16 inches out", () => {
    const { ctx, position } = table({
      units: [
        // K's front edge on the wood's north edge (y = 28).
        { id: "K", type: "skirmishers", x: 36, y: 26.5 },
        { id: "F", type: "infantry", x: 36, y: 48 - 1.5 - 0.5, facing: 18000, side: "second" },
      ],
      areas: [rect("P", "woods", 30, 16, 42, 28)],
    });
    expect(sideSight(ctx, position, "K", "F", "front")).toMatchObject({ visible: true, seen: 8 });
    expect(sideSight(ctx, position, "F", "K", "front").visible).toBe(true);
  });
});

describe("Line of Sight V: guns on a hill", () => {
  // The hill y 8-15; G's front centre (36, 12) on it; M, infantry, between; T at (36, 26) facing south.
  const guns = (viewer: "artillery" | "infantry", hill = true, extra: TestUnit[] = []) =>
    table({
      units: [
        { id: "G", type: viewer, x: 36, y: viewer === "artillery" ? 11 : 10.5 },
        { id: "M", type: "infantry", x: 36, y: 19 },
        { id: "T", type: "infantry", x: 36, y: 27, facing: 18000, side: "second" },
        ...extra,
      ],
      areas: hill ? [rect("H", "hill", 30, 8, 42, 15)] : [],
    });

  it("[003 Line of Sight V] guns on a hill see over a unit between them and the target", () => {
    const { ctx, position } = guns("artillery");
    expect(sideSight(ctx, position, "G", "T", "front")).toMatchObject({ visible: true, seen: 8 });
  });

  it("[003 Line of Sight V] guns not on a hill do not; nor does infantry on the hill", () => {
    const flat = guns("artillery", false);
    expect(sightWorking(flat.ctx, flat.position, "G", "T", "front")?.centreBlock).toEqual({
      kind: "unit",
      id: "M",
    });
    const foot = guns("infantry");
    expect(sightWorking(foot.ctx, foot.position, "G", "T", "front")?.centreBlock).toEqual({
      kind: "unit",
      id: "M",
    });
  });

  it("[003 Line of Sight V] the units need not be off the hill: guns see over a unit on the hill in front of them", () => {
    // N on the hill (y 12.5-14.5), between G and the hill's edge.
    const { ctx, position } = guns("artillery", true, [{ id: "N", type: "cavalry", x: 36, y: 13.5 }]);
    expect(sideSight(ctx, position, "G", "T", "front").visible).toBe(true);
  });

  it("[003 Line of Sight V] units between them make no gap for the guns either", () => {
    const { ctx, position } = guns("artillery", true, [
      { id: "L", type: "infantry", x: 31, y: 21 },
      { id: "R", type: "infantry", x: 41, y: 21 },
    ]);
    expect(sideSight(ctx, position, "G", "T", "front").visible).toBe(true);
  });

  it("[003 Line of Sight V] the target's own base still hides its far sides, and the hill its 4 inches", () => {
    const { ctx, position } = guns("artillery");
    expect(sideSight(ctx, position, "G", "T", "rear").visible).toBe(false);
    // 2" further back on the hill, the guns' front centre is 5" from its edge: too deep.
    expect(centreLine(ctx, shifted(position, "G", -inch(2)), "G", "T")).toEqual({
      kind: "area",
      id: "H",
      why: "too-deep",
    });
  });
});
