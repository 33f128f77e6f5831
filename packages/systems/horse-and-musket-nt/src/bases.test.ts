import { distanceSq, type Point } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import {
  sideCentre,
  sideSegment,
  sizeOf,
  unitCorners,
  unitFrontCentre,
  unitPolygon,
  unitSize,
} from "./bases.js";
import { DEFAULT_RULES_JSON, loadRules } from "./rules-data/load.js";
import { inch, play, table, withUnits } from "./test-support/table.js";
import { UNIT_TYPES } from "./vocabulary.js";

/**
 * Figures & Basing: "6"x 3" depth [4"x2" for Cavalry and Guns], any sensible
 * figure size/number per base. Units with multiple bases fight with all
 * front edges and corners aligned." A unit is one rigid footprint from the
 * rules data; its column and skirmish order are footprints of their own
 * (designed, docs/rules).
 */
const size = (frontage: number, depth: number) => ({ frontage: inch(frontage), depth: inch(depth) });

describe("Figures & Basing: the footprints", () => {
  const { ctx } = table({ units: [{ id: "A", type: "infantry", x: 36, y: 24 }] });

  it("[003 Figures & Basing] bases are 6x3, Cavalry and Guns 4x2, Skirmishers (Foot) 6x3 (designed)", () => {
    expect(sizeOf(ctx, "infantry", "line")).toEqual(size(6, 3));
    expect(sizeOf(ctx, "cavalry", "line")).toEqual(size(4, 2));
    expect(sizeOf(ctx, "artillery", "line")).toEqual(size(4, 2));
    expect(sizeOf(ctx, "skirmishers", "line")).toEqual(size(6, 3));
    // The Skirmishers' size is Tercio's, and the rules data says so.
    expect(ctx.rules.data.designed.map((d) => d.path)).toContain("unitTypes.skirmishers.base");
  });

  it("[003 Figures & Basing] [003 Maneuvering iv] a column is the footprint turned: frontage and depth swapped (designed)", () => {
    expect(sizeOf(ctx, "infantry", "column")).toEqual(size(3, 6));
    expect(sizeOf(ctx, "skirmishers", "column")).toEqual(size(3, 6));
    expect(sizeOf(ctx, "cavalry", "column")).toEqual(size(2, 4));
    expect(sizeOf(ctx, "artillery", "column")).toEqual(size(2, 4));
  });

  it("[003 Figures & Basing] skirmish order is infantry's two 3-inch bases half an inch apart: 6.5x3 (designed)", () => {
    expect(sizeOf(ctx, "infantry", "skirmish")).toEqual({ frontage: inch(6, 1, 2), depth: inch(3) });
    // Only infantry have a skirmish footprint; any other type keeps its base.
    expect(sizeOf(ctx, "cavalry", "skirmish")).toEqual(size(4, 2));
  });
});

describe("Figures & Basing: a unit on the table", () => {
  it("[003 Figures & Basing] facing north, the base is the rectangle about its centre, front to the north", () => {
    const { ctx, position } = table({ units: [{ id: "A", type: "infantry", x: 36, y: 24 }] });
    const a = position.units.A;
    if (!a) throw new Error("no A");
    expect(unitCorners(ctx, a)).toEqual({
      fl: { x: inch(33), y: inch(25, 1, 2) },
      fr: { x: inch(39), y: inch(25, 1, 2) },
      rr: { x: inch(39), y: inch(22, 1, 2) },
      rl: { x: inch(33), y: inch(22, 1, 2) },
    });
    expect(unitFrontCentre(ctx, a)).toEqual({ x: inch(36), y: inch(25, 1, 2) });
    expect(sideCentre(ctx, a, "rear")).toEqual({ x: inch(36), y: inch(22, 1, 2) });
    expect(sideCentre(ctx, a, "left")).toEqual({ x: inch(33), y: inch(24) });
    expect(sideCentre(ctx, a, "right")).toEqual({ x: inch(39), y: inch(24) });
    expect(sideSegment(ctx, a, "front")).toEqual([
      { x: inch(33), y: inch(25, 1, 2) },
      { x: inch(39), y: inch(25, 1, 2) },
    ]);
  });

  it("[003 Figures & Basing] facing east, a 4x2 cavalry base turns about its centre: its front is the east edge", () => {
    const { ctx, position } = table({ units: [{ id: "C", type: "cavalry", x: 20, y: 20, facing: 9000 }] });
    const c = position.units.C;
    if (!c) throw new Error("no C");
    // Facing east, the left flank is to the north.
    expect(unitCorners(ctx, c)).toEqual({
      fl: { x: inch(21), y: inch(22) },
      fr: { x: inch(21), y: inch(18) },
      rr: { x: inch(19), y: inch(18) },
      rl: { x: inch(19), y: inch(22) },
    });
    expect(unitFrontCentre(ctx, c)).toEqual({ x: inch(21), y: inch(20) });
  });

  it("[003 Figures & Basing] at any facing the base keeps its size: every side is its frontage or depth to the tick", () => {
    const { ctx, position } = table({ units: [{ id: "A", type: "infantry", x: 36, y: 24 }] });
    for (const facing of [0, 1, 3000, 4500, 12345, 27000, 35999]) {
      for (const type of UNIT_TYPES) {
        const u = { ...(position.units.A as NonNullable<typeof position.units.A>), type, facing };
        const s = unitSize(ctx, u);
        const [p0, p1, p2, p3] = unitPolygon(ctx, u) as [Point, Point, Point, Point];
        // The corners are rounded to the tick: each side is its length within two ticks.
        const about = (p: Point, q: Point, length: number) => {
          const d2 = distanceSq(p, q);
          return (length - 2) ** 2 <= d2 && d2 <= (length + 2) ** 2;
        };
        expect(about(p0, p1, s.frontage) && about(p2, p3, s.frontage)).toBe(true);
        expect(about(p1, p2, s.depth) && about(p3, p0, s.depth)).toBe(true);
      }
    }
  });

  it("[003 Figures & Basing] one rigid footprint: hits, what it did and its ammunition never change a unit's base", () => {
    const { ctx, position } = table({ units: [{ id: "A", type: "infantry", x: 36, y: 24, facing: 3000 }] });
    const before = unitPolygon(ctx, position.units.A as NonNullable<typeof position.units.A>);
    const worn = withUnits(position, { A: { hits: 14, acted: "fired", outOfAmmunition: true } });
    expect(unitPolygon(ctx, worn.units.A as NonNullable<typeof worn.units.A>)).toEqual(before);
  });

  it("[003 Figures & Basing] [003 Maneuvering iv] a Reform into column keeps the front-centre point; the column's front is its lead base", () => {
    const { ctx, position } = table({ units: [{ id: "A", type: "infantry", x: 36, y: 24 }] });
    const after = play(ctx, position, { type: "reform", unit: "A", dx: 0, dy: 0, formation: "column" });
    const a = after.position.units.A;
    if (!a) throw new Error("no A");
    expect(a.formation).toBe("column");
    expect(unitFrontCentre(ctx, a)).toEqual({ x: inch(36), y: inch(25, 1, 2) });
    // 3" wide, 6" deep behind its front.
    expect(unitCorners(ctx, a)).toEqual({
      fl: { x: inch(34, 1, 2), y: inch(25, 1, 2) },
      fr: { x: inch(37, 1, 2), y: inch(25, 1, 2) },
      rr: { x: inch(37, 1, 2), y: inch(19, 1, 2) },
      rl: { x: inch(34, 1, 2), y: inch(19, 1, 2) },
    });
  });
});

describe("Figures & Basing: a rules-data file", () => {
  type Json = { unitTypes: Record<string, { base: unknown }> };
  const copy = () => structuredClone(DEFAULT_RULES_JSON) as Json;

  it('[003 Figures & Basing] "any sensible figure size": a rules-data file may give other bases', () => {
    const json = copy();
    (json.unitTypes.infantry as { base: unknown }).base = { frontage: 4, depth: 2 };
    const rules = loadRules(json);
    if (!rules.ok) throw new Error(rules.error.message);
    const { ctx, position } = table({
      rules: rules.value,
      units: [{ id: "A", type: "infantry", x: 36, y: 24 }],
    });
    expect(unitSize(ctx, position.units.A as NonNullable<typeof position.units.A>)).toEqual(size(4, 2));
  });

  it("[003 Figures & Basing] a base whose side is an odd number of ticks is refused (its centre would fall between ticks)", () => {
    const json = copy();
    (json.unitTypes.cavalry as { base: unknown }).base = { frontage: { in: 4, num: 1, den: 6096 }, depth: 2 };
    const rules = loadRules(json);
    expect(rules.ok).toBe(false);
    if (!rules.ok) expect(rules.error.message).toMatch(/unitTypes\.cavalry\.base/);
  });
});
