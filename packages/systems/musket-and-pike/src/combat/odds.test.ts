import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalog } from "../test-support/setup.js";
import { DIE_ROLLS, ODDS } from "../vocabulary.js";
import { effectiveRoll, oddsColumn, outcomes, sharedOutcomes } from "./odds.js";

describe("8.0 combat results tables", () => {
  it("[8.0] errata: the die roll of zero is ignored: the tables run from 1 to 7 (6 plus 8.4's one)", () => {
    for (const table of ["melee", "fire"] as const) {
      expect(Object.keys(catalog.rules.data.crt[table].rows).sort()).toEqual(DIE_ROLLS.map(String));
    }
    expect(effectiveRoll(1, 0)).toBe(1);
    expect(effectiveRoll(6, 1)).toBe(7);
  });

  it("[6.3H] [8.1] the column always rounds in the defender's favour and stays within 1-4 and 5-1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 400 }), (a, d) => {
        const odds = oddsColumn(a / 2, d / 2);
        expect(ODDS).toContain(odds);
        const [x, y] = odds.split("-").map(Number) as [number, number];
        // The column's ratio is never better for the attacker than the real one (below 1-4 the table ends)...
        if (odds !== "1-4") expect(x * d).toBeLessThanOrEqual(y * a);
        // ...and the next column up would be (above 5-1 the table ends).
        if (odds !== "5-1") {
          const [ux, uy] = (ODDS[ODDS.indexOf(odds) + 1] as string).split("-").map(Number) as [
            number,
            number,
          ];
          expect(ux * d).toBeGreaterThan(uy * a);
        }
      }),
    );
  });

  it("[8.1] a hex without defensive strength is attacked at 5-1, an attack without strength is at 1-4", () => {
    expect(oddsColumn(3, 0)).toBe("5-1");
    expect(oddsColumn(0, 0)).toBe("5-1");
    expect(oddsColumn(0, 3)).toBe("1-4");
  });

  it("[8.1] each result's chance is the number of die faces giving it, out of six", () => {
    // Fire at 1-1 without modifier: a 1 or 2 is no effect, 3 to 6 D.
    const o = outcomes(catalog.rules, "fire", "1-1", 0);
    expect(o.map((x) => [x.result, x.sixths, x.probability])).toEqual([
      ["-", 2, 2 / 6],
      ["D", 4, 4 / 6],
      ["E1", 0, 0],
      ["E2", 0, 0],
    ]);
  });

  it("[8.1] the shared preview is that of its own table, column and modifier, worked out once", () => {
    const cases = [
      ["melee", "1-1", 0],
      ["fire", "1-1", 0],
      ["melee", "5-1", 0],
      ["melee", "1-1", 1],
      ["fire", "1-4", 1],
    ] as const;
    for (const [table, odds, modifier] of cases) {
      const shared = sharedOutcomes(catalog.rules, table, odds, modifier);
      expect(shared).toEqual(outcomes(catalog.rules, table, odds, modifier));
      // Asked again, the same (read-only) answer, not a new one.
      expect(sharedOutcomes(catalog.rules, table, odds, modifier)).toBe(shared);
    }
  });

  it("[8.1] the chances of the results of any column sum to one, in sixths", () => {
    for (const table of ["melee", "fire"] as const) {
      for (const odds of ODDS) {
        for (const modifier of [0, 1]) {
          const o = outcomes(catalog.rules, table, odds, modifier);
          expect(o.reduce((t, x) => t + x.sixths, 0)).toBe(6);
        }
      }
    }
  });
});
