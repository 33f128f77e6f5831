import { describe, expect, it } from "vitest";
import { apply } from "./apply.js";
import { attack, endPhase, eventsOf, field, fire, playWithDice, resolve } from "./test-support/combat.js";
import { expectRefused, setup, testMapCatalog } from "./test-support/setup.js";

describe("8.4 effects of disruption", () => {
  it("[8.4] disrupted units may not move, fire or melee", () => {
    const melee = field({ "0605": ["B-EP1"], "0606": ["G-PP1"] }, { disrupted: ["B-EP1"] });
    expectRefused(apply(melee.ctx, melee.position, attack("B-EP1", "0606")), "8.4", "combat/disrupted");
    const shot = field({ "0106": ["B-PM1"], "0306": ["G-PP1"] }, { phase: "fire", disrupted: ["B-PM1"] });
    expectRefused(apply(shot.ctx, shot.position, fire("B-PM1", "0306")), "8.4", "combat/disrupted");
    const moving = field({ "0106": ["B-PM1"] }, { phase: "movement", disrupted: ["B-PM1"] });
    expectRefused(
      apply(moving.ctx, moving.position, { type: "move", unit: "B-PM1", steps: ["0206"] }),
      "8.4",
      "move/disrupted",
    );
  });

  it("[8.4] at the end of his Player-Turn a player's infantry and cavalry recover; the enemy's do not", () => {
    const { ctx, position } = field(
      { "0106": ["B-PP1"], "0108": ["B-HC1"], "1106": ["G-PP1"] },
      { disrupted: ["B-PP1", "B-HC1", "G-PP1"] },
    );
    const s = playWithDice(ctx, position, [], endPhase);
    expect(s.position.units["B-PP1"]?.disrupted).toBe(false);
    expect(s.position.units["B-HC1"]?.disrupted).toBe(false);
    expect(s.position.units["G-PP1"]?.disrupted).toBe(true);
    expect(eventsOf(s.events, "unit-recovered").map((e) => e.unit)).toEqual(["B-HC1", "B-PP1"]);
    expect(s.position).toMatchObject({ phasing: "second", phase: "fire" });
  });

  it("[8.4] each disrupted artillery unit, limbered or not, recovers only on a roll of 1 or 2", () => {
    const { ctx, position } = field(
      { "0106": ["B-MA1"], "0108": ["B-MA2"], "0110": ["B-LA1"], "1106": ["G-PP1"] },
      { disrupted: ["B-MA1", "B-MA2", "B-LA1"], limbered: ["B-MA2"] },
    );
    // Rolled in unit-id order: B-LA1 3 (stays), B-MA1 2 (recovers), B-MA2 1 (recovers).
    const s = playWithDice(ctx, position, [3, 2, 1], endPhase);
    expect(eventsOf(s.events, "die-rolled").map((e) => [e.purpose, e.value, e.rule])).toEqual([
      ["recovery of B-LA1", 3, "8.4"],
      ["recovery of B-MA1", 2, "8.4"],
      ["recovery of B-MA2", 1, "8.4"],
    ]);
    // Each roll is logged before what it decides.
    const log = s.events.filter((e) => e.type === "die-rolled" || e.type === "unit-recovered");
    expect(log.map((e) => (e.type === "die-rolled" ? e.purpose : `${e.unit} recovered`))).toEqual([
      "recovery of B-LA1",
      "recovery of B-MA1",
      "B-MA1 recovered",
      "recovery of B-MA2",
      "B-MA2 recovered",
    ]);
    expect(s.position.units["B-LA1"]?.disrupted).toBe(true);
    expect(s.position.units["B-MA1"]?.disrupted).toBe(false);
    expect(s.position.units["B-MA2"]?.disrupted).toBe(false);
  });

  it("[8.4] units disrupted in the enemy's Player-Turn stay disrupted through their own, recovering at its end", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-PP1"], "0901": ["G-MM1"] });
    // 1-1, a 4: D. The PP retreats (the First Player picks 0510) and stays disrupted into its own Player-Turn.
    let s = playWithDice(ctx, position, [4], attack("B-EP1", "0606"), resolve("0606"));
    s = playWithDice(
      ctx,
      s.position,
      [],
      { type: "retreat", unit: "G-PP1", to: "0510" },
      { type: "advance", units: [] },
      endPhase,
    );
    expect(s.position).toMatchObject({ phasing: "second", phase: "fire" });
    expect(s.position.units["G-PP1"]?.disrupted).toBe(true);
    s = playWithDice(ctx, s.position, [], endPhase, endPhase);
    expect(s.position.units["G-PP1"]?.disrupted).toBe(true);
    s = playWithDice(ctx, s.position, [], endPhase);
    expect(s.position.units["G-PP1"]?.disrupted).toBe(false);
  });
});

describe("8.4 recovery: which units, and the dice it needs", () => {
  it("[8.4] only disrupted units recover: an undisrupted unit of the owning player is not named", () => {
    const { ctx, position } = field(
      { "0106": ["B-PP1"], "0108": ["B-HC1"], "0110": ["B-MA1"], "1106": ["G-PP1"] },
      { disrupted: ["B-HC1"] },
    );
    const s = playWithDice(ctx, position, [], endPhase);
    expect(eventsOf(s.events, "unit-recovered")).toEqual([
      { type: "unit-recovered", unit: "B-HC1", rule: "8.4" },
    ]);
    expect(eventsOf(s.events, "die-rolled")).toEqual([]);
    // The recovery is all that happens between the end of the Melee Phase and of the Player-Turn.
    expect(s.events.map((e) => e.type)).toEqual([
      "phase-ended",
      "unit-recovered",
      "player-turn-ended",
      "phase-began",
    ]);
  });

  it("[8.4] an eliminated artillery unit, disrupted when it fell, is not rolled for", () => {
    // Disrupted twice, it was eliminated (8.4) and keeps its Disruption flag off the map.
    const { ctx, position } = setup(
      {
        scenario: "16.32",
        phasing: "first",
        phase: "melee",
        units: {
          "B-MA1": { side: "first", type: "MA", force: "main", disrupted: true },
          "B-MA2": { side: "first", type: "MA", force: "main", disrupted: true },
          "G-PP1": { side: "second", type: "PP", force: "main" },
        },
        stacks: { "0106": ["B-MA2"], "1106": ["G-PP1"] },
        offMap: { "B-MA1": "eliminated" },
      },
      testMapCatalog,
    );
    const s = playWithDice(ctx, position, [1], endPhase);
    expect(eventsOf(s.events, "die-rolled").map((e) => e.purpose)).toEqual(["recovery of B-MA2"]);
    expect(eventsOf(s.events, "unit-recovered").map((e) => e.unit)).toEqual(["B-MA2"]);
    expect(s.position.units["B-MA1"]?.disrupted).toBe(true);
    expect(s.position.offMap["B-MA1"]).toBe("eliminated");
  });

  it("[8.4] [8.0] a recovery roll the given dice cannot make is refused, and the Player-Turn does not end", () => {
    const { ctx, position } = field({ "0106": ["B-MA1"], "1106": ["G-PP1"] }, { disrupted: ["B-MA1"] });
    expectRefused(apply(ctx, position, endPhase, { dice: [] }), "8.0", "dice/exhausted");
  });
});

describe("die rolls", () => {
  it("[8.0] dice may be given from outside, in order; too few is refused and changes nothing", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-PP1"] });
    const declared = playWithDice(ctx, position, [], attack("B-EP1", "0606"));
    expectRefused(apply(ctx, declared.position, resolve("0606"), { dice: [] }), "8.0", "dice/exhausted");
    expectRefused(apply(ctx, declared.position, resolve("0606"), { dice: [7] }), "8.0", "dice/invalid");
    const given = apply(ctx, declared.position, resolve("0606"), { dice: [4] });
    expect(given.ok && given.value.diceUsed).toBe(1);
    expect(given.ok && given.value.position.prng).toBe(declared.position.prng);
    expect(given.ok && eventsOf(given.value.events, "die-rolled")[0]).toMatchObject({
      value: 4,
      source: "external",
    });
  });

  it("[8.0] otherwise the position's seeded PRNG rolls: the same position and action give the same roll", () => {
    const { ctx, position } = field({ "0605": ["B-EP1"], "0606": ["G-PP1"] });
    const declared = playWithDice(ctx, position, [], attack("B-EP1", "0606"));
    const a = apply(ctx, declared.position, resolve("0606"));
    const b = apply(ctx, declared.position, resolve("0606"));
    if (!a.ok || !b.ok) throw new Error("refused");
    expect(a.value).toEqual(b.value);
    expect(a.value.position.prng).not.toBe(declared.position.prng);
    expect(eventsOf(a.value.events, "die-rolled")[0]).toMatchObject({ source: "prng", rule: "6.0" });
  });
});
