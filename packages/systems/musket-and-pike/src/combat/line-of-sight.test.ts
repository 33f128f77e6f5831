import { describe, expect, it } from "vitest";
import { type Catalog, catalogWithRules } from "../context.js";
import { idOf, indexOfId } from "../hex/grid.js";
import { contactWith, hexesCrossed } from "../hex/line.js";
import { DEFAULT_RULES_JSON } from "../rules-data/load.js";
import type { PositionInput } from "../state/position.js";
import { elevationOf, terrainOf } from "../terrain.js";
import { catalog, setup, testMapCatalog } from "../test-support/setup.js";
import { firstBlocking, type LineOfSight, lineOfSight } from "./line-of-sight.js";

/*
 * The test map (test-support/test-map.json), rows 1-10 by columns 1-12:
 *
 *   row 2, 3   woods in columns 4-6 (0402-0603); ploughed 0903, 1003, 0904, 1004
 *   row 5      stream, bridge at 0505
 *   rows 7-9   slopes ringing the hilltop 0908; villages 0208, 0308, 0209, 0309
 *
 * Hex CCRR has its centre at X = 3·CC, Y = 2·RR (+1 in even columns), corners
 * at centre + (±2,0), (±1,±1) (see hex/line.test.ts), which is how the lines
 * below were worked out.
 */

type Stacks = Record<string, string[]>;

/** A position with the given stacks; unit ids "B-..." are the first player's, "G-..." the second's. */
function position(stacks: Stacks, on: Catalog) {
  const units: PositionInput["units"] = {};
  for (const ids of Object.values(stacks)) {
    for (const id of ids) {
      units[id] = { side: id.startsWith("B-") ? "first" : "second", type: "PM", force: "main" };
    }
  }
  return setup({ scenario: "16.32", phasing: "first", phase: "fire", units, stacks }, on);
}

/** Line of sight from `from` to `to`, a firer in `from` and a target in `to` besides the given stacks. */
function sight(from: string, to: string, others: Stacks = {}, on: Catalog = testMapCatalog): LineOfSight {
  const { ctx, position: p } = position({ [from]: ["B-PM90"], [to]: ["G-PM90"], ...others }, on);
  return lineOfSight(ctx, p, hexIn(on, from), hexIn(on, to));
}

function hexIn(on: Catalog, id: string): number {
  const h = indexOfId(on.map.grid, id);
  if (h < 0) throw new Error(`no hex ${id}`);
  return h;
}

function blocked(on: Catalog, id: string, why: "terrain" | "occupied"): LineOfSight {
  return { clear: false, blockedBy: hexIn(on, id), why };
}

const clear: LineOfSight = { clear: true };
const T = testMapCatalog;

describe("7.3(G) line of sight: blocking hexes", () => {
  it("[7.3G] the test map's terrain is as the fixtures assume", () => {
    const { ctx } = position({}, T);
    const at = (id: string) => terrainOf(ctx, hexIn(T, id));
    expect(["0402", "0403", "0502", "0503", "0602", "0603"].map(at)).toEqual(Array(6).fill("woods"));
    expect(["0208", "0308", "0209"].map(at)).toEqual(["village", "village", "village"]);
    expect(at("0908")).toBe("hilltop");
    expect(["0807", "0907", "1007", "0808", "1008", "0809", "0909", "1009"].map(at)).toEqual(
      Array(8).fill("slope"),
    );
  });

  it("[7.3G] a woods hex between the two hexes blocks", () => {
    // Down column 4 from 0401: through the centres of 0402 and 0403.
    expect(sight("0401", "0404")).toEqual(blocked(T, "0402", "terrain"));
  });

  it("[7.3G] a village hex between the two hexes blocks", () => {
    expect(sight("0207", "0210")).toEqual(blocked(T, "0208", "terrain"));
  });

  it("[7.3G] a line running along a hexside of a woods hex blocks (two junction points and a hexside)", () => {
    // 0303 (9,6) -> 0401 (12,3) runs from corner (10,5) to corner (11,4):
    // the side between clear 0302 (9,4) and woods 0402 (12,5).
    const { ctx } = position({}, T);
    expect(contactWith(ctx.map.grid, hexIn(T, "0303"), hexIn(T, "0401"), hexIn(T, "0402"))).toBe("hexside");
    expect(sight("0303", "0401")).toEqual(blocked(T, "0402", "terrain"));
    expect(sight("0401", "0303")).toEqual(blocked(T, "0402", "terrain"));
  });

  it("[7.3G] a line touching only a corner (one junction point) of a woods hex does not block", () => {
    // 0803 (24,7) -> 0305 (9,10), direction (-5,1): through 0704, 0604, 0504
    // and 0404 (all clear); it meets woods 0603 (18,7) only at its corner (20,7).
    const { ctx } = position({}, T);
    const grid = ctx.map.grid;
    expect(hexesCrossed(grid, hexIn(T, "0803"), hexIn(T, "0305")).map((h) => idOf(grid, h))).toEqual([
      "0704",
      "0604",
      "0504",
      "0404",
    ]);
    expect(contactWith(grid, hexIn(T, "0803"), hexIn(T, "0305"), hexIn(T, "0603"))).toBe("vertex");
    expect(sight("0803", "0305")).toEqual(clear);
    expect(sight("0305", "0803")).toEqual(clear);
  });

  it("[7.3G] an occupied hex between blocks, whichever side's units are in it", () => {
    expect(sight("0606", "0609", { "0607": ["B-PM01"] })).toEqual(blocked(T, "0607", "occupied"));
    expect(sight("0606", "0609", { "0608": ["G-PM01"] })).toEqual(blocked(T, "0608", "occupied"));
    expect(sight("0606", "0609")).toEqual(clear);
  });

  it("[7.3G] a hex listed with no units in it is not an Occupied hex", () => {
    // A hand-built position may list a hex with an empty stack; parsed ones drop such entries.
    const { ctx, position: p } = position({ "0606": ["B-PM90"], "0609": ["G-PM90"] }, T);
    const listed = { ...p, stacks: { ...p.stacks, "0607": [] } };
    expect(lineOfSight(ctx, listed, hexIn(T, "0606"), hexIn(T, "0609"))).toEqual(clear);
  });

  it("[7.3G] the first blocking hex along the line is reported", () => {
    expect(sight("0609", "0606", { "0607": ["B-PM01"], "0608": ["G-PM01"] })).toEqual(
      blocked(T, "0608", "occupied"),
    );
    // 0908 (hilltop) -> 0502: the occupied ground hex 0806 is lower (errata); the woods 0603 block.
    expect(sight("0908", "0502", { "0806": ["G-PM01"] })).toEqual(blocked(T, "0603", "terrain"));
  });

  it("[7.3G] adjacent hexes always see each other", () => {
    expect(sight("0402", "0403")).toEqual(clear);
    expect(sight("0807", "0908")).toEqual(clear);
    expect(sight("0606", "0607", { "0607": ["B-PM01"] })).toEqual(clear);
  });

  it("[7.3G] firing out of woods and into woods is fine: the ends never block", () => {
    expect(sight("0603", "0606")).toEqual(clear);
    expect(sight("0606", "0603")).toEqual(clear);
    // Out of a village, over clear ground (0307, 0306).
    expect(sight("0308", "0305")).toEqual(clear);
  });
});

describe("7.3(G) with the errata: elevation", () => {
  it("[7.3G] errata: from a slope, occupied ground-level hexes do not block", () => {
    // 0807 (slope) -> 0804 down column 8 through 0806 (clear) and 0805 (stream).
    expect(sight("0807", "0804", { "0806": ["B-PM01"], "0805": ["G-PM01"] })).toEqual(clear);
  });

  it("[7.3G] errata: from a hilltop, occupied slope and ground-level hexes do not block", () => {
    expect(sight("0908", "0904", { "0907": ["B-PM01"], "0906": ["G-PM01"], "0905": ["G-PM02"] })).toEqual(
      clear,
    );
  });

  it("[7.3G] errata: an occupied hex on the firer's own level blocks", () => {
    // Slope to slope across the slope 0808 (0807 -> 0809, down column 8).
    expect(sight("0807", "0809", { "0808": ["G-PM01"] })).toEqual(blocked(T, "0808", "occupied"));
    // Ground to ground: see the occupied-hex case above.
  });

  it("[7.3G] errata: an occupied hex higher than the firer blocks", () => {
    // 0806 (ground) -> 0810 up over the slopes 0807, 0808, 0809.
    expect(sight("0806", "0810")).toEqual(clear);
    expect(sight("0806", "0810", { "0808": ["B-PM01"] })).toEqual(blocked(T, "0808", "occupied"));
  });

  it("[7.3G] errata: woods block regardless of elevation, even from a hilltop", () => {
    // 0908 (27,16) -> 0502 (15,4), steps of (-3,-3) through the centres of
    // 0806, 0705 and 0603 (woods), along hexsides in between.
    expect(sight("0908", "0502")).toEqual(blocked(T, "0603", "terrain"));
  });

  it("[7.3G] errata: villages block regardless of elevation, even from a hilltop", () => {
    // 0908 (27,16) -> 0108 (3,16) along Y = 16: through 0708, 0508, 0308 (village).
    expect(sight("0908", "0108")).toEqual(blocked(T, "0308", "terrain"));
  });

  it("[7.3G] a hilltop between blocks a unit on a slope", () => {
    // 0807 (24,15) -> 1009 (30,19), direction (3,2): through 0908 (hilltop), then 0909.
    expect(sight("0807", "1009")).toEqual(blocked(T, "0908", "terrain"));
  });

  it("[7.3G] errata: a hilltop blocks even from a hilltop, when the target is not on one", () => {
    // Horn's hill on the default map: 2709, 2710, 2711 are hilltops, 2712 a slope.
    const { ctx } = position({}, catalog);
    const at = (id: string) => elevationOf(ctx, hexIn(catalog, id));
    expect(["2709", "2710", "2711", "2712"].map(at)).toEqual(["hilltop", "hilltop", "hilltop", "slope"]);
    expect(sight("2709", "2712", {}, catalog)).toEqual(blocked(catalog, "2710", "terrain"));
  });

  it("[7.3] [7.3G] errata: hilltop to hilltop is blocked by a hilltop between (the later text governs)", () => {
    // Across Horn's hill, through the hilltop 2710.
    expect(sight("2709", "2711", {}, catalog)).toEqual(blocked(catalog, "2710", "terrain"));
    expect(sight("2711", "2709", {}, catalog)).toEqual(blocked(catalog, "2710", "terrain"));
  });

  it("[7.3] [7.3G] errata: hilltop to hilltop is blocked by woods between, regardless of elevation", () => {
    // From the knoll 1603 to the hill (11 hexes; range is checked elsewhere), across the woods of 2005.
    const { ctx } = position({}, catalog);
    const grid = ctx.map.grid;
    expect(elevationOf(ctx, hexIn(catalog, "1603"))).toBe("hilltop");
    expect(elevationOf(ctx, hexIn(catalog, "2609"))).toBe("hilltop");
    expect(terrainOf(ctx, hexIn(catalog, "2005"))).toBe("woods");
    expect(hexesCrossed(grid, hexIn(catalog, "1603"), hexIn(catalog, "2609"))).toContain(
      hexIn(catalog, "2005"),
    );
    const there = sight("1603", "2609", {}, catalog);
    expect(there.clear).toBe(false);
    expect(!there.clear && there.why).toBe("terrain");
    expect(sight("2609", "1603", {}, catalog).clear).toBe(false);
  });

  it("[7.3] [7.3G] errata: hilltop to hilltop, occupied lower hexes between still never block", () => {
    // 1603 -> 2609, knoll to hill: fill every lower hex the line crosses with units; the
    // answer is the terrain's alone (errata: "fire into and through Occupied hexes ... on lower terrain").
    const { ctx } = position({}, catalog);
    const grid = ctx.map.grid;
    const from = hexIn(catalog, "1603");
    const to = hexIn(catalog, "2609");
    const lower = hexesCrossed(grid, from, to).filter((h) => elevationOf(ctx, h) !== "hilltop");
    expect(lower.length).toBeGreaterThan(0);
    const occupied = Object.fromEntries(lower.map((h, i) => [idOf(grid, h), [`G-PM${10 + i}`]]));
    expect(sight("1603", "2609", occupied, catalog)).toEqual(sight("1603", "2609", {}, catalog));
  });
});

describe("7.3(G) line of sight: the rules-data option for hilltop to hilltop", () => {
  const printed = (() => {
    const data = structuredClone(DEFAULT_RULES_JSON) as Record<string, unknown>;
    data.lineOfSight = { hilltopToHilltop: "always-clear" };
    const r = catalogWithRules(data);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  })();

  it("[7.3G] the built-in rules data takes the errata reading", () => {
    expect(catalog.rules.data.lineOfSight.hilltopToHilltop).toBe("terrain-blocks");
  });

  it("[7.3G] a rules file without the option takes the errata reading", () => {
    const { lineOfSight: _dropped, ...data } = DEFAULT_RULES_JSON as Record<string, unknown>;
    const r = catalogWithRules(data);
    expect(r.ok && r.value.rules.data.lineOfSight.hilltopToHilltop).toBe("terrain-blocks");
  });

  it('[7.3G] with "always-clear", hilltop to hilltop is clear whatever lies between, as 7.3(G) alone reads', () => {
    expect(sight("2709", "2711", {}, printed)).toEqual(clear);
    expect(sight("2609", "2810", { "2710": ["G-PM01"] }, printed)).toEqual(clear);
    expect(sight("1603", "2609", {}, printed)).toEqual(clear);
    expect(sight("2609", "1603", {}, printed)).toEqual(clear);
    // Only hilltop to hilltop: from a hilltop to a slope the hilltop between still blocks.
    expect(sight("2709", "2712", {}, printed)).toEqual(blocked(printed, "2710", "terrain"));
  });

  it('[7.3G] with "always-clear", from a slope up to a hilltop the hilltops between still block', () => {
    // Both ends must be hilltops: 2712 (slope) -> 2709 crosses the hilltops 2711 and 2710.
    expect(sight("2712", "2709", {}, printed)).toEqual(blocked(printed, "2711", "terrain"));
  });
});

describe("firstBlocking, the rule's geometry with any notion of blocking", () => {
  it("[7.3G] positive-length contact blocks, a single corner does not, the ends never do", () => {
    const grid = T.map.grid;
    const only =
      (...ids: string[]) =>
      (h: number) =>
        ids.includes(idOf(grid, h));
    const from = hexIn(T, "0803");
    const to = hexIn(T, "0305");
    expect(firstBlocking(grid, from, to, only("0603"))).toBe(-1);
    expect(firstBlocking(grid, from, to, only("0803", "0305"))).toBe(-1);
    expect(firstBlocking(grid, from, to, only("0404", "0604"))).toBe(hexIn(T, "0604"));
    expect(firstBlocking(grid, hexIn(T, "0606"), hexIn(T, "0607"), () => true)).toBe(-1);
  });
});
