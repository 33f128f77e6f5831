import { type Action, apply, autoDeploy, legalActions, unitHexes } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { adjacent, destinationsOf, movesOf, optionsOf, whyNot } from "./interaction.js";
import { movementPhase, opening, playPositions } from "./test-support.js";

const key = (a: Action) => JSON.stringify(a);

describe("the board's options", () => {
  it("[16.0] during deployment, lists each unit's deploy hexes, every one a legal action", () => {
    const { ctx, position } = opening();
    const o = optionsOf(ctx, position);
    const legal = new Set(legalActions(ctx, position).map(key));
    const undeployed = Object.entries(position.offMap).filter(
      ([id, s]) => s === "undeployed" && position.units[id]?.side === "first",
    );
    expect(o.deploy.size).toBe(undeployed.length);
    for (const [unit, hexes] of o.deploy) {
      expect(hexes.size).toBeGreaterThan(0);
      for (const hex of hexes) expect(legal.has(key({ type: "deploy", unit, hex }))).toBe(true);
    }
    expect(o.movable.size).toBe(0);
    // 16.0: every unit must be set up before the deployment ends.
    expect(o.canEndPhase).toBe(false);
    const done = playPositions(ctx, position, ...autoDeploy(ctx, position));
    expect(optionsOf(ctx, done).canEndPhase).toBe(true);
  });

  it("[5.1] in a Movement Phase, lists the Phasing Player's movable units and their destinations", () => {
    const { ctx, position } = movementPhase();
    const o = optionsOf(ctx, position);
    expect(o.movable.size).toBeGreaterThan(0);
    expect(o.canEndPhase).toBe(true);
    for (const unit of o.movable) expect(position.units[unit]?.side).toBe("first");
    const unit = [...o.movable][0] ?? "";
    const moves = movesOf(ctx, position, unit);
    if (typeof moves === "string") throw new Error(moves);
    const dests = destinationsOf(moves);
    expect(dests.size).toBeGreaterThan(0);
    for (const [hex, list] of dests) {
      for (const d of list) {
        expect(d.hex).toBe(hex);
        expect(d.cost).toBeGreaterThan(0);
        expect(apply(ctx, position, { type: "move", unit, steps: [...d.steps] }).ok).toBe(true);
      }
    }
  });

  it("[4.2] movesOf gives the engine's refusal outside a Movement Phase", () => {
    const { ctx, position } = opening();
    expect(movesOf(ctx, position, "B-MP01")).toMatch(/^4\.2: /);
  });
});

describe("whyNot", () => {
  it("[5.1] explains, citing a rule, why a unit cannot end its move in a hex", () => {
    const { ctx, position } = movementPhase();
    const unit = [...optionsOf(ctx, position).movable][0] ?? "";
    const moves = movesOf(ctx, position, unit);
    if (typeof moves === "string") throw new Error(moves);
    const from = unitHexes(position).get(unit) ?? "";
    const reachable = new Set(moves.destinations.map((d) => d.hex));
    // Just beyond reach: hexes next to a destination that are not destinations themselves.
    const beyond = ctx.map.grid.ids.filter(
      (id) => id !== from && !reachable.has(id) && moves.destinations.some((d) => adjacent(ctx, d.hex, id)),
    );
    expect(beyond.length).toBeGreaterThan(0);
    for (const hex of beyond) expect(whyNot(ctx, position, unit, moves, hex)).toMatch(/^\d+\.\d/);
    // Far away: the engine says units move hex by hex.
    const far = ctx.map.grid.ids.find((id) => !reachable.has(id) && !beyond.includes(id) && id !== from);
    expect(whyNot(ctx, position, unit, moves, far ?? "")).toMatch(/^5\.1\(C\): /);
  });

  it("[5.2H] explains by the cheapest neighbouring path: the MP really left", () => {
    // Brentford, seed 1: B-MP01 in 2013 reaches 2111 for 3 MP and 2211 for 2.5; 2210 is one MP beyond.
    const { ctx, position } = movementPhase();
    const moves = movesOf(ctx, position, "B-MP01");
    if (typeof moves === "string") throw new Error(moves);
    expect(unitHexes(position).get("B-MP01")).toBe("2013");
    expect(whyNot(ctx, position, "B-MP01", moves, "2210")).toMatch(/^5\.2\(H\): .*0\.5 of its 3 left/);
  });

  it("[5.2F] names the enemy in a hex the unit could otherwise step into", () => {
    const { ctx, position } = movementPhase();
    const enemyHexes = Object.keys(position.stacks).filter(
      (h) => position.units[position.stacks[h]?.[0] ?? ""]?.side === "second",
    );
    for (const unit of optionsOf(ctx, position).movable) {
      const moves = movesOf(ctx, position, unit);
      if (typeof moves === "string") throw new Error(moves);
      const enemy = enemyHexes.find((h) => moves.destinations.some((d) => adjacent(ctx, d.hex, h)));
      if (!enemy) continue;
      const why = whyNot(ctx, position, unit, moves, enemy);
      expect(why).toMatch(/^5\.2\(F\): /);
      expect(why).toContain(`hex ${enemy}`);
      return;
    }
    throw new Error("no unit within reach of the enemy");
  });
});

describe("adjacent", () => {
  it("is true for the six neighbours of a hex and false otherwise", () => {
    const { ctx } = opening();
    // Column 20 is even: its hexes sit half a hex lower than those of columns 19 and 21.
    for (const n of ["2012", "2014", "1913", "1914", "2113", "2114"])
      expect(adjacent(ctx, "2013", n)).toBe(true);
    for (const n of ["2013", "2015", "1912", "2112", "2213", "0101"])
      expect(adjacent(ctx, "2013", n)).toBe(false);
    expect(adjacent(ctx, "0101", "0001")).toBe(false);
    expect(adjacent(ctx, "0101", "x")).toBe(false);
  });
});
