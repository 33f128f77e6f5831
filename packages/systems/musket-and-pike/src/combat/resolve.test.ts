import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { attack, eventsOf, field, playWithDice, resolve } from "../test-support/combat.js";
import { expectRefused } from "../test-support/setup.js";

/*
 * Resolution (6.3G, 8.11) on the test map around 0707 (clear): N 0706,
 * S 0708. Melee: EP 6, PP 4, MP 2. At 3-1 a 4 is D and a 6 E1; a 1 is no
 * effect on every column. Results against a square: squares.test.ts.
 */

describe("6.3 resolving an attack", () => {
  it("[6.3G] only a declared attack is resolved", () => {
    const { ctx, position } = field({ "0706": ["B-EP1"], "0707": ["G-PP1"] });
    expectRefused(apply(ctx, position, resolve("0707"), { dice: [4] }), "6.3G", "combat/not-declared");
  });

  it("[6.1B] an attack is resolved once: its hex is not attacked again in the phase", () => {
    const { ctx, position } = field({ "0706": ["B-EP1"], "0707": ["G-PP1", "G-PP2"] }, { scenario: "16.22" });
    // EP 6 against 8: 1-2, a 1 is no effect: the defenders stay.
    const s = playWithDice(ctx, position, [1], attack("B-EP1", "0707"), resolve("0707"));
    expectRefused(apply(ctx, s.position, resolve("0707"), { dice: [4] }), "6.1B", "combat/already-resolved");
  });

  it("[4.2] there is no combat to resolve outside the combat phases", () => {
    const { ctx, position } = field({ "0706": ["B-EP1"], "0707": ["G-PP1"] }, { phase: "movement" });
    const declared = {
      ...position,
      attacks: [
        { kind: "melee" as const, attackers: ["B-EP1"], targets: ["0707"], resolved: false, defenders: [] },
      ],
    };
    expectRefused(apply(ctx, declared, resolve("0707"), { dice: [4] }), "4.2", "combat/wrong-phase");
  });
});

describe("8.11 melee results, applied", () => {
  it("[8.1] no effect: the defending units stay in place, undisrupted, and nobody advances", () => {
    const { ctx, position } = field({ "0706": ["B-EP1", "B-EP2"], "0707": ["G-PP1", "G-MP1"] });
    // 12 against 6: 2-1; a 1 is no effect.
    const s = playWithDice(
      ctx,
      position,
      [1],
      attack("B-EP1", "0707"),
      attack("B-EP2", "0707"),
      resolve("0707"),
    );
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ odds: "2-1", result: "-" });
    expect(eventsOf(s.events, "unit-disrupted")).toEqual([]);
    expect(s.position.units["G-PP1"]?.disrupted).toBe(false);
    expect(s.position.units["G-MP1"]?.disrupted).toBe(false);
    expect(s.position.stacks["0707"]).toEqual(["G-PP1", "G-MP1"]);
    expect(s.position.decision).toBeUndefined();
    expect(s.position.attacks[0]).toMatchObject({ resolved: true, defenders: ["G-PP1", "G-MP1"] });
  });

  it("[6.2F] [8.11] D on an attack against two hexes disrupts each defender once and retreats it", () => {
    const { ctx, position } = field({ "0707": ["B-EP1", "B-EP2"], "0706": ["G-MP1"], "0708": ["G-MP2"] });
    // 12 against 4: 3-1; a 4 is D in each hex.
    const s = playWithDice(
      ctx,
      position,
      [4],
      attack("B-EP1", "0706", "0708"),
      attack("B-EP2", "0706", "0708"),
      resolve("0706"),
    );
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ odds: "3-1", result: "D" });
    expect(eventsOf(s.events, "unit-disrupted").map((e) => e.unit)).toEqual(["G-MP1", "G-MP2"]);
    expect(eventsOf(s.events, "unit-eliminated")).toEqual([]);
    expect(s.position.offMap).toEqual({});
    // Both retreat: G-MP1 by its one way out, at once; G-MP2 where the First Player chooses.
    expect(eventsOf(s.events, "unit-retreated").map((e) => e.unit)).toEqual(["G-MP1"]);
    expect(s.position.decision).toMatchObject({ kind: "retreat", side: "first", units: ["G-MP2"] });
  });

  it("[6.2F] [8.11] E1 on two hexes: in each, the top defender is eliminated and the second disrupted", () => {
    const weak = field(
      { "0707": ["B-EP1", "B-EP2"], "0706": ["G-MP1", "G-MM1"], "0708": ["G-MP2", "G-MM2"] },
      { scenario: "16.22" },
    );
    // An MM beside an MP adds nothing to the defence (6.6N errata): 12 against 4, 3-1; a 6 is E1.
    const s = playWithDice(
      weak.ctx,
      weak.position,
      [6],
      attack("B-EP1", "0706", "0708"),
      attack("B-EP2", "0706", "0708"),
      resolve("0706"),
    );
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ odds: "3-1", result: "E1" });
    expect(eventsOf(s.events, "unit-eliminated").map((e) => e.unit)).toEqual(["G-MP1", "G-MP2"]);
    expect(eventsOf(s.events, "unit-disrupted").map((e) => e.unit)).toEqual(["G-MM1", "G-MM2"]);
    expect(s.position.offMap).toEqual({ "G-MP1": "eliminated", "G-MP2": "eliminated" });
  });
});
