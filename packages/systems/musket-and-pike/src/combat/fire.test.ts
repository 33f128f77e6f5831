import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { legalActions } from "../legal.js";
import { eventsOf, field, fire, playWithDice, resolve } from "../test-support/combat.js";
import { expectRefused } from "../test-support/setup.js";
import { assessAttack } from "./assess.js";

/*
 * Test map: row 6 is open ground (0106 to 0506 is 4 hexes, to 0606 5);
 * woods 0403-0603 (0503 carries the road, FPS 2); village 0208-0309; a
 * hilltop at 0908 ringed by slopes; ploughed land 0903-1004.
 */

function assessFire(stacks: Record<string, string[]>, attackers: string[], target: string) {
  const { ctx, position } = field(stacks, { phase: "fire", scenario: "16.22" });
  const r = assessAttack(ctx, position, { kind: "fire", attackers, targets: [target] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("7.1 which units may fire", () => {
  it("[7.1A] [10.1A] only the top two units of a hex fire", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1", "B-PM2", "B-PM3"], "0306": ["G-PP1"] },
      { phase: "fire", scenario: "16.22" },
    );
    expect(apply(ctx, position, fire("B-PM2", "0306")).ok).toBe(true);
    expectRefused(apply(ctx, position, fire("B-PM3", "0306")), "7.1A", "combat/not-top-two");
  });

  it("[7.1B] fire units fire only in their own Fire Combat Phase", () => {
    const { ctx, position } = field({ "0106": ["B-PM1"], "0306": ["G-PP1"] }, { phase: "melee" });
    expectRefused(apply(ctx, position, fire("B-PM1", "0306")), "7.1B", "fire/wrong-phase");
    const theirs = field({ "0106": ["B-PM1"], "0306": ["G-PM1"] }, { phase: "fire", phasing: "second" });
    expectRefused(apply(theirs.ctx, theirs.position, fire("B-PM1", "0306")), "4.2", "combat/not-phasing");
  });

  it("[7.1C] a fire unit fires only at hexes within its Range Allowance", () => {
    const { ctx, position } = field({ "0106": ["B-MM1", "B-PM1"], "0606": ["G-PP1"] }, { phase: "fire" });
    // 0606 is five hexes away: beyond the MM's 4, within the PM's 5.
    expectRefused(apply(ctx, position, fire("B-MM1", "0606")), "7.1C", "fire/out-of-range");
    expect(apply(ctx, position, fire("B-PM1", "0606")).ok).toBe(true);
  });

  it("[3.34] only fire units fire", () => {
    const { ctx, position } = field({ "0106": ["B-PP1"], "0206": ["G-PP1"] }, { phase: "fire" });
    expectRefused(apply(ctx, position, fire("B-PP1", "0206")), "3.34", "fire/not-fire-unit");
  });

  it("[5.4L] artillery fires only unlimbered", () => {
    const { ctx, position } = field(
      { "0106": ["B-MA1"], "0406": ["G-PP1"] },
      { phase: "fire", limbered: ["B-MA1"] },
    );
    expectRefused(apply(ctx, position, fire("B-MA1", "0406")), "5.4L", "fire/limbered");
  });

  it("[7.0] fire is directed at hexes holding enemy units", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1"], "0306": ["B-PP1"], "0406": ["G-PP1"] },
      { phase: "fire" },
    );
    expectRefused(apply(ctx, position, fire("B-PM1", "0306")), "7.0", "fire/not-enemy");
    expectRefused(apply(ctx, position, fire("B-PM1", "0206")), "7.0", "fire/not-enemy");
  });
});

describe("7.2 combat allocation and resolution", () => {
  it("[7.2D] [7.4] units in different hexes at different ranges combine, each at its range's strength", () => {
    const a = assessFire(
      { "0106": ["B-MM1"], "0506": ["B-PM1"], "0406": ["G-PP1"] },
      ["B-MM1", "B-PM1"],
      "0406",
    );
    expect(a.attackers.map((l) => [l.unit, l.strength])).toEqual([
      ["B-MM1", 2],
      ["B-PM1", 8],
    ]);
    expect(a.attack).toBe(10);
    expect(a.defence).toBe(3);
    expect(a.odds).toBe("3-1");
  });

  it("[7.2D] units allocated to the same hex make one attack, resolved with one die", () => {
    const { ctx, position } = field(
      { "0106": ["B-MM1"], "0506": ["B-PM1"], "0406": ["G-PP1"] },
      { phase: "fire" },
    );
    const s = playWithDice(ctx, position, [1], fire("B-MM1", "0406"), fire("B-PM1", "0406"), resolve("0406"));
    expect(s.position.attacks).toHaveLength(1);
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({
      attack: 10,
      defence: 3,
      odds: "3-1",
      result: "D",
    });
  });

  it("[7.2E] the number of units in the target hex does not change its defence", () => {
    const one = assessFire({ "0106": ["B-PM1"], "0306": ["G-PP1"] }, ["B-PM1"], "0306");
    const three = assessFire({ "0106": ["B-PM1"], "0306": ["G-PP1", "G-PP2", "G-PP3"] }, ["B-PM1"], "0306");
    expect([three.defence, three.odds]).toEqual([one.defence, one.odds]);
  });

  it("[9.0] [5.3K] the target hex's Fire Protection Strength, the road's where a road runs", () => {
    expect(assessFire({ "0303": ["B-PM1"], "0403": ["G-PP1"] }, ["B-PM1"], "0403").defence).toBe(6); // woods
    expect(assessFire({ "0408": ["B-PM1"], "0308": ["G-PP1"] }, ["B-PM1"], "0308").defence).toBe(6); // village
    expect(assessFire({ "0804": ["B-PM1"], "0904": ["G-PP1"] }, ["B-PM1"], "0904").defence).toBe(4); // ploughed
    const road = assessFire({ "0403": ["B-PM1"], "0503": ["G-PP1"] }, ["B-PM1"], "0503"); // road through woods
    expect(road.protection).toEqual({ hex: "0503", strength: 2, rule: "5.3K" });
  });

  it("[9.0] errata: fire from higher ground meets the target hex's normal Fire Protection Strength", () => {
    const a = assessFire({ "0908": ["B-PM1"], "0608": ["G-PP1"] }, ["B-PM1"], "0608");
    expect(a.defence).toBe(3);
  });
});

describe("7.3 fire attack prohibitions and restrictions", () => {
  it("[7.3F] a fire unit fires at one hex only, once", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1"], "0306": ["G-PP1"], "0107": ["G-PP2"] },
      { phase: "fire" },
    );
    const one = apply(ctx, position, fire("B-PM1", "0306"));
    if (!one.ok) throw new Error(one.error.message);
    expectRefused(apply(ctx, one.value.position, fire("B-PM1", "0107")), "7.3F", "fire/already-allocated");
  });

  it("[7.3G] woods between the firer and the target block the line of sight", () => {
    const { ctx, position } = field({ "0303": ["B-MM1"], "0703": ["G-PP1"] }, { phase: "fire" });
    const e = expectRefused(apply(ctx, position, fire("B-MM1", "0703")), "7.3G", "fire/line-of-sight");
    expect(e.message).toMatch(
      /^7\.3\(G\): the line of sight from 0303 to 0703 is blocked by blocking terrain in 0[456]0[23]$/,
    );
    expect(legalActions(ctx, position)).not.toContainEqual(fire("B-MM1", "0703"));
  });

  it("[7.3G] an occupied hex between blocks; errata: not when it lies lower than the firer", () => {
    const level = field({ "0106": ["B-PM1"], "0306": ["G-PP2"], "0506": ["G-PP1"] }, { phase: "fire" });
    expectRefused(apply(level.ctx, level.position, fire("B-PM1", "0506")), "7.3G");
    expect(apply(level.ctx, level.position, fire("B-PM1", "0306")).ok).toBe(true);
    const hill = field({ "0908": ["B-PM1"], "0708": ["B-PP1"], "0508": ["G-PP1"] }, { phase: "fire" });
    expect(apply(hill.ctx, hill.position, fire("B-PM1", "0508")).ok).toBe(true);
  });
});

describe("8.12 fire combat results", () => {
  // PM at 1-2 hexes (8) against clear ground (3): 2-1; a 2 gives D, a 5 E1. 5-1 needs 15: PM + MA.
  it("[8.12] D: the top unit is disrupted, not retreated, and goes to the bottom of the stack", () => {
    const { ctx, position } = field({ "0106": ["B-PM1"], "0306": ["G-PP1", "G-MP1"] }, { phase: "fire" });
    const s = playWithDice(ctx, position, [2], fire("B-PM1", "0306"), resolve("0306"));
    expect(eventsOf(s.events, "combat-resolved")[0]?.result).toBe("D");
    expect(s.position.stacks["0306"]).toEqual(["G-MP1", "G-PP1"]);
    expect(s.position.units["G-PP1"]?.disrupted).toBe(true);
    expect(s.position.units["G-MP1"]?.disrupted).toBe(false);
  });

  it("[8.12] E1: the top unit is eliminated, the second disrupted (to the bottom), the third unaffected", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1"], "0306": ["G-PP1", "G-MP1", "G-EP1"] },
      { phase: "fire", scenario: "16.22" },
    );
    const s = playWithDice(ctx, position, [6], fire("B-PM1", "0306"), resolve("0306"));
    expect(eventsOf(s.events, "combat-resolved")[0]?.result).toBe("E1");
    expect(s.position.offMap["G-PP1"]).toBe("eliminated");
    expect(s.position.stacks["0306"]).toEqual(["G-EP1", "G-MP1"]);
    expect(s.position.units["G-MP1"]?.disrupted).toBe(true);
    expect(s.position.units["G-EP1"]?.disrupted).toBe(false);
  });

  it("[8.12] E2: the two top units are eliminated, a third is unaffected", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1", "B-MA1"], "0306": ["G-PP1", "G-MP1", "G-EP1"] },
      { phase: "fire", scenario: "16.22" },
    );
    // 8 + 18 = 26 against 3: 5-1; a 5 is E2.
    const s = playWithDice(ctx, position, [5], fire("B-PM1", "0306"), fire("B-MA1", "0306"), resolve("0306"));
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ odds: "5-1", result: "E2" });
    expect(s.position.stacks["0306"]).toEqual(["G-EP1"]);
    expect(eventsOf(s.events, "unit-eliminated").map((e) => e.unit)).toEqual(["G-PP1", "G-MP1"]);
  });

  it("[8.12] [8.4] a disrupted unit disrupted again by fire is eliminated", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1"], "0306": ["G-PP1"] },
      { phase: "fire", disrupted: ["G-PP1"] },
    );
    // 2-1 with +1 for the disrupted unit: a 1 reads as 2, D.
    const s = playWithDice(ctx, position, [1], fire("B-PM1", "0306"), resolve("0306"));
    expect(eventsOf(s.events, "combat-resolved")[0]).toMatchObject({ roll: 1, modifier: 1, result: "D" });
    expect(s.position.offMap["G-PP1"]).toBe("eliminated");
  });

  it("[8.1] results affect only the defending units, never the attacker's", () => {
    const { ctx, position } = field({ "0106": ["B-PM1"], "0306": ["G-PP1"] }, { phase: "fire" });
    const s = playWithDice(ctx, position, [6], fire("B-PM1", "0306"), resolve("0306"));
    expect(s.position.units["B-PM1"]).toEqual(position.units["B-PM1"]);
    expect(s.position.stacks["0106"]).toEqual(["B-PM1"]);
  });
});
