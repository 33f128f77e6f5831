import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { attack, eventsOf, field, fire, playWithDice, resolve } from "../test-support/combat.js";
import { expectRefused } from "../test-support/setup.js";

/*
 * Resolution (6.3G, 8.11) on the test map around 0707 (clear): N 0706,
 * S 0708. Melee: EP 6, PP 4, MP 2. At 3-1 a 4 is D and a 6 E1; a 1 is no
 * effect on every column. Results against a square: squares.test.ts.
 */

describe("6.3 resolving an attack", () => {
  it("[6.3G] only a declared attack is resolved", () => {
    const { ctx, position } = field({ "0706": ["B-EP1"], "0707": ["G-PP1"] });
    const e = expectRefused(
      apply(ctx, position, resolve("0707"), { dice: [4] }),
      "6.3G",
      "combat/not-declared",
    );
    expect(e).toMatchObject({ hex: "0707", message: "6.3(G): no attack on 0707 has been declared" });
  });

  it("[6.1B] an attack is resolved once: its hex is not attacked again in the phase", () => {
    const { ctx, position } = field({ "0706": ["B-EP1"], "0707": ["G-PP1", "G-PP2"] }, { scenario: "16.22" });
    // EP 6 against 8: 1-2, a 1 is no effect: the defenders stay.
    const s = playWithDice(ctx, position, [1], attack("B-EP1", "0707"), resolve("0707"));
    const e = expectRefused(
      apply(ctx, s.position, resolve("0707"), { dice: [4] }),
      "6.1B",
      "combat/already-resolved",
    );
    expect(e).toMatchObject({ hex: "0707", message: "6.1(B): the attack on 0707 has already been resolved" });
  });

  it("[4.2] there is no combat to resolve outside the combat phases", () => {
    const { ctx, position } = field({ "0706": ["B-EP1"], "0707": ["G-PP1"] }, { phase: "movement" });
    const declared = {
      ...position,
      attacks: [
        { kind: "melee" as const, attackers: ["B-EP1"], targets: ["0707"], resolved: false, defenders: [] },
      ],
    };
    const e = expectRefused(
      apply(ctx, declared, resolve("0707"), { dice: [4] }),
      "4.2",
      "combat/wrong-phase",
    );
    expect(e.message).toBe("4.2: there is no combat in the movement phase");
  });

  it("[8.0] an attack is resolved with a die: without one it is refused", () => {
    const { ctx, position } = field({ "0706": ["B-EP1"], "0707": ["G-PP1"] });
    const declared = playWithDice(ctx, position, [], attack("B-EP1", "0707"));
    expectRefused(apply(ctx, declared.position, resolve("0707"), { dice: [] }), "8.0", "dice/exhausted");
  });

  it("[6.0] resolution checks the attack again: one no longer allowed is refused", () => {
    // A position (say, from a file) holding an attack out of 0704, which is not adjacent to 0707.
    const { ctx, position } = field({ "0704": ["B-EP1"], "0707": ["G-PP1"] });
    const declared = {
      ...position,
      attacks: [
        { kind: "melee" as const, attackers: ["B-EP1"], targets: ["0707"], resolved: false, defenders: [] },
      ],
    };
    expectRefused(apply(ctx, declared, resolve("0707"), { dice: [4] }), "6.0", "melee/not-adjacent");
  });

  it("[6.1B] an attack on a hex holding only units that have already defended lapses, without a die", () => {
    // G-PP1 defended 0707 and retreated into 0706, which is attacked next (6.1B: never attacked twice).
    const { ctx, position } = field({ "0605": ["B-EP1"], "0707": ["B-EP2"], "0706": ["G-PP1"] });
    const after = {
      ...position,
      attacks: [
        {
          kind: "melee" as const,
          attackers: ["B-EP2"],
          targets: ["0708"],
          resolved: true,
          defenders: ["G-PP1"],
        },
        { kind: "melee" as const, attackers: ["B-EP1"], targets: ["0706"], resolved: false, defenders: [] },
      ],
    };
    const r = apply(ctx, after, resolve("0706"), { dice: [] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.events).toEqual([{ type: "attack-lapsed", kind: "melee", targets: ["0706"] }]);
    expect(r.value.position.attacks[1]).toMatchObject({ resolved: true });
    expect(r.value.position.units["G-PP1"]?.disrupted).toBe(false);
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
    expect(eventsOf(s.events, "die-rolled")[0]?.purpose).toBe("melee on 0706, 0708");
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

describe("8.11, 8.12 the events of a result cite its rule", () => {
  const declared = (unit: string, targets: string[]) => ({
    type: "attack-declared",
    kind: "melee",
    unit,
    targets,
  });

  it("[8.11] [8.2] melee D: the die (6.0), the result (8.11), the disruption (8.11), the retreat (8.2)", () => {
    const { ctx, position } = field({ "0706": ["B-EP1"], "0707": ["G-PP1"] });
    const s = playWithDice(ctx, position, [4], attack("B-EP1", "0707"), resolve("0707"));
    expect(s.events).toEqual([
      declared("B-EP1", ["0707"]),
      { type: "die-rolled", value: 4, source: "external", purpose: "melee on 0707", rule: "6.0" },
      {
        type: "combat-resolved",
        kind: "melee",
        attackers: ["B-EP1"],
        targets: ["0707"],
        defenders: ["G-PP1"],
        attack: 6,
        defence: 4,
        odds: "1-1",
        roll: 4,
        modifier: 0,
        result: "D",
        rule: "8.11",
      },
      { type: "unit-disrupted", unit: "G-PP1", hex: "0707", rule: "8.11" },
      {
        type: "unit-retreated",
        unit: "G-PP1",
        from: "0707",
        to: "0510",
        path: ["0607", "0508", "0509", "0510"],
        rule: "8.2",
      },
    ]);
  });

  it("[8.11] melee E2 eliminates both defenders, each event citing 8.11", () => {
    const { ctx, position } = field(
      { "0705": ["B-EP1", "B-EP2"], "0706": ["G-MP1", "G-MM1"] },
      { scenario: "16.22" },
    );
    // 12 against 2 (the MM adds nothing beside the MP): 5-1; a 6 is E2.
    const s = playWithDice(
      ctx,
      position,
      [6],
      attack("B-EP1", "0706"),
      attack("B-EP2", "0706"),
      resolve("0706"),
    );
    expect(eventsOf(s.events, "unit-eliminated")).toEqual([
      { type: "unit-eliminated", unit: "G-MP1", hex: "0706", rule: "8.11", reason: "E2 result of melee" },
      { type: "unit-eliminated", unit: "G-MM1", hex: "0706", rule: "8.11", reason: "E2 result of melee" },
    ]);
  });

  it("[8.12] fire: the die cites 7.0 and the result 8.12; D, E1 and E2 name their units", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1", "B-PM2"], "0306": ["G-PP1", "G-MP1", "G-PP2"] },
      { phase: "fire", scenario: "16.22" },
    );
    const one = (dice: number, ...firers: string[]) =>
      playWithDice(ctx, position, [dice], ...firers.map((f) => fire(f, "0306")), resolve("0306")).events;
    // PM 8 against 3: 2-1; a 5 is D, a 6 E1.
    const d = one(5, "B-PM1");
    expect(d.slice(1)).toEqual([
      { type: "die-rolled", value: 5, source: "external", purpose: "fire on 0306", rule: "7.0" },
      {
        type: "combat-resolved",
        kind: "fire",
        attackers: ["B-PM1"],
        targets: ["0306"],
        defenders: ["G-PP1", "G-MP1"],
        attack: 8,
        defence: 3,
        odds: "2-1",
        roll: 5,
        modifier: 0,
        result: "D",
        rule: "8.12",
      },
      { type: "unit-disrupted", unit: "G-PP1", hex: "0306", rule: "8.12" },
    ]);
    expect(one(6, "B-PM1").slice(3)).toEqual([
      { type: "unit-eliminated", unit: "G-PP1", hex: "0306", rule: "8.12", reason: "E1 result of fire" },
      { type: "unit-disrupted", unit: "G-MP1", hex: "0306", rule: "8.12" },
    ]);
    // Both PMs, 16 against 3: 5-1; a 5 is E2.
    expect(one(5, "B-PM1", "B-PM2").slice(4)).toEqual([
      { type: "unit-eliminated", unit: "G-PP1", hex: "0306", rule: "8.12", reason: "E2 result of fire" },
      { type: "unit-eliminated", unit: "G-MP1", hex: "0306", rule: "8.12", reason: "E2 result of fire" },
    ]);
  });

  it("[8.21] [15.0] artillery forced to retreat: destroyed unlimbered (8.21), or disrupted with 15.0", () => {
    const plain = field({ "0605": ["B-PP1"], "0606": ["G-MA1"] });
    // PP 4 against (1): 4-1; a 2 is D.
    const u = playWithDice(plain.ctx, plain.position, [2], attack("B-PP1", "0606"), resolve("0606"));
    expect(u.events.slice(3)).toEqual([
      {
        type: "unit-eliminated",
        unit: "G-MA1",
        hex: "0606",
        rule: "8.21",
        reason: "unlimbered artillery forced to retreat",
      },
    ]);
    const capture = field({ "0605": ["B-PP1"], "0606": ["G-MA1"] }, { optionalRules: ["artillery-capture"] });
    const c = playWithDice(capture.ctx, capture.position, [2], attack("B-PP1", "0606"), resolve("0606"));
    expect(c.events.slice(3)).toEqual([{ type: "unit-disrupted", unit: "G-MA1", hex: "0606", rule: "15.0" }]);
  });

  it("[8.3] [15.0] no effect vacates nothing: no advance onto guns that were already disrupted", () => {
    const { ctx, position } = field(
      { "0605": ["B-MP1"], "0606": ["G-MA1"] },
      { optionalRules: ["artillery-capture"], disrupted: ["G-MA1"] },
    );
    // MP 2 against (1): 2-1; a 1 (+1 for the disrupted gun) reads 2: no effect.
    const s = playWithDice(ctx, position, [1], attack("B-MP1", "0606"), resolve("0606"));
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ modifier: 1, result: "-" });
    expect(s.position.decision).toBeUndefined();
    expect(s.position.stacks["0606"]).toEqual(["G-MA1"]);
  });
});
