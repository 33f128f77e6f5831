import { describe, expect, it } from "vitest";
import { apply } from "./apply.js";
import { neighbourOf } from "./hex/grid.js";
import { legalActions } from "./legal.js";
import { positionIssues } from "./state/parse.js";
import type { Position } from "./state/position.js";
import { attack, eventsOf, field, fire, playWithDice, resolve } from "./test-support/combat.js";
import { catalog, deployed, expectRefused } from "./test-support/setup.js";
import { TERRAINS } from "./vocabulary.js";

const SEA = TERRAINS.indexOf("sea");

describe("16.13 Nieuport: the Dutch fleet", () => {
  /** Nieuport after set-up, with one ship moved to a stream hex beside the shore and a Spanish EP on the shore. */
  function fleetInReach() {
    const { ctx, position } = deployed("16.13", 1);
    const grid = ctx.map.grid;
    const water = ctx.fleetWater;
    if (!water) throw new Error("Nieuport has fleet waters");
    let fleetHex = "";
    let shore = "";
    for (let w = 0; w < grid.size && shore === ""; w++) {
      if (water[w] !== 1 || position.stacks[grid.ids[w] ?? ""]) continue;
      for (let d = 0; d < 6 && shore === ""; d++) {
        const n = neighbourOf(grid, w, d as 0);
        const id = n >= 0 ? (grid.ids[n] ?? "") : "";
        if (n >= 0 && water[n] !== 1 && ctx.terrain[n] !== SEA && !position.stacks[id]) {
          shore = id;
          fleetHex = grid.ids[w] ?? "";
        }
      }
    }
    expect(shore, "a stream hex lies next to an empty land hex").not.toBe("");
    const ship = Object.keys(position.units).find((id) => position.units[id]?.role === "fleet") ?? "";
    const spaniard =
      Object.keys(position.units).find(
        (id) => position.units[id]?.side === "first" && position.units[id]?.type === "EP",
      ) ?? "";
    const stacks: Record<string, readonly string[]> = {};
    for (const [hex, ids] of Object.entries(position.stacks)) {
      const rest = ids.filter((id) => id !== spaniard && id !== ship);
      if (rest.length > 0) stacks[hex] = rest;
    }
    stacks[shore] = [spaniard];
    stacks[fleetHex] = [ship];
    const next: Position = { ...position, stacks, phase: "melee" };
    expect(positionIssues(ctx, next)).toEqual([]);
    return { ctx, position: next, fleetHex, spaniard };
  }

  it("[16.13] the fleet may not be attacked in melee", () => {
    const { ctx, position, fleetHex, spaniard } = fleetInReach();
    expectRefused(apply(ctx, position, attack(spaniard, fleetHex)), "16.13", "melee/fleet");
    expect(legalActions(ctx, position)).not.toContainEqual(attack(spaniard, fleetHex));
  });

  it("[16.13] the fleet may be fired on, and fires without unlimbering", () => {
    const { ctx, position, fleetHex } = fleetInReach();
    const fleetUnit = position.stacks[fleetHex]?.[0] ?? "";
    expect(position.units[fleetUnit]?.limbered).toBe(false);
    const dutchFire = legalActions(ctx, { ...position, phase: "fire", phasing: "second" }).filter(
      (a) => a.type === "fire" && position.units[a.unit]?.role === "fleet",
    );
    expect(dutchFire.length).toBeGreaterThan(0);
  });
});

describe("16.33 Staverton: Parliamentarian force (a) holds", () => {
  const forces = { "B-PP1": "a", "B-PP2": "b" };

  it("[16.33] force (a) may not move until released; force (b) may", () => {
    const { ctx, position } = field(
      { "0101": ["B-PP1"], "0103": ["B-PP2"], "1210": ["G-PP1"] },
      { scenario: "16.33", phase: "movement", forces },
    );
    expectRefused(
      apply(ctx, position, { type: "move", unit: "B-PP1", steps: ["0201"] }),
      "16.33",
      "move/held",
    );
    expect(apply(ctx, position, { type: "move", unit: "B-PP2", steps: ["0104"] }).ok).toBe(true);
  });

  it("[16.33] a Royalist unit moving within eight hexes of force (a) releases it", () => {
    const { ctx, position } = field(
      { "0101": ["B-PP1"], "0103": ["B-PP2"], "1210": ["G-PP1"] },
      { scenario: "16.33", phase: "movement", phasing: "second", forces },
    );
    // 1210 is 11 hexes or more from 0101; 1010 and 0910 come closer.
    const far = playWithDice(ctx, position, [], { type: "move", unit: "G-PP1", steps: ["1110"] });
    expect(far.position.special?.released).toBeUndefined();
    const near = field(
      { "0101": ["B-PP1"], "0103": ["B-PP2"], "0806": ["G-PP1"] },
      { scenario: "16.33", phase: "movement", phasing: "second", forces },
    );
    const s = playWithDice(near.ctx, near.position, [], { type: "move", unit: "G-PP1", steps: ["0706"] });
    expect(s.position.special).toEqual({ released: true });
    const freed = { ...s.position, phasing: "first" as const, moved: [] };
    expect(apply(near.ctx, freed, { type: "move", unit: "B-PP1", steps: ["0201"] }).ok).toBe(true);
  });

  it("[16.33] a Royalist melee attack on any Parliamentarian unit releases it", () => {
    const { ctx, position } = field(
      { "0101": ["B-PP1"], "1109": ["B-PP2"], "1110": ["G-EP1"] },
      { scenario: "16.33", phasing: "second", forces },
    );
    const s = playWithDice(ctx, position, [1], attack("G-EP1", "1109"), resolve("1109"));
    expect(s.position.special).toEqual({ released: true });
  });
});

describe("16.24 Lutzen: Swedish ferocity", () => {
  // On the default map (Lutzen's road is there); columns 01-06, rows 01-05 are open ground.
  const forces = { "B-SC1": "b", "B-PP1": "b", "G-EP1": "a", "G-EP2": "a", "G-PM1": "a" };
  const lutzen = { scenario: "16.24", catalog, forces } as const;

  it("[16.24] once a Swedish SC is disrupted, the Swedes are ferocious from their next Player-Turn: D results are ignored", () => {
    const { ctx, position } = field(
      { "0303": ["B-SC1"], "0302": ["G-EP1", "G-EP2"], "0105": ["B-PP1"] },
      { ...lutzen, phasing: "second", gameTurn: 3 },
    );
    // 12 to 8: 1-1; a 4 is D: the SC is disrupted and the ferocity is set for Game-Turn 4.
    const s = playWithDice(
      ctx,
      position,
      [4],
      attack("G-EP1", "0303"),
      attack("G-EP2", "0303"),
      resolve("0303"),
    );
    expect(s.position.units["B-SC1"]?.disrupted).toBe(true);
    expect(s.position.special).toEqual({ ferociousFrom: 4 });
    // In Game-Turn 4 a D against a Swedish unit is ignored.
    const later = field(
      { "0305": ["B-PP1"], "0304": ["G-EP1"] },
      { ...lutzen, phasing: "second", gameTurn: 4, special: { ferociousFrom: 4 } },
    );
    // 6 to 4: 1-1; a 4 is D, ignored: no disruption, no retreat.
    const d = playWithDice(later.ctx, later.position, [4], attack("G-EP1", "0305"), resolve("0305"));
    expect(eventsOf(d.events, "combat-resolved")[0]?.result).toBe("D");
    expect(d.position.units["B-PP1"]?.disrupted).toBe(false);
    expect(d.position.stacks["0305"]).toEqual(["B-PP1"]);
    expect(eventsOf(d.events, "result-ignored")[0]).toMatchObject({ unit: "B-PP1", rule: "16.24" });
    // Before Game-Turn 4 the same D still disrupts.
    const before = field(
      { "0305": ["B-PP1"], "0304": ["G-EP1"] },
      { ...lutzen, phasing: "second", gameTurn: 3, special: { ferociousFrom: 4 } },
    );
    const b = playWithDice(before.ctx, before.position, [4], attack("G-EP1", "0305"), resolve("0305"));
    expect(b.position.units["B-PP1"]?.disrupted).toBe(true);
  });

  it("[16.24] ferocious units are still eliminated, and fire D against them is ignored too", () => {
    const { ctx, position } = field(
      { "0101": ["G-PM1"], "0103": ["B-PP1"] },
      { ...lutzen, phasing: "second", phase: "fire", gameTurn: 5, special: { ferociousFrom: 4 } },
    );
    // PM 8 against 3: 2-1; a 2 is D (ignored), a 6 is E1 (eliminated).
    const d = playWithDice(ctx, position, [2], fire("G-PM1", "0103"), resolve("0103"));
    expect(d.position.units["B-PP1"]?.disrupted).toBe(false);
    const e = playWithDice(ctx, position, [6], fire("G-PM1", "0103"), resolve("0103"));
    expect(e.position.offMap["B-PP1"]).toBe("eliminated");
  });
});
