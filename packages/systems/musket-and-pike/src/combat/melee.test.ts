import { describe, expect, it } from "vitest";
import { apply } from "../apply.js";
import { attack, endPhase, eventsOf, field, playWithDice, resolve } from "../test-support/combat.js";
import { expectRefused } from "../test-support/setup.js";
import { assessAttack } from "./assess.js";
import { oddsColumn } from "./odds.js";

/*
 * The test map around 0707 (clear): N 0706, NE 0806, SE 0807 (slope),
 * S 0708, SW 0607, NW 0606. 0908 is a hilltop ringed by slopes; 0208-0309
 * a village; 0403-0603 woods; 0903-1004 ploughed land.
 */

function assess(
  stacks: Record<string, string[]>,
  attackers: string[],
  targets: string[],
  disrupted: string[] = [],
) {
  const { ctx, position } = field(stacks, { disrupted });
  const r = assessAttack(ctx, position, { kind: "melee", attackers, targets });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("6.1 which units may attack and defend", () => {
  it("[6.1A] only the top two units of a hex attack out of it", () => {
    const { ctx, position } = field(
      { "0706": ["B-PP1", "B-PP2", "B-PP3"], "0707": ["G-PP1"] },
      { scenario: "16.22" },
    );
    expect(apply(ctx, position, attack("B-PP1", "0707")).ok).toBe(true);
    expectRefused(apply(ctx, position, attack("B-PP3", "0707")), "6.1A", "combat/not-top-two");
  });

  it("[6.1A] [10.1A] only the top two units of an attacked hex defend, and both must", () => {
    const a = assess({ "0706": ["B-EP1"], "0707": ["G-PP1", "G-MP1", "G-EP1"] }, ["B-EP1"], ["0707"]);
    expect(a.defenders.map((d) => d.unit)).toEqual(["G-PP1", "G-MP1"]);
    expect(a.defence).toBe(6);
  });

  it("[6.1B] a unit attacks once per phase and a hex is attacked once", () => {
    const { ctx, position } = field({
      "0706": ["B-PP1"],
      "0606": ["B-PP2"],
      "0707": ["G-PP1"],
      "0607": ["G-PP2"],
    });
    const one = apply(ctx, position, attack("B-PP2", "0707"));
    if (!one.ok) throw new Error(one.error.message);
    expectRefused(apply(ctx, one.value.position, attack("B-PP2", "0607")), "6.1B", "melee/already-allocated");
    // B-PP1 may join the attack on 0707 (6.2C) but may not attack 0707 together with another hex.
    expect(apply(ctx, one.value.position, attack("B-PP1", "0707")).ok).toBe(true);
    expectRefused(
      apply(ctx, one.value.position, attack("B-PP2", "0707", "0606")),
      "6.1B",
      "melee/already-allocated",
    );
  });

  it("[6.1B] a unit that has defended is not attacked again in the same phase", () => {
    // G-PP1 defends 0707, is disrupted and retreats; it cannot be the object of the second attack.
    const { ctx, position } = field({ "0706": ["B-EP1"], "0705": ["G-MP1"], "0707": ["G-PP1"] });
    const r = assessAttack(
      ctx,
      {
        ...position,
        attacks: [
          {
            kind: "melee",
            attackers: ["B-EP1"],
            targets: ["0707"],
            resolved: true,
            defenders: ["G-PP1", "G-MP1"],
          },
        ],
      },
      {
        kind: "melee",
        attackers: ["B-EP1"],
        targets: ["0705"],
      },
    );
    expectRefused(r, "6.1B", "melee/no-defenders");
  });
});

describe("6.2 multiple unit and multi-hex combat", () => {
  it("[6.2C] units in different hexes adjacent to the defender combine their strengths", () => {
    const a = assess(
      { "0706": ["B-PP1"], "0806": ["B-MP1"], "0607": ["B-EP1"], "0707": ["G-PP1"] },
      ["B-PP1", "B-MP1"],
      ["0707"],
    );
    expect(a.attack).toBe(6);
    expect(a.odds).toBe("1-1");
  });

  it("[6.2D] units stacked together defend with one combined strength", () => {
    const a = assess({ "0706": ["B-EP1"], "0707": ["G-PP1", "G-MP1"] }, ["B-EP1"], ["0707"]);
    expect(a.defence).toBe(6);
    expect(a.odds).toBe("1-1");
  });

  it("[6.2E] units of one stack may attack different hexes, but no more than two attack out of a hex", () => {
    const { ctx, position } = field(
      { "0707": ["B-PP1", "B-MP1", "B-EP1"], "0706": ["G-PP1"], "0708": ["G-PP2"] },
      { scenario: "16.22" },
    );
    const one = apply(ctx, position, attack("B-PP1", "0706"));
    if (!one.ok) throw new Error(one.error.message);
    const two = apply(ctx, one.value.position, attack("B-MP1", "0708"));
    expect(two.ok).toBe(true);
    expectRefused(apply(ctx, one.value.position, attack("B-EP1", "0708")), "6.1A", "combat/not-top-two");
  });

  it("[6.2F] one attack on several adjacent hexes combines their defenders", () => {
    const a = assess(
      { "0707": ["B-EP1", "B-PP1"], "0706": ["G-PP1"], "0708": ["G-MP1"] },
      ["B-EP1", "B-PP1"],
      ["0706", "0708"],
    );
    expect(a.defence).toBe(6);
    expect(a.attack).toBe(10);
    expect(a.odds).toBe("1-1");
  });

  it("[6.2F] an attack on several hexes is made out of a single hex", () => {
    const { ctx, position } = field({
      "0707": ["B-EP1"],
      "0605": ["B-PP1"],
      "0706": ["G-PP1"],
      "0606": ["G-MP1"],
    });
    const one = apply(ctx, position, attack("B-EP1", "0706", "0606"));
    if (!one.ok) throw new Error(one.error.message);
    expectRefused(apply(ctx, one.value.position, attack("B-PP1", "0706", "0606")), "6.2F");
  });

  it("[6.2F] a resolved multi-hex attack applies the result in each attacked hex", () => {
    const { ctx, position } = field({ "0707": ["B-EP1", "B-EP2"], "0706": ["G-MP1"], "0708": ["G-MP2"] });
    // 12 to 4: 3-1; a 6 gives E1 in each hex.
    const s = playWithDice(
      ctx,
      position,
      [6],
      attack("B-EP1", "0706", "0708"),
      attack("B-EP2", "0706", "0708"),
      resolve("0706"),
    );
    expect(
      eventsOf(s.events, "unit-eliminated")
        .map((e) => e.unit)
        .sort(),
    ).toEqual(["G-MP1", "G-MP2"]);
  });
});

describe("6.3 combat resolution", () => {
  it("[6.3H] odds are rounded in the defender's favour: 26 to 9 is 2-1", () => {
    expect(oddsColumn(26, 9)).toBe("2-1");
    expect(oddsColumn(4, 9)).toBe("1-3");
    expect(oddsColumn(9, 9)).toBe("1-1");
    expect(oddsColumn(8.5, 9)).toBe("1-2");
  });

  it("[6.3H] an attack of 26 against 9 is resolved on the 2-1 column", () => {
    // Three SC (8 each) and an LC (2) from two hexes against an HC (5) and a PP (4).
    const a = assess(
      { "0706": ["B-SC1", "B-SC2"], "0806": ["B-SC3", "B-LC1"], "0707": ["G-HC1", "G-PP1"] },
      ["B-SC1", "B-SC2", "B-SC3", "B-LC1"],
      ["0707"],
    );
    expect([a.attack, a.defence, a.odds]).toEqual([26, 9, "2-1"]);
  });

  it("[6.3G] every attack is allocated first, then resolved one at a time in the attacker's order", () => {
    const { ctx, position } = field({
      "0706": ["B-EP1"],
      "0708": ["B-EP2"],
      "0606": ["G-MP1"],
      "0807": ["G-MP2"],
    });
    const s = playWithDice(
      ctx,
      position,
      [1],
      attack("B-EP1", "0606"),
      attack("B-EP2", "0807"),
      resolve("0807"),
    );
    // Once one attack is resolved no more may be allocated (6.0 procedure), and the phase cannot end before the rest are resolved.
    expectRefused(
      apply(ctx, s.position, { type: "withdraw", unit: "B-EP1" }),
      "6.0",
      "melee/allocation-closed",
    );
    expectRefused(apply(ctx, s.position, endPhase), "6.3G", "combat/unresolved");
    const done = playWithDice(ctx, s.position, [1], resolve("0606"));
    expect(apply(ctx, done.position, endPhase).ok).toBe(true);
  });
});

describe("6.4 melee attack prohibitions", () => {
  it("[6.4J] a unit's strength is never split between attacks", () => {
    const { ctx, position } = field({ "0707": ["B-EP1"], "0706": ["G-PP1"], "0708": ["G-MP1"] });
    const one = apply(ctx, position, attack("B-EP1", "0706"));
    if (!one.ok) throw new Error(one.error.message);
    expectRefused(apply(ctx, one.value.position, attack("B-EP1", "0708")), "6.1B", "melee/already-allocated");
  });

  it("[6.4K] stacked infantry and cavalry may not attack the same hex, but may attack different ones", () => {
    const { ctx, position } = field({ "0707": ["B-PP1", "B-HC1"], "0706": ["G-PP1"], "0708": ["G-MP1"] });
    const one = apply(ctx, position, attack("B-PP1", "0706"));
    if (!one.ok) throw new Error(one.error.message);
    expectRefused(apply(ctx, one.value.position, attack("B-HC1", "0706")), "6.4K", "melee/mixed-stack");
    expect(apply(ctx, one.value.position, attack("B-HC1", "0708")).ok).toBe(true);
  });
});

describe("6.5 flanking attacks", () => {
  it("[6.5L] diagram 1: attackers on opposite sides of the defender flank it, doubling 2+2 to 8 against 4 (2-1)", () => {
    const a = assess(
      { "0706": ["B-MP1"], "0708": ["B-MP2"], "0707": ["G-PP1"] },
      ["B-MP1", "B-MP2"],
      ["0707"],
    );
    expect(a.notes.map((n) => n.rule)).toContain("6.5L");
    expect(a.attack).toBe(8);
    expect(a.defence).toBe(4);
    expect(a.odds).toBe("2-1");
  });

  it("[6.5L] diagram 2: attackers around the defender, in every other hex, flank it", () => {
    const a = assess(
      { "0706": ["B-MP1"], "0807": ["B-MP2"], "0607": ["B-MP3"], "0707": ["G-PP1"] },
      ["B-MP1", "B-MP2", "B-MP3"],
      ["0707"],
    );
    expect(a.attack).toBe(12);
    expect(a.attackers.every((l) => l.modifiers.some((m) => m.rule === "6.5L"))).toBe(true);
  });

  it("[6.5L] attackers that leave a hex around the defender neither occupied nor adjacent do not flank", () => {
    const a = assess(
      { "0706": ["B-MP1"], "0806": ["B-MP2"], "0707": ["G-PP1"] },
      ["B-MP1", "B-MP2"],
      ["0707"],
    );
    expect(a.notes.map((n) => n.rule)).not.toContain("6.5L");
    expect(a.attack).toBe(4);
  });

  it("[6.5L] only the units in the attack count: a friendly unit not attacking does not close the ring", () => {
    const a = assess({ "0706": ["B-MP1"], "0708": ["B-MP2"], "0707": ["G-PP1"] }, ["B-MP1"], ["0707"]);
    expect(a.attack).toBe(2);
  });
});

describe("6.6 parenthesised combat strengths (with the errata)", () => {
  it("[6.6N] a unit with a parenthesised strength may not attack", () => {
    const { ctx, position } = field({ "0706": ["B-PM1"], "0707": ["G-PP1"] });
    expectRefused(apply(ctx, position, attack("B-PM1", "0707")), "6.6N", "melee/parenthesised");
  });

  it("[6.6N] errata: parenthesised units defending on their own use their parenthesised strengths", () => {
    const a = assess({ "0706": ["B-PP1"], "0707": ["G-MM1", "G-PM1"] }, ["B-PP1"], ["0707"]);
    expect(a.defence).toBe(2);
    expect(a.odds).toBe("2-1");
  });

  it("[6.6N] errata: with an unparenthesised unit, the parenthesised strength adds nothing", () => {
    const a = assess({ "0706": ["B-PP1"], "0707": ["G-MM1", "G-MP1"] }, ["B-PP1"], ["0707"]);
    expect(a.defenders.find((d) => d.unit === "G-MM1")?.strength).toBe(0);
    expect(a.defence).toBe(2);
  });
});

describe("16.51 Killiecrankie: the plug bayonet", () => {
  it("[16.51] English PM have a Melee Strength of (3): used alone, worth nothing beside pikes, never attacking", () => {
    const alone = field({ "0706": ["B-EP1"], "0707": ["G-PM1"] }, { scenario: "16.51" });
    const a = assessAttack(alone.ctx, alone.position, {
      kind: "melee",
      attackers: ["B-EP1"],
      targets: ["0707"],
    });
    expect(a.ok && [a.value.defence, a.value.odds]).toEqual([3, "2-1"]);
    const mixed = field({ "0706": ["B-EP1"], "0707": ["G-PM1", "G-PP1"] }, { scenario: "16.51" });
    const m = assessAttack(mixed.ctx, mixed.position, {
      kind: "melee",
      attackers: ["B-EP1"],
      targets: ["0707"],
    });
    expect(m.ok && m.value.defence).toBe(4);
    const theirs = field({ "0706": ["B-EP1"], "0707": ["G-PM1"] }, { scenario: "16.51", phasing: "second" });
    expectRefused(apply(theirs.ctx, theirs.position, attack("G-PM1", "0706")), "6.6N", "melee/parenthesised");
  });
});

describe("9.0 terrain effects on melee", () => {
  it("[9.0] [6.5M] defenders in a village or woods are doubled", () => {
    const village = assess({ "0408": ["B-SC1"], "0308": ["G-PP1"] }, ["B-SC1"], ["0308"]);
    expect(village.defence).toBe(8);
    const woods = assess({ "0304": ["B-EP1"], "0403": ["G-PP1"] }, ["B-EP1"], ["0403"]);
    expect(woods.defence).toBe(8);
  });

  it("[9.0] cavalry attacking units in ploughed land are halved, infantry are not", () => {
    const a = assess({ "0804": ["B-SC1", "B-SC2"], "0904": ["G-PP1"] }, ["B-SC1", "B-SC2"], ["0904"]);
    expect(a.attack).toBe(8);
    expect(a.attackers[0]?.modifiers.map((m) => m.rule)).toEqual(["9.0"]);
    const b = assess({ "0804": ["B-EP1"], "0904": ["G-PP1"] }, ["B-EP1"], ["0904"]);
    expect(b.attack).toBe(6);
  });

  it("[9.0] defenders on a slope or hilltop attacked from below are doubled", () => {
    const slope = assess({ "0707": ["B-EP1"], "0807": ["G-PP1"] }, ["B-EP1"], ["0807"]);
    expect(slope.defence).toBe(8);
    const hill = assess({ "0907": ["B-EP1"], "0908": ["G-PP1"] }, ["B-EP1"], ["0908"]);
    expect(hill.defence).toBe(8);
  });

  it("[9.0] errata: any attacker attacking downhill cancels the doubling, even beside one attacking uphill", () => {
    const down = assess({ "0908": ["B-EP1"], "0807": ["G-PP1"] }, ["B-EP1"], ["0807"]);
    expect(down.defence).toBe(4);
    const mixed = assess(
      { "0908": ["B-EP1"], "0707": ["B-EP2"], "0807": ["G-PP1"] },
      ["B-EP1", "B-EP2"],
      ["0807"],
    );
    expect(mixed.defence).toBe(4);
    expect(mixed.notes.some((n) => n.rule === "9.0" && n.text.includes("downhill"))).toBe(true);
  });
});

describe("8.1 odds limits and the disrupted-defender modifier", () => {
  it("[8.1] odds above 5-1 are 5-1 and below 1-4 are 1-4", () => {
    expect(assess({ "0706": ["B-SC1", "B-SC2"], "0707": ["G-MM1"] }, ["B-SC1", "B-SC2"], ["0707"]).odds).toBe(
      "5-1",
    );
    expect(assess({ "0706": ["B-MP1"], "0707": ["G-EP1", "G-EP2"] }, ["B-MP1"], ["0707"]).odds).toBe("1-4");
  });

  it("[8.4] the attacker adds one to the die where the attacked hex holds a disrupted unit", () => {
    const a = assess({ "0706": ["B-PP1"], "0707": ["G-PP1", "G-MP1"] }, ["B-PP1"], ["0707"], ["G-MP1"]);
    expect(a.dieModifier).toBe(1);
    // 4 to 6 is 1-2; a roll of 4 reads as 5 on the table: D.
    const { ctx, position } = field(
      { "0706": ["B-PP1"], "0707": ["G-PP1", "G-MP1"] },
      { disrupted: ["G-MP1"] },
    );
    const s = playWithDice(ctx, position, [4], attack("B-PP1", "0707"), resolve("0707"));
    const r = eventsOf(s.events, "combat-resolved")[0];
    expect(r).toMatchObject({ odds: "1-2", roll: 4, modifier: 1, result: "D" });
  });

  it("[8.1] the odds preview gives the exact chance of each result", () => {
    const a = assess({ "0706": ["B-PP1"], "0707": ["G-PP1"] }, ["B-PP1"], ["0707"]);
    expect(a.odds).toBe("1-1");
    // 1-1 melee: rolls 1-3 no effect, 4-6 D.
    expect(a.outcomes.map((o) => [o.result, o.sixths])).toEqual([
      ["-", 3],
      ["D", 3],
      ["E1", 0],
      ["E2", 0],
    ]);
    expect(a.outcomes.reduce((t, o) => t + o.probability, 0)).toBeCloseTo(1, 12);
  });
});
