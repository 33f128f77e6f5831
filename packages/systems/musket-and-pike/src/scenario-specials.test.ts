import { describe, expect, it } from "vitest";
import { apply } from "./apply.js";
import type { GameEvent } from "./events.js";
import { distance, indexOfId, neighbourOf } from "./hex/grid.js";
import { legalActions } from "./legal.js";
import { ferociousUnits, heldError, meleeImmuneError, noteSpecials } from "./scenario-specials.js";
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
    const ship = position.stacks[fleetHex]?.[0] ?? "";
    expect(meleeImmuneError(position, fleetHex)).toMatchObject({
      code: "melee/fleet",
      hex: fleetHex,
      unit: ship,
    });
    expect(meleeImmuneError(position, fleetHex)?.message).toContain(`${ship} in ${fleetHex} is the fleet`);
    const shore = Object.entries(position.stacks).find(([, ids]) => ids.includes(spaniard))?.[0] ?? "";
    expect(meleeImmuneError(position, shore)).toBeUndefined();
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

describe("16.24 Lutzen: what sets the ferocity, and who is ferocious", () => {
  const forces = { "B-SC1": "b", "B-PP1": "b", "G-SC1": "a", "G-EP1": "a" };
  const lutzen = (gameTurn: number, special?: { ferociousFrom: number }) =>
    field(
      { "0303": ["B-SC1"], "0105": ["B-PP1"], "0302": ["G-SC1"], "0304": ["G-EP1"] },
      { scenario: "16.24", catalog, forces, phasing: "second", gameTurn, ...(special ? { special } : {}) },
    );
  const struck = (type: "unit-disrupted" | "unit-eliminated", unit: string): GameEvent =>
    type === "unit-disrupted"
      ? { type, unit, hex: "0303", rule: "8.11" }
      : { type, unit, hex: "0303", rule: "8.11", reason: "E1 result of melee" };

  it("[16.24] the whole Swedish force is ferocious, and only it, from the Game-Turn set", () => {
    const { ctx, position } = lutzen(4, { ferociousFrom: 4 });
    expect([...ferociousUnits(ctx, position)].sort()).toEqual(["B-PP1", "B-SC1"]);
    expect(ferociousUnits(ctx, { ...position, gameTurn: 3 }).size).toBe(0);
    expect(ferociousUnits(ctx, { ...position, special: {} }).size).toBe(0);
  });

  it("[16.24] a Swedish SC disrupted or eliminated sets it for the next Game-Turn", () => {
    const { ctx, position } = lutzen(3);
    expect(noteSpecials(ctx, position, [struck("unit-disrupted", "B-SC1")]).special).toEqual({
      ferociousFrom: 4,
    });
    expect(noteSpecials(ctx, position, [struck("unit-eliminated", "B-SC1")]).special).toEqual({
      ferociousFrom: 4,
    });
  });

  it("[16.24] no other unit, no other event and no Imperialist SC sets it; once set it stays", () => {
    const { ctx, position } = lutzen(3);
    expect(noteSpecials(ctx, position, [struck("unit-disrupted", "B-PP1")])).toBe(position);
    expect(noteSpecials(ctx, position, [struck("unit-eliminated", "G-SC1")])).toBe(position);
    const moved: GameEvent = {
      type: "unit-moved",
      unit: "B-SC1",
      from: "0303",
      steps: ["0403"],
      to: "0403",
      cost: 1,
    };
    expect(noteSpecials(ctx, position, [moved])).toBe(position);
    expect(noteSpecials(ctx, position, []).special).toBeUndefined();
    const set = lutzen(5, { ferociousFrom: 3 });
    expect(noteSpecials(set.ctx, set.position, [struck("unit-disrupted", "B-SC1")]).special).toEqual({
      ferociousFrom: 3,
    });
  });

  it("[16.24] elsewhere nobody is ferocious, whatever is struck", () => {
    const { ctx, position } = field(
      { "0303": ["B-SC1"], "0302": ["G-EP1"] },
      { scenario: "16.32", phasing: "second", gameTurn: 4, special: { ferociousFrom: 4 } },
    );
    expect(ferociousUnits(ctx, position).size).toBe(0);
    const { special: _remembered, ...plain } = position;
    expect(noteSpecials(ctx, plain, [struck("unit-disrupted", "B-SC1")])).toBe(plain);
  });
});

describe("16.33 Staverton: what releases force (a)", () => {
  // Force (a) at 0101, force (b) at 1201; the Royalists' G-PP1 and G-EP1 elsewhere.
  const forces = { "B-PP1": "a", "B-PP2": "b" };
  const staverton = (special?: { released: true }) =>
    field(
      { "0101": ["B-PP1"], "1201": ["B-PP2"], "1210": ["G-PP1"], "1209": ["G-EP1"] },
      { scenario: "16.33", phase: "movement", phasing: "second", forces, ...(special ? { special } : {}) },
    );
  const { ctx, position } = staverton();
  const grid = ctx.map.grid;
  const from0101 = (id: string) => distance(grid, indexOfId(grid, "0101"), indexOfId(grid, id));
  const moved = (unit: string, ...steps: string[]): GameEvent => ({
    type: "unit-moved",
    unit,
    from: "1210",
    steps,
    to: steps.at(-1) ?? "1210",
    cost: steps.length,
  });
  const released = (events: GameEvent[]) => noteSpecials(ctx, position, events).special?.released === true;

  it("[16.33] a Royalist unit moving within eight hexes of force (a), not nine", () => {
    expect(from0101("0901")).toBe(8);
    expect(from0101("1001")).toBe(9);
    expect(released([moved("G-PP1", "1001")])).toBe(false);
    expect(released([moved("G-PP1", "0901", "1001")])).toBe(true);
    expect(noteSpecials(ctx, position, [moved("G-PP1", "0901")]).special).toEqual({ released: true });
    // Force (b) does not count: 1101 is next to it but ten hexes from force (a).
    expect(from0101("1101")).toBe(10);
    expect(released([moved("G-PP1", "1101")])).toBe(false);
  });

  it("[16.33] within eight hexes of any unit of force (a), wherever the force stands and whatever is stacked with it", () => {
    // Force (a) in two places, 0301 (with a force (b) unit on top) and 1208: a Royalist entering
    // 0101, the first hex of the map, is two hexes from 0301 and far from 1208.
    const spread = field(
      { "0301": ["B-PP2", "B-PP1"], "1208": ["B-PP3"], "1210": ["G-PP1"] },
      { scenario: "16.33", phase: "movement", phasing: "second", forces: { ...forces, "B-PP3": "a" } },
    );
    const g = spread.ctx.map.grid;
    expect(distance(g, indexOfId(g, "0301"), indexOfId(g, "0101"))).toBe(2);
    expect(distance(g, indexOfId(g, "1208"), indexOfId(g, "0101"))).toBeGreaterThan(8);
    expect(noteSpecials(spread.ctx, spread.position, [moved("G-PP1", "0101")]).special).toEqual({
      released: true,
    });
  });

  it("[16.33] a Parliamentarian moving near force (a) releases nothing, nor a step that is no hex", () => {
    expect(released([moved("B-PP2", "0201")])).toBe(false);
    expect(released([moved("G-PP1", "limber")])).toBe(false);
  });

  it("[16.33] a Royalist advancing or retreating within eight hexes releases it", () => {
    const advanced: GameEvent = { type: "unit-advanced", unit: "G-EP1", from: "1209", to: "0901" };
    const retreated: GameEvent = {
      type: "unit-retreated",
      unit: "G-EP1",
      from: "1209",
      to: "0901",
      path: ["0901"],
      rule: "8.2",
    };
    expect(released([advanced])).toBe(true);
    expect(released([retreated])).toBe(true);
    expect(released([{ ...advanced, to: "1001" }])).toBe(false);
    expect(released([{ ...retreated, to: "1001" }])).toBe(false);
    expect(released([{ ...advanced, unit: "B-PP2" }])).toBe(false);
  });

  it("[16.33] only a Royalist melee attack on a Parliamentarian unit releases it by combat", () => {
    const melee: GameEvent = {
      type: "combat-resolved",
      kind: "melee",
      attackers: ["G-EP1"],
      targets: ["1201"],
      defenders: ["B-PP2"],
      attack: 6,
      defence: 4,
      odds: "1-1",
      roll: 1,
      modifier: 0,
      result: "-",
      rule: "8.11",
    };
    expect(released([melee])).toBe(true);
    expect(released([{ ...melee, kind: "fire" }])).toBe(false);
    expect(released([{ ...melee, attackers: ["B-PP2"], defenders: ["G-EP1"] }])).toBe(false);
    expect(released([{ type: "phase-ended", side: "second", phase: "melee", gameTurn: 1 }])).toBe(false);
  });

  it("[16.33] once released, force (a) moves; force (b) and the Royalists were never held", () => {
    const unit = (id: string) => {
      const u = position.units[id];
      if (!u) throw new Error(`no unit ${id} in the fixture`);
      return u;
    };
    const held = heldError(ctx, position, "B-PP1", unit("B-PP1"));
    expect(held).toMatchObject({ code: "move/held", rule: "16.33", unit: "B-PP1" });
    expect(held?.message).toContain("B-PP1 belongs to force (a)");
    expect(heldError(ctx, position, "B-PP2", unit("B-PP2"))).toBeUndefined();
    const free = staverton({ released: true });
    expect(heldError(free.ctx, free.position, "B-PP1", unit("B-PP1"))).toBeUndefined();
    const set = noteSpecials(free.ctx, free.position, [moved("G-PP1", "0901")]);
    expect(set).toBe(free.position);
  });

  it("[16.33] force (a) is held only at Staverton", () => {
    const other = field({ "0101": ["B-PP1"] }, { scenario: "16.32", phase: "movement" });
    const u = other.position.units["B-PP1"];
    if (!u) throw new Error("fixture");
    expect(heldError(other.ctx, other.position, "B-PP1", { ...u, force: "a" })).toBeUndefined();
    expect(noteSpecials(other.ctx, other.position, [moved("G-PP1", "0201")])).toBe(other.position);
  });
});
