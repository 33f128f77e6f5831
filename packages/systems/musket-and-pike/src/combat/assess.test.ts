import { describe, expect, it } from "vitest";
import type { GameContext } from "../context.js";
import type { Position } from "../state/position.js";
import { field } from "../test-support/combat.js";
import { expectRefused } from "../test-support/setup.js";
import { type AttackSpec, assessAttack, attackError } from "./assess.js";
import { sharedOutcomes } from "./odds.js";

/*
 * The weighing of an attack (assess.ts): each strength with the rule behind
 * it. Test map: row 6 open ground; a village 0208-0309; woods 0403-0603
 * with the road down column 05 (0503 in the woods); a hilltop at 0908
 * ringed by slopes (0807 among them); ploughed land 0903-1004.
 */

function weigh(ctx: GameContext, position: Position, spec: AttackSpec) {
  const r = assessAttack(ctx, position, spec);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("the checks of an attack (6.0, 6.2F, 6.4J, 6.4K, 6.1B, 7.3F)", () => {
  const { ctx, position } = field({
    "0706": ["B-PP1", "B-HC1"],
    "0606": ["B-PP2"],
    "0707": ["G-PP1"],
    "0607": ["G-PP2"],
    "0605": ["G-PP3"],
  });

  it("[6.0] an attack needs attackers and a target hex", () => {
    expect(attackError(ctx, position, { kind: "melee", attackers: [], targets: ["0707"] })).toEqual({
      code: "combat/no-attackers",
      rule: "6.0",
      message: "6.0: an attack needs attackers",
    });
    expect(attackError(ctx, position, { kind: "melee", attackers: ["B-PP1"], targets: [] })).toEqual({
      code: "combat/no-target",
      rule: "6.0",
      message: "6.0: an attack needs a target hex",
    });
  });

  it("[6.4J] a unit listed twice among the attackers is refused", () => {
    expect(
      attackError(ctx, position, { kind: "melee", attackers: ["B-PP1", "B-PP1"], targets: ["0707"] }),
    ).toEqual({
      code: "combat/repeated-attacker",
      rule: "6.4J",
      message: "6.4(J): a unit is listed twice among the attackers",
    });
  });

  it("[6.2F] an attack on several hexes out of two hexes is refused", () => {
    expect(
      attackError(ctx, position, { kind: "melee", attackers: ["B-PP1", "B-PP2"], targets: ["0707", "0605"] }),
    ).toEqual({
      code: "melee/multi-hex-from-one-hex",
      rule: "6.2F",
      message: "6.2(F): an attack on several hexes is made by units in a single hex",
    });
    // Out of a single hex, and on a single hex out of two, it may be made.
    expect(
      attackError(ctx, position, { kind: "melee", attackers: ["B-PP2"], targets: ["0707", "0607"] }),
    ).toBe(undefined);
    expect(
      attackError(ctx, position, { kind: "melee", attackers: ["B-PP1", "B-PP2"], targets: ["0707"] }),
    ).toBe(undefined);
  });

  it("[6.4K] the refusal of a mixed stack names both units, their classes and their hex", () => {
    expect(
      attackError(ctx, position, { kind: "melee", attackers: ["B-PP1", "B-HC1"], targets: ["0707"] }),
    ).toEqual({
      code: "melee/mixed-stack",
      rule: "6.4K",
      message:
        "6.4(K): B-PP1 (infantry) and B-HC1 (cavalry) attack out of 0706 through the same hexside; stacked attackers must be all infantry or all cavalry",
      unit: "B-PP1",
      hex: "0706",
    });
    // Infantry and cavalry out of different hexes may combine.
    const apart = field({ "0706": ["B-PP1"], "0606": ["B-HC1"], "0707": ["G-PP1"] });
    expect(
      attackError(apart.ctx, apart.position, {
        kind: "melee",
        attackers: ["B-PP1", "B-HC1"],
        targets: ["0707"],
      }),
    ).toBe(undefined);
  });

  it("[6.1B] an attack on units every one of which has been attacked is refused", () => {
    const defended = new Set(["G-PP1"]);
    expect(
      attackError(ctx, position, { kind: "melee", attackers: ["B-PP2"], targets: ["0707"] }, defended),
    ).toEqual({
      code: "melee/no-defenders",
      rule: "6.1B",
      message: "6.1(B): every unit in the attacked hexes has already been attacked this phase",
    });
    // One hex of two still holding a unit not yet attacked: the attack may be made.
    expect(
      attackError(
        ctx,
        position,
        { kind: "melee", attackers: ["B-PP2"], targets: ["0707", "0607"] },
        defended,
      ),
    ).toBe(undefined);
  });

  it("[7.3F] a fire attack on two hexes, or none, is refused", () => {
    const f = field({ "0106": ["B-PM1"], "0306": ["G-PP1"], "0307": ["G-PP2"] }, { phase: "fire" });
    const one = {
      code: "fire/one-hex",
      rule: "7.3F",
      message: "7.3(F): a fire attack is made on a single hex",
    };
    expect(
      attackError(f.ctx, f.position, { kind: "fire", attackers: ["B-PM1"], targets: ["0306", "0307"] }),
    ).toEqual(one);
    expectRefused(
      assessAttack(f.ctx, f.position, { kind: "fire", attackers: ["B-PM1"], targets: ["0306", "0307"] }),
      "7.3F",
      "fire/one-hex",
    );
  });
});

describe("fire: the strengths and the target's protection (7.4, 9.0, 12.3F, 13.0F, 8.4)", () => {
  it("[7.4] [9.0] a fire attack in open ground: the full strength against the hex's protection", () => {
    const { ctx, position } = field(
      { "0106": ["B-PM1"], "0306": ["G-PP1", "G-MP1", "G-PP2"] },
      { phase: "fire" },
    );
    const a = weigh(ctx, position, { kind: "fire", attackers: ["B-PM1"], targets: ["0306"] });
    expect({ ...a, outcomes: undefined }).toEqual({
      kind: "fire",
      targets: ["0306"],
      attackers: [{ unit: "B-PM1", hex: "0106", printed: 8, strength: 8, modifiers: [] }],
      defenders: [],
      protection: { hex: "0306", strength: 3, rule: "9.0" },
      // 8.12: fire results fall on the top two units.
      affected: ["G-PP1", "G-MP1"],
      attack: 8,
      defence: 3,
      odds: "2-1",
      notes: [],
      dieModifier: 0,
      outcomes: undefined,
    });
    expect(a.outcomes).toEqual(sharedOutcomes(ctx.rules, "fire", "2-1", 0));
  });

  it("[7.4] [12.3F] [8.4] at long range, at a square holding a disrupted unit", () => {
    const { ctx, position } = field(
      { "0106": ["B-MM1"], "0506": ["B-PM1"], "0406": ["G-PP1", "G-MP1"] },
      { phase: "fire", disrupted: ["G-MP1"], optionalRules: ["infantry-squares"] },
    );
    const square = { ...position, squares: ["0406"] };
    const a = weigh(ctx, square, { kind: "fire", attackers: ["B-MM1", "B-PM1"], targets: ["0406"] });
    expect(a.attackers).toEqual([
      {
        unit: "B-MM1",
        hex: "0106",
        printed: 4,
        strength: 4,
        modifiers: [
          { rule: "7.4", text: "2 at a range of 3" },
          { rule: "12.3F", text: "firing at a square: doubled" },
        ],
      },
      {
        unit: "B-PM1",
        hex: "0506",
        printed: 8,
        strength: 16,
        modifiers: [{ rule: "12.3F", text: "firing at a square: doubled" }],
      },
    ]);
    expect(a.notes).toEqual([{ rule: "8.4", text: "0406 holds a disrupted unit: +1 to the die" }]);
    expect([a.attack, a.defence, a.odds, a.dieModifier]).toEqual([20, 3, "5-1", 1]);
    expect(a.outcomes).toEqual(sharedOutcomes(ctx.rules, "fire", "5-1", 1));
  });
});

describe("fire at a unit in Road Movement Mode (13.0F)", () => {
  it("[13.0F] [5.3K] the road's protection is halved, under rule 13.0F", () => {
    const { ctx, position } = field(
      { "0508": ["B-PM1"], "0506": ["G-PP1"] },
      { optionalRules: ["road-movement"], phase: "fire", roadMode: ["G-PP1"] },
    );
    const a = weigh(ctx, position, { kind: "fire", attackers: ["B-PM1"], targets: ["0506"] });
    expect(a.protection).toEqual({ hex: "0506", strength: 1, rule: "13.0F" });
    expect(a.defence).toBe(1);
    const off = field(
      { "0508": ["B-PM1"], "0506": ["G-PP1"] },
      { optionalRules: ["road-movement"], phase: "fire" },
    );
    expect(
      weigh(off.ctx, off.position, { kind: "fire", attackers: ["B-PM1"], targets: ["0506"] }).protection,
    ).toEqual({ hex: "0506", strength: 2, rule: "5.3K" });
  });
});

describe("melee: the strengths of attackers and defenders (6.5L, 6.6N, 9.0, 12.0, 13.0F, 8.4)", () => {
  it("[9.0] [6.5L] cavalry flanking a unit in ploughed land: halved, then doubled", () => {
    const { ctx, position } = field({ "1003": ["B-SC1"], "0804": ["B-SC2"], "0904": ["G-PP1"] });
    const a = weigh(ctx, position, { kind: "melee", attackers: ["B-SC1", "B-SC2"], targets: ["0904"] });
    const modifiers = [
      { rule: "9.0", text: "cavalry attacking units in ploughed land: halved" },
      { rule: "6.5L", text: "flank attack: doubled" },
    ];
    expect({ ...a, outcomes: undefined }).toEqual({
      kind: "melee",
      targets: ["0904"],
      attackers: [
        { unit: "B-SC1", hex: "1003", printed: 8, strength: 8, modifiers },
        { unit: "B-SC2", hex: "0804", printed: 8, strength: 8, modifiers },
      ],
      defenders: [{ unit: "G-PP1", hex: "0904", printed: 4, strength: 4, modifiers: [] }],
      affected: ["G-PP1"],
      attack: 16,
      defence: 4,
      odds: "4-1",
      notes: [{ rule: "6.5L", text: "flank attack: the attackers' strengths are doubled" }],
      dieModifier: 0,
      outcomes: undefined,
    });
    expect(a.outcomes).toEqual(sharedOutcomes(ctx.rules, "melee", "4-1", 0));
  });

  it("[9.0] [6.6N] [8.4] in a village: the pikes doubled, the parenthesised musket 0 and not doubled", () => {
    const { ctx, position } = field(
      { "0408": ["B-EP1"], "0308": ["G-PP1", "G-PM1"] },
      { disrupted: ["G-PM1"] },
    );
    const a = weigh(ctx, position, { kind: "melee", attackers: ["B-EP1"], targets: ["0308"] });
    expect(a.defenders).toEqual([
      {
        unit: "G-PP1",
        hex: "0308",
        printed: 4,
        strength: 8,
        modifiers: [{ rule: "9.0", text: "village: doubled in defence" }],
      },
      {
        unit: "G-PM1",
        hex: "0308",
        printed: 1,
        strength: 0,
        modifiers: [{ rule: "6.6N", text: "parenthesised, defending with an unparenthesised unit: 0" }],
      },
    ]);
    expect(a.notes).toEqual([{ rule: "8.4", text: "an attacked hex holds a disrupted unit: +1 to the die" }]);
    expect([a.attack, a.defence, a.odds, a.dieModifier]).toEqual([6, 8, "1-2", 1]);
    expect(a.outcomes).toEqual(sharedOutcomes(ctx.rules, "melee", "1-2", 1));
  });

  it("[13.0F] a unit in Road Mode in the woods is halved, and not doubled", () => {
    const { ctx, position } = field(
      { "0403": ["B-EP1"], "0503": ["G-PP1"] },
      { optionalRules: ["road-movement"], roadMode: ["G-PP1"] },
    );
    const a = weigh(ctx, position, { kind: "melee", attackers: ["B-EP1"], targets: ["0503"] });
    expect(a.defenders).toEqual([
      {
        unit: "G-PP1",
        hex: "0503",
        printed: 4,
        strength: 2,
        modifiers: [{ rule: "13.0F", text: "in Road Movement Mode: halved, whatever the terrain" }],
      },
    ]);
    expect(a.notes).toEqual([]);
  });

  it("[9.0] errata: attacked downhill, the note names the hex and the defenders are not doubled", () => {
    const { ctx, position } = field({ "0908": ["B-EP1"], "0707": ["B-EP2"], "0807": ["G-PP1"] });
    const a = weigh(ctx, position, { kind: "melee", attackers: ["B-EP1", "B-EP2"], targets: ["0807"] });
    expect(a.notes).toEqual([
      { rule: "6.5L", text: "flank attack: the attackers' strengths are doubled" },
      { rule: "9.0", text: "attacked downhill: the defenders of 0807 are not doubled (errata)" },
    ]);
    expect(a.defenders).toEqual([{ unit: "G-PP1", hex: "0807", printed: 4, strength: 4, modifiers: [] }]);
  });

  it("[12.0] a square ignores the flank attack, and says so", () => {
    const { ctx, position } = field(
      { "0706": ["B-MP1"], "0708": ["B-MP2"], "0707": ["G-PP1"] },
      { optionalRules: ["infantry-squares"] },
    );
    const a = weigh(
      ctx,
      { ...position, squares: ["0707"] },
      {
        kind: "melee",
        attackers: ["B-MP1", "B-MP2"],
        targets: ["0707"],
      },
    );
    expect(a.notes).toEqual([{ rule: "12.0", text: "a square ignores the flank attack" }]);
    expect(a.attackers.map((l) => [l.strength, l.modifiers])).toEqual([
      [2, []],
      [2, []],
    ]);
  });

  it("[9.0] cavalry attacking a ploughed hex and a clear one together are halved", () => {
    const { ctx, position } = field({ "0803": ["B-SC1"], "0904": ["G-PP1"], "0804": ["G-PP2"] });
    const a = weigh(ctx, position, { kind: "melee", attackers: ["B-SC1"], targets: ["0904", "0804"] });
    expect(a.attackers.map((l) => [l.unit, l.strength])).toEqual([["B-SC1", 4]]);
    expect(a.defenders.map((l) => [l.unit, l.hex, l.strength])).toEqual([
      ["G-PP1", "0904", 4],
      ["G-PP2", "0804", 4],
    ]);
    expect(a.affected).toEqual(["G-PP1", "G-PP2"]);
  });

  it("[9.0] errata: an attack from a slope on a slope is not downhill; the defender is doubled", () => {
    const { ctx, position } = field({ "0907": ["B-EP1"], "0807": ["G-PP1"] });
    const a = weigh(ctx, position, { kind: "melee", attackers: ["B-EP1"], targets: ["0807"] });
    expect(a.defenders).toEqual([
      {
        unit: "G-PP1",
        hex: "0807",
        printed: 4,
        strength: 8,
        modifiers: [{ rule: "9.0", text: "slope: doubled in defence" }],
      },
    ]);
    expect(a.notes).toEqual([]);
  });

  it("[9.0] errata: an attack down from a slope onto clear ground makes no note (clear ground is never doubled)", () => {
    const { ctx, position } = field({ "0807": ["B-EP1"], "0806": ["G-PP1"] });
    const a = weigh(ctx, position, { kind: "melee", attackers: ["B-EP1"], targets: ["0806"] });
    expect(a.notes).toEqual([]);
    expect(a.defence).toBe(4);
  });
});
