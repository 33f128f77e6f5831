import { describe, expect, it } from "vitest";
import {
  type ArmyRecord,
  armyEffectivenessPoints,
  armyModifierPoints,
  armyScore,
  armyWithdraws,
  rallyTablePoints,
} from "./army.js";
import { defaultRules } from "./rules-data/load.js";

const rules = defaultRules().data;

const quiet: ArmyRecord = {
  objectivePoints: [],
  commandingGeneralLost: false,
  generalsLost: 0,
  flagsTaken: 0,
  flagsLost: 0,
  gunsCaptured: 0,
};

describe("victory points and army morale", () => {
  it("[001 Victory Points] the Army Effectiveness Table by the percentage remaining, each bound inclusive", () => {
    const of20 = (n: number) => armyEffectivenessPoints(rules, n, 20);
    expect([20, 18, 17, 15, 14, 12, 9, 6, 5, 0].map(of20)).toEqual([10, 10, 8, 8, 6, 6, 4, 2, 0, 0]);
    // Exactly: 7 of 9 is 77.8%, 8 points; 2 of 3 is 66.7%, 6.
    expect(armyEffectivenessPoints(rules, 7, 9)).toBe(8);
    expect(armyEffectivenessPoints(rules, 2, 3)).toBe(6);
  });

  it("[001 Victory Points] objectives of 1-4 points and the Army Modifiers", () => {
    expect(armyModifierPoints(rules, { ...quiet, objectivePoints: [3, 2] })).toBe(5);
    const m = rules.armyModifiers;
    expect(
      armyModifierPoints(rules, {
        objectivePoints: [4],
        commandingGeneralLost: true,
        generalsLost: 2,
        flagsTaken: 3,
        flagsLost: 1,
        gunsCaptured: 2,
      }),
    ).toBe(
      4 + m.commandingGeneralLost + 2 * m.generalLost + 3 * m.flagTaken + m.flagLost + 2 * m.gunCaptured,
    );
    expect(() => armyModifierPoints(rules, { ...quiet, objectivePoints: [5] })).toThrow(/1 to 4 points/);
    expect(() => armyModifierPoints(rules, { ...quiet, objectivePoints: [0] })).toThrow(/1 to 4 points/);
  });

  it("[001 Victory Points] the d10 read on the Rally Rolls table for points, and the total", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((d) => rallyTablePoints(rules, d))).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4,
    ]);
    expect(armyScore(rules, 18, 20, { ...quiet, objectivePoints: [2] }, 9)).toBe(10 + 2 + 4);
  });

  it("[001 The Game Turn] army morale (designed): an army at 40% or less withdraws", () => {
    expect(armyWithdraws(rules, 4, 10)).toBe(true);
    expect(armyWithdraws(rules, 2, 5)).toBe(true);
    expect(armyWithdraws(rules, 5, 10)).toBe(false);
    expect(armyWithdraws(rules, 41, 100)).toBe(false);
    expect(() => armyWithdraws(rules, 11, 10)).toThrow(/0 to 10/);
  });
});
