import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Fraction, fraction } from "./fraction.js";
import { defenceFactor, gunsHit, hits, leaderFalls, lethality, PLAIN, type Strike } from "./lethality.js";
import { defaultRules } from "./rules-data/load.js";

const rules = defaultRules().data;

function strike(av: number | Fraction, d10: number, more: Partial<Strike> = {}): Strike {
  return {
    av: typeof av === "number" ? fraction(av) : av,
    classModifier: 0,
    modifiers: [],
    multiplier: PLAIN,
    d10,
    ...more,
  };
}

describe("a strike: LF against DF", () => {
  it("[001 Attack Values] an LF exactly equal to the DF is a hit; one less is none", () => {
    expect(lethality(rules, strike(4, 6))).toEqual(fraction(10));
    expect(hits(fraction(10), 10)).toBe(1);
    expect(hits(lethality(rules, strike(3, 6)), 10)).toBe(0);
  });

  it("[001 Attack Values] exactly twice the DF is two hits, three times three; just under twice is one", () => {
    expect(hits(lethality(rules, strike(14, 6)), 10)).toBe(2);
    expect(hits(lethality(rules, strike(13, 6)), 10)).toBe(1);
    expect(hits(lethality(rules, strike(24, 6)), 10)).toBe(3);
    // 1.5(AV+2) at exactly 3 x DF: 1.5 x (12 + 2 + 6) = 30.
    const stationary = rules.fire.stationaryMusketeers;
    const exact = strike(12, 6, {
      multiplier: stationary.multiplier,
      modifiers: [{ value: stationary.d10, rule: "001 Firearms" }],
    });
    expect(lethality(rules, exact)).toEqual(fraction(30));
    expect(hits(lethality(rules, exact), 10)).toBe(3);
  });

  it("[001 Defense Values] a natural 1 halves the LF, after any multiplier", () => {
    // AV 20 + 1 = 21: two hits on DF 10 were it not a natural 1; halved, 10.5, one.
    expect(lethality(rules, strike(20, 1))).toEqual(fraction(21, 2));
    expect(hits(lethality(rules, strike(20, 1)), 10)).toBe(1);
    // 2(AV+3) enfilade on a 1: 2 x (8 + 3 + 1) = 24, halved 12.
    const enfilade = strike(8, 1, {
      multiplier: rules.fire.enfilade.multiplier,
      modifiers: [{ value: rules.fire.enfilade.d10, rule: "001 Firepower modifiers" }],
    });
    expect(lethality(rules, enfilade)).toEqual(fraction(12));
  });

  it("[001 Modifiers] LF=3(AV+3): 3 added to the d10, the sum added to the AV and the class modifier, the total times 3", () => {
    const s = strike(10, 5, {
      classModifier: 1,
      modifiers: [{ value: 3, rule: "001 Modifiers" }],
      multiplier: fraction(3),
    });
    expect(lethality(rules, s)).toEqual(fraction(3 * (10 + 1 + 3 + 5)));
  });

  it("[001 Firearms] twelve stationary musketeers: 1.5(12+2+d10), exact halves", () => {
    const s = (d10: number) =>
      strike(12, d10, {
        multiplier: rules.fire.stationaryMusketeers.multiplier,
        modifiers: [{ value: rules.fire.stationaryMusketeers.d10, rule: "001 Firearms" }],
      });
    expect(lethality(rules, s(5))).toEqual(fraction(57, 2));
    expect(hits(lethality(rules, s(5)), 10)).toBe(2);
    // Against infantry in a wooden building (DF 13): 28.5 is two hits, 26 being exactly twice.
    expect(hits(lethality(rules, s(5)), 13)).toBe(2);
  });

  it("[001 Artillery] counter-battery: −5 on the d10", () => {
    const saker = strike(rules.attackValues.guns.saker, 7, {
      modifiers: [{ value: rules.artillery.counterBattery.d10, rule: "001 Artillery" }],
    });
    expect(lethality(rules, saker)).toEqual(fraction(9 - 5 + 7));
  });

  it("no hits from an LF at or below nothing; a d10 is 1 to 10", () => {
    expect(hits(lethality(rules, strike(0, 2, { modifiers: [{ value: -5, rule: "x" }] })), 10)).toBe(0);
    expect(() => lethality(rules, strike(10, 0))).toThrow(/1 to 10/);
    expect(() => lethality(rules, strike(10, 11))).toThrow(/1 to 10/);
  });

  it("[001 Attack Values] hits are the whole multiples of the DF in the LF, exactly (property, against BigInt)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom(1, 2, 3, 4),
        fc.integer({ min: -8, max: 8 }),
        fc.constantFrom(fraction(1), fraction(3, 2), fraction(2), fraction(3)),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 8, max: 25 }),
        (quarters, den, mod, multiplier, d10, df) => {
          const av = fraction(quarters, den);
          const lf = lethality(
            rules,
            strike(av, d10, { multiplier, modifiers: [{ value: mod, rule: "x" }] }),
          );
          const n = hits(lf, df);
          // k hits exactly when k x DF <= LF < (k+1) x DF, read in integers: LF = num/den.
          const num = BigInt(lf.num);
          const d = BigInt(lf.den);
          if (num <= 0n) return n === 0;
          return BigInt(n) * BigInt(df) * d <= num && num < BigInt(n + 1) * BigInt(df) * d;
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("Defense Factor", () => {
  it("[001 Cover and Armor] infantry in a wooden building has a DF of 10+3=13", () => {
    expect(defenceFactor(rules, { cover: "wooden-building" }, "firearm")).toBe(13);
    expect(defenceFactor(rules, {}, "artillery")).toBe(10);
  });

  it("[001 Cover and Armor] armour counts against melee, bows and crossbows, not firearms or artillery", () => {
    const armoured = { armour: "armoured" } as const;
    expect(defenceFactor(rules, armoured, "melee")).toBe(10 + rules.armour.armoured);
    expect(defenceFactor(rules, armoured, "bow")).toBe(10 + rules.armour.armoured);
    expect(defenceFactor(rules, armoured, "crossbow")).toBe(10 + rules.armour.armoured);
    expect(defenceFactor(rules, armoured, "firearm")).toBe(10);
    expect(defenceFactor(rules, armoured, "artillery")).toBe(10);
    expect(defenceFactor(rules, { armour: "light", cover: "hard" }, "melee")).toBe(
      10 + rules.armour.light + rules.cover.hard,
    );
  });
});

describe("the d% rolls", () => {
  it("[001 Leadership] a leader falls on 86 or more, not on 85", () => {
    expect(leaderFalls(rules, 86)).toBe(true);
    expect(leaderFalls(rules, 100)).toBe(true);
    expect(leaderFalls(rules, 85)).toBe(false);
  });

  it("[001 Artillery] the guns are hit on 86 or more, not on 85", () => {
    expect(gunsHit(rules, 86)).toBe(true);
    expect(gunsHit(rules, 85)).toBe(false);
  });
});
