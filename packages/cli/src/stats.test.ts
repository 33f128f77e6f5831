import { describe, expect, it } from "vitest";
import {
  eloFromScore,
  percentInterval,
  scoreInterval,
  scoreText,
  summarise,
  tallyText,
  wilson,
} from "./stats.js";

describe("wilson", () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion:
  // comparison of seven methods", Statistics in Medicine 17, Table II, method 3
  // (the score interval without continuity correction), to four places.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])("%i of %i: [%f, %f] (Newcombe 1998)", (k, n, low, high) => {
    const i = wilson(k, n);
    expect(i.estimate).toBeCloseTo(k / n, 10);
    expect(i.low).toBeCloseTo(low, 4);
    expect(i.high).toBeCloseTo(high, 4);
  });

  it.each([
    // Closed forms: at k = 0 the upper end is z²/(n + z²), and the interval is symmetric about 1/2 at k = n/2.
    [0, 10, 0, 3.841458820694124 / 13.841458820694124],
    [5, 10, 0.236593090512564, 0.763406909487436],
    [10, 10, 10 / 13.841458820694124, 1],
  ])("%i of %i: [%f, %f]", (k, n, low, high) => {
    const i = wilson(k, n);
    expect(i.low).toBeCloseTo(low, 12);
    expect(i.high).toBeCloseTo(high, 12);
  });

  it("is exactly 0 or 1 at the ends, [0, 1] with no trials, and refuses impossible counts", () => {
    expect(wilson(0, 3).low).toBe(0);
    expect(wilson(3, 3).high).toBe(1);
    expect(wilson(0, 0)).toEqual({ estimate: 0, low: 0, high: 1 });
    expect(() => wilson(4, 3)).toThrow(RangeError);
    expect(() => wilson(-1, 3)).toThrow(RangeError);
  });

  it("narrows as the games grow, about 1/sqrt(n)", () => {
    const width = (n: number) => {
      const i = wilson(n / 2, n);
      return i.high - i.low;
    };
    expect(width(400) / width(100)).toBeCloseTo(0.5, 1);
  });
});

describe("score", () => {
  it("counts a draw as half a win, with the Wilson interval of the points", () => {
    const t = { wins: 6, draws: 4, losses: 10 };
    const s = scoreInterval(t);
    expect(s.estimate).toBe(0.4);
    expect(s).toEqual(wilson(8, 20));
    // All draws: a score of exactly 1/2, and an interval about it.
    const even = scoreInterval({ wins: 0, draws: 20, losses: 0 });
    expect(even.estimate).toBe(0.5);
    expect(even.low + even.high).toBeCloseTo(1, 12);
  });

  it("gives the Elo difference of a score, unbounded at 0 and 1", () => {
    expect(eloFromScore(0.5)).toBe(0);
    expect(eloFromScore(0.75)).toBeCloseTo(190.85, 2);
    expect(eloFromScore(0.25)).toBeCloseTo(-190.85, 2);
    expect(eloFromScore(0)).toBeNull();
    expect(eloFromScore(1)).toBeNull();
  });

  it("summarises a tally with every rate and interval", () => {
    const s = summarise({ wins: 3, draws: 1, losses: 0 });
    expect(s.games).toBe(4);
    expect(s.winRate).toEqual(wilson(3, 4));
    expect(s.drawRate).toEqual(wilson(1, 4));
    expect(s.lossRate).toEqual(wilson(0, 4));
    expect(s.score.estimate).toBe(0.875);
    expect(s.elo.estimate).toBeCloseTo(338.04, 2);
    expect(s.elo.high).toBeCloseTo(400 * Math.log10(s.score.high / (1 - s.score.high)), 9);
    expect(summarise({ wins: 4, draws: 0, losses: 0 }).elo.high).toBeNull();
    expect(summarise({ wins: 0, draws: 0, losses: 0 }).elo).toEqual({
      estimate: null,
      low: null,
      high: null,
    });
  });
});

describe("formatting", () => {
  it("prints rates as whole percentages, scores to two places and tallies as W-D-L", () => {
    expect(percentInterval(wilson(5, 10))).toBe("50% [24%, 76%]");
    expect(scoreText(wilson(5, 10))).toBe("0.50 [0.24, 0.76]");
    expect(tallyText({ wins: 12, draws: 3, losses: 5 })).toBe("12-3-5");
  });
});
