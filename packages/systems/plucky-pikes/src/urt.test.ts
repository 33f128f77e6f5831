import { inches } from "@tercio/geometry";
import { describe, expect, it } from "vitest";
import { counterColumn, counterOptions } from "./counter-roll.js";
import { fraction } from "./fraction.js";
import { defaultRules } from "./rules-data/load.js";
import { inTargetUrts, mayCounterRoll, urtLength, urtsLength } from "./urt.js";

const rules = defaultRules().data;
const six = inches(6);

describe("Unit Reaction Time", () => {
  it("[001 Movement] 1 URT is a third of the move for an Elite unit and half for a line unit", () => {
    expect(urtLength(rules, "elite", six)).toEqual(fraction(inches(2)));
    expect(urtLength(rules, "veteran", six)).toEqual(fraction(inches(3)));
  });

  it("[001 Formations] untangling a muddle takes 3 URTs of the lowest class: three whole moves for Recruits", () => {
    expect(urtsLength(rules, "recruit", six, rules.urt.untangle)).toEqual(fraction(inches(18)));
    expect(urtsLength(rules, "veteran", six, rules.urt.untangle)).toEqual(fraction(inches(9)));
  });

  it("[001 Melee] how far the attacker came, in the target's URTs", () => {
    expect(inTargetUrts(rules, fraction(inches(4, 1, 2)), "veteran", six)).toEqual(fraction(3, 2));
    expect(inTargetUrts(rules, fraction(inches(2)), "elite", six)).toEqual(fraction(1));
  });
});

describe("the Melee Counter Rolls", () => {
  it("[001 Melee] an attacker that came no more than one of the target's URTs gives no roll: it accepts as it stands", () => {
    expect(mayCounterRoll(fraction(29, 30))).toBe(false);
    expect(mayCounterRoll(fraction(1))).toBe(false);
    expect(mayCounterRoll(fraction(31, 30))).toBe(true);
    expect(counterOptions(rules, fraction(1), 10, 2, false)).toEqual([]);
  });

  it("[001 Melee] the columns: more than 1 and up to 2 URTs, up to 3, more than 3", () => {
    expect(
      [fraction(3, 2), fraction(2), fraction(5, 2), fraction(3), fraction(301, 100)].map((u) =>
        counterColumn(rules, u),
      ),
    ).toEqual([0, 0, 1, 1, 2]);
  });

  it("[001 Melee] the options whose score the roll reaches; skirmishers may withdraw; none for a side that has moved", () => {
    const needed = rules.counterRolls.needed;
    // A score exactly the face's need in the first column allows it (and withdrawing, which needs less).
    const face = needed.face[0] as number;
    expect(counterOptions(rules, fraction(2), face, 0, false)).toEqual(
      (["face", "changeFormation", "counterCharge", "withdraw"] as const).filter(
        (o) => face >= (needed[o][0] as number),
      ),
    );
    expect(counterOptions(rules, fraction(2), face - 1, 0, false)).not.toContain("face");
    expect(counterOptions(rules, fraction(4), 10, 2, true)).toEqual([]);
    // Farther came, more time: the same score allows more.
    const near = counterOptions(rules, fraction(2), 6, 0, false);
    const far = counterOptions(rules, fraction(4), 6, 0, false);
    expect(far.length).toBeGreaterThan(near.length);
  });
});
