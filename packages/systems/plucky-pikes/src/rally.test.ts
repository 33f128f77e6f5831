import { describe, expect, it } from "vitest";
import { figuresBack, rallyColumn, rallyRow, rallyScore } from "./rally.js";
import { defaultRules } from "./rules-data/load.js";

const rules = defaultRules().data;

describe("the rally roll", () => {
  it("[001 Effectiveness] a unit of 24 that lost 6 rolls 7 (a Veteran): two lightly wounded come back", () => {
    const score = rallyScore(rules, 7, rules.classes.veteran.d10);
    expect(score).toBe(7);
    expect(figuresBack(rules, 24, 6, score)).toBe(2);
  });

  it("[001 Effectiveness] never more figures back than the unit lost", () => {
    expect(figuresBack(rules, 48, 1, 12)).toBe(1);
    expect(figuresBack(rules, 48, 0, 12)).toBe(0);
  });

  it("[001 Effectiveness] the columns: up to 2, 3-4, 5-6, 7-8, 9-10, 11 and more", () => {
    expect([-3, 2, 3, 4, 5, 8, 9, 10, 11, 15].map((s) => rallyColumn(rules, s))).toEqual([
      0, 0, 1, 1, 2, 3, 4, 4, 5, 5,
    ]);
  });

  it("[001 Effectiveness] the row of the original size: the largest listed not above it, else the smallest", () => {
    expect(rallyRow(rules, 26)).toEqual(rules.rally.rows["24"]);
    expect(rallyRow(rules, 24)).toEqual(rules.rally.rows["24"]);
    expect(rallyRow(rules, 6)).toEqual(rules.rally.rows["8"]);
    expect(rallyRow(rules, 60)).toEqual(rules.rally.rows["48"]);
  });

  it("[001 Leadership] −2 for each leader lost; one officer touching, the one who helps most; a general's death", () => {
    expect(rallyScore(rules, 6, 0, { leadersLost: 2 })).toBe(2);
    // "For brigaded units there are 6 leaders worth 1 point each."
    expect(rallyScore(rules, 6, 0, { leadersLost: 2, brigade: true })).toBe(4);
    expect(rallyScore(rules, 6, 0, { officersTouching: ["general"] })).toBe(8);
    expect(rallyScore(rules, 6, 0, { officersTouching: ["staff", "commanding-general", "general"] })).toBe(9);
    expect(rallyScore(rules, 6, 1, { generalDied: "general" })).toBe(4);
    expect(rallyScore(rules, 6, 1, { generalDied: "commanding-general" })).toBe(3);
  });
});
