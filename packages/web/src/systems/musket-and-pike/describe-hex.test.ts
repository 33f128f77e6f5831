import {
  apply,
  autoDeploy,
  defaultCatalog,
  type GameContext,
  gameContext,
  hasRoad,
  newGame,
  type Position,
  terrainOf,
} from "@tercio/musket-and-pike";
import { playerName, TERRAIN_NAME } from "@tercio/render";
import { describe, expect, it } from "vitest";
import { describeHex, describeUnit, terrainEffects } from "./describe-hex.js";

const catalog = defaultCatalog();

/** Brentford with the Parliamentarians set up by autoDeploy (two units to a hex). */
function brentford(): { ctx: GameContext; position: Position } {
  const c = gameContext(catalog, "16.31");
  if (!c.ok) throw new Error(c.error.message);
  const ctx = c.value;
  const opened = newGame(ctx, { seed: 1, optionalRules: [] });
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  for (const a of autoDeploy(ctx, position)) {
    const r = apply(ctx, position, a);
    if (!r.ok) throw new Error(r.error.message);
    position = r.value.position;
  }
  return { ctx, position };
}

const terrainName = (ctx: GameContext, hex: string) =>
  TERRAIN_NAME[terrainOf(ctx, ctx.map.grid.ids.indexOf(hex))].toLowerCase();

describe("describeHex", () => {
  it("names an empty hex and its terrain", () => {
    const { ctx, position } = brentford();
    const hex = ctx.map.grid.ids.find((id, h) => !position.stacks[id] && !hasRoad(ctx.map, h)) ?? "";
    expect(describeHex(ctx, position, hex)).toBe(`Hex ${hex}, ${terrainName(ctx, hex)}, no units.`);
  });

  it("gives the key hex number of a key hex", () => {
    const { ctx, position } = brentford();
    expect(ctx.map.keyHexes.size).toBeGreaterThan(0);
    for (const [n, h] of ctx.map.keyHexes) {
      const hex = ctx.map.grid.ids[h] ?? "";
      const text = describeHex(ctx, position, hex);
      expect(text.startsWith(`Hex ${hex}, key hex ${n}, `)).toBe(true);
      expect(text).toContain(`, ${terrainName(ctx, hex)}`);
      if (hasRoad(ctx.map, h)) expect(text).toContain(", road");
    }
  });

  it("[16.0] says who holds a victory hex", () => {
    const { ctx, position } = brentford();
    const h = ctx.victoryHexes.indexOf(1);
    const hex = ctx.map.grid.ids[h] ?? "";
    expect(h).toBeGreaterThanOrEqual(0);
    const empty = { ...position, control: {} };
    expect(describeHex(ctx, empty, hex)).toContain("victory hex,");
    const held = { ...position, control: { [hex]: "second" as const } };
    expect(describeHex(ctx, held, hex)).toContain(
      `victory hex held by the ${playerName(ctx.scenario, "second")}`,
    );
  });

  it("[10.2] lists the units in a hex top first, with their owner", () => {
    const { ctx, position } = brentford();
    const [hex, ids] = Object.entries(position.stacks).find(([, s]) => s.length > 1) ?? [];
    if (!hex || !ids) throw new Error("fixture: no stack of two");
    const [top = "", bottom = ""] = ids;
    const owner = playerName(ctx.scenario, "first");
    expect(owner).toBe("Parliamentarians");
    const text = describeHex(ctx, position, hex);
    expect(text).toContain(`Hex ${hex}, `);
    expect(text).toContain(`, ${terrainName(ctx, hex)}, `);
    expect(text).toContain(`${ids.length} ${owner} units, top first: ${top} `);
    expect(text.indexOf(top)).toBeLessThan(text.indexOf(bottom));
    // The same hex with its stack the other way up.
    const flipped = { ...position, stacks: { ...position.stacks, [hex]: [...ids].reverse() } };
    const other = describeHex(ctx, flipped, hex);
    expect(other.indexOf(bottom)).toBeLessThan(other.indexOf(top));
    expect(other).toContain(`top first: ${bottom} `);
  });

  it("[12.0] marks a stack in square", () => {
    const { ctx, position } = brentford();
    const [hex] = Object.keys(position.stacks);
    if (!hex) throw new Error("fixture: no stack");
    expect(describeHex(ctx, { ...position, squares: [hex] }, hex)).toMatch(/ units? in square, top first: /);
  });

  it("says a hex off the map is off the map", () => {
    const { ctx, position } = brentford();
    expect(describeHex(ctx, position, "9999")).toBe("9999: off the map");
  });
});

describe("describeUnit", () => {
  it("[8.4] gives the unit's id, type, values and markers", () => {
    const { ctx, position } = brentford();
    const unit = position.units["B-MP01"];
    if (!unit) throw new Error("fixture: no B-MP01");
    const name = ctx.rules.data.unitTypes.MP.name;
    expect(describeUnit(ctx, "B-MP01", unit)).toMatch(
      new RegExp(`^B-MP01 ${name} \\(MP\\), melee \\d+, move \\d+$`),
    );
    expect(describeUnit(ctx, "B-MP01", { ...unit, disrupted: true })).toMatch(/, disrupted$/);
    const musket = position.units["B-PM01"];
    if (!musket) throw new Error("fixture: no B-PM01");
    expect(describeUnit(ctx, "B-PM01", musket)).toMatch(
      /\(PM\), fire \d+, range \d+, melee \(?\d+\)?, move \d+$/,
    );
  });
});

describe("terrainEffects", () => {
  it("[9.0] says what the hex's terrain does, from the rules data in force", () => {
    const { ctx } = brentford();
    const woods = ctx.map.grid.ids.find((id) => terrainName(ctx, id) === "woods");
    if (!woods) throw new Error("no woods on the map");
    const words = terrainEffects(ctx, woods);
    const data = ctx.rules.data.terrain.woods;
    expect(words).toContain(`fire protection ${data.fireProtection}`);
    expect(words).toContain("blocks line of sight");
    expect(words).toContain(data.meleeDefenceDoubled ? "melee defence doubled" : "Woods");
    expect(words).toMatch(/artillery may not enter/);
    const clear = ctx.map.grid.ids.find((id) => terrainName(ctx, id) === "clear") ?? "";
    expect(terrainEffects(ctx, clear)).not.toContain("blocks line of sight");
    expect(terrainEffects(ctx, "9999")).toBe("");
  });
});
