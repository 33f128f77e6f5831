import { describe, expect, it } from "vitest";
import { fallsBackFromFatigue, fatiguePoints, losesFlag, pursues } from "./melee-tests.js";
import { defaultRules } from "./rules-data/load.js";

const rules = defaultRules().data;

describe("the melee's tests", () => {
  it("[001 Melee] the loser's flag: d10 + class of 6 or less loses it, 7 keeps it", () => {
    expect(losesFlag(rules, 6, 0)).toBe(true);
    expect(losesFlag(rules, 7, 0)).toBe(false);
    expect(losesFlag(rules, 5, rules.classes.elite.d10)).toBe(true);
    expect(losesFlag(rules, 7, rules.classes.recruit.d10)).toBe(true);
    expect(losesFlag(rules, 5, rules.classes.guard.d10)).toBe(false);
  });

  it("[001 Fatigue & Pursuit] a d10 that does not equal or exceed the fatigue total falls back; equal holds", () => {
    expect(fallsBackFromFatigue(2, 3)).toBe(true);
    expect(fallsBackFromFatigue(3, 3)).toBe(false);
    expect(fallsBackFromFatigue(10, 3)).toBe(false);
  });

  it("[001 Fatigue & Pursuit] pursuit on 20 or more: figures of the stander less the withdrawer's, + class + d10", () => {
    expect(pursues(rules, 20, 8, 0, 8)).toBe(true);
    expect(pursues(rules, 20, 8, 0, 7)).toBe(false);
    expect(pursues(rules, 16, 8, 2, 10)).toBe(true);
  });

  it("[001 Fatigue & Pursuit] fatigue by class; none for pikes and hedgehogs, flank or rear attackers, or in a war without quarter", () => {
    expect(fatiguePoints(rules, "veteran")).toBe(rules.fatigue.veteran);
    expect(fatiguePoints(rules, "recruit")).toBeGreaterThan(fatiguePoints(rules, "guard"));
    expect(fatiguePoints(rules, "recruit", { pikeOrHedgehog: true })).toBe(0);
    expect(fatiguePoints(rules, "recruit", { flankOrRearAttack: true })).toBe(0);
    expect(fatiguePoints(rules, "recruit", { noQuarter: true })).toBe(0);
  });
});
