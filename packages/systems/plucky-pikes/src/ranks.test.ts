import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countedRanks, figuresOf, firingFigures, formRanks, meleeFigures, withCasualties } from "./ranks.js";

describe("figures in ranks", () => {
  it("[001 Formations] forms figures in ranks, the front ranks the fuller", () => {
    expect(formRanks(24, 3)).toEqual([8, 8, 8]);
    expect(formRanks(25, 3)).toEqual([9, 8, 8]);
    expect(formRanks(3, 4)).toEqual([1, 1, 1]);
    expect(formRanks(0, 2)).toEqual([]);
    expect(() => formRanks(5, 0)).toThrow();
  });

  it("[001 The Game Turn] casualties come off the rear rank first; an emptied rank is gone", () => {
    expect(withCasualties([8, 8, 8], 3)).toEqual([8, 8, 5]);
    expect(withCasualties([8, 8, 8], 10)).toEqual([8, 6]);
    expect(withCasualties([8, 8], 20)).toEqual([]);
    expect(withCasualties([8, 8], 0)).toEqual([8, 8]);
  });

  it("[001 Formations] a 2nd rank counts only with at least 50% of the 1st rank's figures", () => {
    expect(countedRanks([8, 4], 2)).toEqual([8, 4]);
    expect(countedRanks([8, 3], 2)).toEqual([8]);
    expect(countedRanks([9, 5], 2)).toEqual([9, 5]);
    expect(countedRanks([9, 4], 2)).toEqual([9]);
    expect(countedRanks([8, 8, 8], 2)).toEqual([8, 8]);
  });

  it("[001 Melee] pikes against horse and flank or rear attacks count 2 ranks, others 1, all on move 2", () => {
    const pikes = [8, 8, 8, 6];
    expect(meleeFigures(pikes, { twoRanks: true, general: false })).toBe(16);
    expect(meleeFigures(pikes, { twoRanks: false, general: false })).toBe(8);
    expect(meleeFigures(pikes, { twoRanks: true, general: true })).toBe(30);
    // A thin second rank does not count.
    expect(meleeFigures([8, 3], { twoRanks: true, general: false })).toBe(8);
  });

  it("[001 Firearms] [001 Bows & Crossbows] the first rank fires; stationary heavy bowmen add half the second", () => {
    expect(firingFigures([10, 10], "first-rank")).toBe(10);
    expect(firingFigures([10, 9], "first-and-half-second")).toBe(14);
    expect(firingFigures([10, 4], "first-and-half-second")).toBe(10);
  });

  it("casualties never make or lose figures but the ones taken (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 6 }),
        fc.integer({ min: 0, max: 150 }),
        (ranks, n) => {
          const after = withCasualties(ranks, n);
          expect(figuresOf(after)).toBe(Math.max(0, figuresOf(ranks) - n));
          // The front ranks are untouched until the ranks behind them are gone.
          for (const [r, count] of after.entries()) if (r < after.length - 1) expect(count).toBe(ranks[r]);
        },
      ),
    );
  });
});
