import { describe, expect, it } from "vitest";
import { catalogWithRules } from "../context.js";
import { idOf, indexOfId } from "../hex/grid.js";
import { DEFAULT_RULES_JSON } from "../rules-data/load.js";
import type { PositionInput } from "../state/position.js";
import { catalog, setup, testMapCatalog } from "../test-support/setup.js";
import { explainLineOfSight } from "./explain-line-of-sight.js";
import { lineOfSight } from "./line-of-sight.js";

/* The test map: woods 0402-0603, villages 0208-0309, the hilltop 0908 ringed by slopes (line-of-sight.test.ts). */
function at(stacks: Record<string, string[]>, on = testMapCatalog) {
  const units: PositionInput["units"] = {};
  for (const ids of Object.values(stacks))
    for (const id of ids)
      units[id] = { side: id.startsWith("B-") ? "first" : "second", type: "PM", force: "main" };
  return setup({ scenario: "16.32", phasing: "first", phase: "fire", units, stacks }, on);
}

describe("explainLineOfSight: line of sight in words (7.3G)", () => {
  it("[7.3G] a woods hex between: blocked by it, through two hexsides, with every hex crossed", () => {
    const { ctx, position } = at({});
    const e = explainLineOfSight(ctx, position, "0603", "0601");
    expect(e).toMatchObject({ clear: false, rule: "7.3G" });
    expect(e.blocking.map((h) => h.hex)).toEqual(["0602"]);
    expect(e.blocking[0]).toMatchObject({ contact: "interior", terrain: "woods", blocks: "terrain" });
    expect(e.text).toBe(
      "Blocked by 0602 (woods): the line passes through two hexsides of 0602, a Blocking hex (7.3G).",
    );
  });

  it("[7.3G] along a hexside of a woods hex: blocked, the hexside named", () => {
    // Two columns apart in one row, the line runs along the hexside between 0602 and 0603.
    const { ctx, position } = at({});
    const e = explainLineOfSight(ctx, position, "0702", "0502");
    expect(e.clear).toBe(false);
    expect(e.blocking[0]).toMatchObject({ hex: "0602", contact: "hexside", terrain: "woods" });
    expect(e.text).toContain('along a hexside of 0602, through "two junction points and a hexside"');
  });

  it("[7.3G] an occupied hex between blocks, in the errata's words; the ends never block", () => {
    const { ctx, position } = at({ "0606": ["B-PM1"], "0607": ["B-PM2"], "0608": ["G-PM1"] });
    const e = explainLineOfSight(ctx, position, "0606", "0608");
    expect(e).toMatchObject({ clear: false, rule: "7.3G" });
    expect(e.blocking).toEqual([
      { hex: "0607", contact: "interior", terrain: "clear", occupied: true, blocks: "occupied" },
    ]);
    expect(e.text).toContain(
      "Blocked by 0607, an occupied hex (clear) not on lower terrain than the firing hex",
    );
  });

  it("[7.3] errata: from the hilltop, lower occupied hexes are named as seen over; woods still block", () => {
    const { ctx, position } = at({ "0806": ["G-PM1"] });
    // 0908 -> 0705 crosses 0806 (ground, occupied): clear, and said why.
    const over = explainLineOfSight(ctx, position, "0908", "0705");
    expect(over).toMatchObject({ clear: true, rule: "7.3" });
    expect(over.text).toContain("occupied 0806 is on lower terrain");
    // 0908 -> 0502: the woods 0603 block, regardless of elevation.
    const woods = explainLineOfSight(ctx, position, "0908", "0502");
    expect(woods).toMatchObject({ clear: false, rule: "7.3" });
    expect(woods.blocking[0]?.hex).toBe("0603");
    expect(woods.text).toContain("Regardless of elevation");
  });

  it("[7.3] [7.3G] hilltop to hilltop: blocked by the hilltop between; clear where the rules data reads 7.3(G) alone", () => {
    const { ctx, position } = at({}, catalog);
    const e = explainLineOfSight(ctx, position, "2709", "2711");
    expect(e).toMatchObject({ clear: false, rule: "7.3" });
    expect(e.blocking[0]).toMatchObject({ hex: "2710", terrain: "hilltop" });
    const data = { ...(DEFAULT_RULES_JSON as object), lineOfSight: { hilltopToHilltop: "always-clear" } };
    const printed = catalogWithRules(data);
    if (!printed.ok) throw new Error(printed.error.message);
    const old = at({}, printed.value);
    const clear = explainLineOfSight(old.ctx, old.position, "2709", "2711");
    expect(clear).toMatchObject({ clear: true, blocking: [], rule: "7.3G" });
    expect(clear.text).toContain("may always fire at other hilltop hexes");
  });

  it("[7.3G] adjacent and same hexes are clear; a corner-only contact is listed and does not block", () => {
    const { ctx, position } = at({});
    expect(explainLineOfSight(ctx, position, "0606", "0607")).toMatchObject({ clear: true, crossed: [] });
    expect(explainLineOfSight(ctx, position, "0606", "0606").clear).toBe(true);
    // 0803 -> 0305 touches the woods 0603 at one junction only (line-of-sight.test.ts).
    const e = explainLineOfSight(ctx, position, "0803", "0305");
    expect(e.corners).toContain("0603");
    expect(e.crossed.map((h) => h.hex)).not.toContain("0603");
  });

  it("[7.3G] says what lineOfSight says, for every pair of hexes from a few firing hexes", () => {
    const { ctx, position } = at({ "0606": ["B-PM1"], "0807": ["G-PM1"], "0305": ["G-PM2"] });
    const grid = ctx.map.grid;
    for (const from of ["0908", "0606", "0404", "0111"].filter((id) => indexOfId(grid, id) >= 0)) {
      const a = indexOfId(grid, from);
      for (let b = 0; b < grid.size; b++) {
        const los = lineOfSight(ctx, position, a, b);
        const e = explainLineOfSight(ctx, position, from, idOf(grid, b));
        expect(e.clear).toBe(los.clear);
        if (!los.clear)
          expect(e.blocking[0]).toMatchObject({ hex: idOf(grid, los.blockedBy), blocks: los.why });
      }
    }
  });

  it("[7.3G] the firing hex itself: clear, nothing crossed, said so", () => {
    const { ctx, position } = at({});
    expect(explainLineOfSight(ctx, position, "0606", "0606")).toEqual({
      from: "0606",
      to: "0606",
      corners: [],
      crossed: [],
      blocking: [],
      clear: true,
      rule: "7.3G",
      text: "0606 is the firing hex itself.",
    });
  });

  it("[7.3G] adjacent hexes: clear, with the rule's words", () => {
    const { ctx, position } = at({});
    expect(explainLineOfSight(ctx, position, "0606", "0607")).toMatchObject({
      rule: "7.3G",
      text: "Clear: 0606 and 0607 are adjacent; nothing lies between them (7.3G).",
    });
  });

  it("[7.3G] a clear line says how many hexes it crosses, one or more", () => {
    const { ctx, position } = at({});
    expect(explainLineOfSight(ctx, position, "0606", "0608")).toMatchObject({
      rule: "7.3G",
      text: "Clear: the line crosses 1 hex, none of them a Blocking hex (7.3G).",
    });
    expect(explainLineOfSight(ctx, position, "0606", "0609")).toMatchObject({
      rule: "7.3G",
      text: "Clear: the line crosses 2 hexes, none of them a Blocking hex (7.3G).",
    });
  });

  it("[7.3G] the corners are exactly the hexes met at one junction point, in line order", () => {
    const { ctx, position } = at({});
    const e = explainLineOfSight(ctx, position, "0803", "0305");
    expect(e.corners).toEqual(["0603", "0505"]);
    expect(e.crossed.map((h) => h.hex)).toEqual(["0704", "0604", "0504", "0404"]);
  });

  it("[7.3] errata: several lower occupied hexes are named together, in the errata's words", () => {
    // 0908 (hilltop) -> 0904 down column 9 over the slope 0907, the clear 0906 and the stream 0905.
    const { ctx, position } = at({ "0907": ["B-PM1"], "0906": ["G-PM1"] });
    expect(explainLineOfSight(ctx, position, "0908", "0904")).toMatchObject({
      clear: true,
      rule: "7.3",
      text:
        "Clear: the line crosses 3 hexes, none of them a Blocking hex (7.3G); occupied 0907, 0906 are on lower terrain" +
        ' (errata to 7.3: "Units may always fire into and through Occupied hexes which are on lower terrain").',
    });
  });

  it("[7.3G] an occupied hex on the firer's level: blocked, the errata quoted", () => {
    const { ctx, position } = at({ "0607": ["B-PM2"] });
    expect(explainLineOfSight(ctx, position, "0606", "0608").text).toBe(
      "Blocked by 0607, an occupied hex (clear) not on lower terrain than the firing hex: the line passes through two hexsides of 0607, a Blocking hex" +
        ' (7.3G; errata to 7.3: "Units may always fire into and through Occupied hexes which are on lower terrain").',
    );
  });

  it("[7.3] errata: woods seen from a hilltop: blocked, the errata quoted in full", () => {
    const { ctx, position } = at({});
    expect(explainLineOfSight(ctx, position, "0908", "0502").text).toBe(
      "Blocked by 0603 (woods): the line passes through two hexsides of 0603, a Blocking hex (7.3G)." +
        ' From higher ground too, errata to 7.3: "Regardless of elevation, units may never fire through two hexsides' +
        ' (or two hexside junctions) of Woods, Village, or Hilltop Blocking Hexes".',
    );
  });

  it("[7.3G] hilltop to hilltop under the printed rule alone: clear, in 7.3(G)'s words", () => {
    const data = { ...(DEFAULT_RULES_JSON as object), lineOfSight: { hilltopToHilltop: "always-clear" } };
    const printed = catalogWithRules(data);
    if (!printed.ok) throw new Error(printed.error.message);
    const { ctx, position } = at({}, printed.value);
    expect(explainLineOfSight(ctx, position, "2709", "2711")).toEqual({
      from: "2709",
      to: "2711",
      corners: [],
      crossed: [{ hex: "2710", contact: "interior", terrain: "hilltop", occupied: false, blocks: null }],
      blocking: [],
      clear: true,
      rule: "7.3G",
      text: 'Clear: both hexes are hilltops, and these rules data read 7.3(G) alone: "Units on hilltop hexes may always fire at other hilltop hexes, anywhere on the map".',
    });
  });

  it("throws on a hex that is not on the map, naming it", () => {
    const { ctx, position } = at({});
    expect(() => explainLineOfSight(ctx, position, "0606", "9999")).toThrow(
      "explainLineOfSight: there is no hex 9999 on the map",
    );
  });
});
