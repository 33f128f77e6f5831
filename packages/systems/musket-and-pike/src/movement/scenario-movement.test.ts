import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { distance, idOf, indexOfId } from "../hex/grid.js";
import { legalMoves } from "../legal.js";
import { keyHex } from "../map/map-context.js";
import { expectRefused, play, setup } from "../test-support/setup.js";

const move = (unit: string, ...steps: string[]) => ({ type: "move" as const, unit, steps });

describe("reinforcements entering at a map edge", () => {
  const lutzen = (gameTurn = 1) =>
    setup({
      scenario: "16.24",
      gameTurn,
      phasing: "first",
      phase: "movement",
      units: {
        "B-PP05": { side: "first", type: "PP", force: "b" },
        "B-LA01": { side: "first", type: "LA", force: "b", limbered: true },
      },
      offMap: { "B-PP05": "awaiting-entry", "B-LA01": "awaiting-entry" },
    });

  it("[16.24] Swedish force (b) enters on the east edge (errata) within eight hexes of hex 14", () => {
    const { ctx, position } = lutzen();
    const fourteen = keyHex(ctx.map, 14);
    const entry = `48${idOf(ctx.map.grid, fourteen).slice(2)}`;
    const step = play(ctx, position, move("B-PP05", entry, `47${entry.slice(2)}`));
    expect(step.events[0]).toMatchObject({ type: "unit-moved", from: "off-map", cost: 2 });
    expect(step.position.offMap["B-PP05"]).toBeUndefined();
    const r = legalMoves(ctx, position, "B-PP05");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    for (const d of r.value.destinations) {
      const first = indexOfId(ctx.map.grid, d.steps[0] ?? "");
      expect(first % ctx.map.grid.rows >= 0 && Math.floor(first / ctx.map.grid.rows) + 1).toBe(48);
      expect(distance(ctx.map.grid, first, fourteen)).toBeLessThanOrEqual(8);
    }
    const far = ctx.map.grid.ids.find(
      (id) => id.startsWith("48") && distance(ctx.map.grid, indexOfId(ctx.map.grid, id), fourteen) === 9,
    );
    expectRefused(apply(ctx, position, move("B-PP05", far ?? "")), "16.24", "move/entry-hex");
    expectRefused(apply(ctx, position, move("B-PP05", "0101")), "16.24", "move/entry-hex");
  });

  it("[16.24] reinforcing artillery arrives limbered and may move at once", () => {
    const { ctx, position } = lutzen();
    const entry = `48${idOf(ctx.map.grid, keyHex(ctx.map, 14)).slice(2)}`;
    expect(play(ctx, position, move("B-LA01", entry, "unlimber")).position.units["B-LA01"]?.limbered).toBe(
      false,
    );
  });

  it("[16.41] Szentgotthard: Imperialist force (b) enters on Game-Turn 2, not before", () => {
    const base = {
      scenario: "16.41",
      phasing: "first" as const,
      phase: "movement" as const,
      units: { "B-PP06": { side: "first" as const, type: "PP" as const, force: "b" } },
      offMap: { "B-PP06": "awaiting-entry" as const },
    };
    const early = setup({ ...base, gameTurn: 1 });
    const ten = keyHex(early.ctx.map, 10);
    const entry = `${idOf(early.ctx.map.grid, ten).slice(0, 2)}32`;
    const e = expectRefused(
      apply(early.ctx, early.position, move("B-PP06", entry)),
      "16.41",
      "move/entry-too-early",
    );
    expect(e.message).toBe("16.41: force (b) enters on Game-Turn 2, not 1");
    const onTime = setup({ ...base, gameTurn: 2 });
    expect(play(onTime.ctx, onTime.position, move("B-PP06", entry)).position.stacks[entry]).toEqual([
      "B-PP06",
    ]);
  });
});

describe("leaving the map (16.22 Fleurus)", () => {
  const fleurus = () =>
    setup({
      scenario: "16.22",
      gameTurn: 9,
      phasing: "second",
      phase: "movement",
      units: {
        "G-HC01": { side: "second", type: "HC", force: "main" },
        "G-HC02": { side: "second", type: "HC", force: "main" },
        "G-PP01": { side: "second", type: "PP", force: "main" },
        "B-PP01": { side: "first", type: "PP", force: "main" },
      },
      stacks: { "3002": ["G-HC01"], "3802": ["G-HC02"], "3202": ["G-PP01"], "2220": ["B-PP01"] },
    });

  it("[16.22] Protestant units exit off the north edge (errata) within three hexes of the road", () => {
    const { ctx, position } = fleurus();
    const step = play(ctx, position, move("G-HC01", "3001", "exit"));
    expect(step.position.offMap["G-HC01"]).toBe("exited");
    expect(step.position.stacks["3001"]).toBeUndefined();
    expect(step.events[0]).toMatchObject({ type: "unit-moved", to: "exited", cost: 1.5 });
    const r = legalMoves(ctx, position, "G-PP01");
    expect(r.ok && r.value.exit?.steps).toEqual(["3201", "exit"]);
  });

  it("[16.22] nowhere else, and not by the Spanish", () => {
    const { ctx, position } = fleurus();
    expectRefused(apply(ctx, position, move("G-HC02", "3801", "exit")), "16.22", "move/no-exit");
    expectRefused(apply(ctx, position, move("G-HC01", "exit")), "16.22", "move/no-exit");
    const r = legalMoves(ctx, position, "G-HC02");
    // The exit the legal moves offer is by the nearest hex of the zone (3301), not straight off from 3801.
    expect(r.ok && r.value.exit).toEqual({
      cost: 6,
      steps: ["3703", "3602", "3502", "3401", "3301", "exit"],
    });
    const spanish = setup({
      scenario: "16.22",
      phasing: "first",
      phase: "movement",
      units: { "B-PP01": { side: "first", type: "PP", force: "main" } },
      stacks: { "3001": ["B-PP01"] },
    });
    expectRefused(apply(spanish.ctx, spanish.position, move("B-PP01", "exit")), "16.22", "move/no-exit");
  });

  it("[8.2] where no scenario allows it, no unit leaves the map", () => {
    const { ctx, position } = setup({
      scenario: "16.31",
      phasing: "first",
      phase: "movement",
      units: { "B-MP01": { side: "first", type: "MP", force: "main" } },
      stacks: { "3001": ["B-MP01"] },
    });
    expectRefused(apply(ctx, position, move("B-MP01", "exit")), "8.2", "move/no-exit");
  });
});

describe("the Nieuport fleet (16.13, with errata)", () => {
  const nieuport = () =>
    setup({
      scenario: "16.13",
      phasing: "second",
      phase: "movement",
      units: {
        "G-HA01": { side: "second", type: "HA", force: "fleet", role: "fleet" },
        "G-EA01": { side: "second", type: "EA", as: "HA", force: "fleet", role: "fleet" },
        "G-PP01": { side: "second", type: "PP", force: "main" },
      },
      stacks: { "0310": ["G-HA01"], "0615": ["G-EA01"], "0716": ["G-PP01"] },
    });

  it("[16.13] the fleet moves in the sea and the stream without limbering, as HA", () => {
    const { ctx, position } = nieuport();
    const p = play(ctx, position, move("G-HA01", "0309", "0308", "0307")).position;
    expect(p.stacks["0307"]).toEqual(["G-HA01"]);
    // The 4EA play as HA (errata): they move, with the HA's allowance.
    const r = legalMoves(ctx, position, "G-EA01");
    expect(r.ok && Math.max(...r.value.destinations.map((d) => d.cost))).toBe(3);
  });

  it("[16.13] the fleet never goes ashore, and no other unit enters the stream or the sea", () => {
    const { ctx, position } = nieuport();
    const ashore = expectRefused(apply(ctx, position, move("G-EA01", "0715")), "16.13");
    expect(ashore.code).toBe("move/fleet-ashore");
    const wet = expectRefused(apply(ctx, position, move("G-PP01", "0616")), "16.13", "move/fleet-water");
    expect(wet.message).toMatch(/no unit but the fleet/);
  });

  it("[16.13] the sea is the North Sea only in Nieuport: elsewhere the coast is ordinary ground", () => {
    const { ctx } = setup({
      scenario: "16.23",
      phasing: "first",
      phase: "movement",
      units: { "B-PP01": { side: "first", type: "PP", force: "main" } },
      stacks: { "0315": ["B-PP01"] },
    });
    expect(ctx.fleetWater).toBeNull();
  });
});

describe("control of victory hexes (16.0)", () => {
  it("[16.0] a unit ending its move on a victory hex takes control; passing through does not", () => {
    const { ctx, position } = setup({
      scenario: "16.26",
      phasing: "first",
      phase: "movement",
      units: {
        "B-PP01": { side: "first", type: "PP", force: "main" },
        "B-PP02": { side: "first", type: "PP", force: "main" },
      },
      stacks: { "2711": ["B-PP01"], "2810": ["B-PP02"] },
      control: { "2710": "second" },
    });
    expect(idOf(ctx.map.grid, keyHex(ctx.map, 9))).toBe("2710");
    // Through hex 9 and beyond: control stays with the last occupier.
    const through = play(ctx, position, move("B-PP01", "2710", "2709"));
    expect(through.position.control).toEqual({ "2710": "second" });
    const onto = play(ctx, position, move("B-PP02", "2710"));
    expect(onto.position.control).toEqual({ "2710": "first" });
    expect(onto.events).toContainEqual({ type: "control-changed", hex: "2710", side: "first" });
  });
});
