import { describe, expect, it } from "vitest";
import { AVERAGE_DIE, D_PERCENT, D6, D10, isFace, rollFaces } from "./dice.js";
import { rollDie, seedPrng } from "./prng.js";

function tally(faces: typeof D6, n: number): Map<number, number> {
  let state = seedPrng(7);
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const roll = rollFaces(state, faces);
    state = roll.state;
    counts.set(roll.value, (counts.get(roll.value) ?? 0) + 1);
  }
  return counts;
}

describe("dice", () => {
  it("a d6 rolls exactly as rollDie does, so Musket & Pike's dice are unchanged", () => {
    let a = seedPrng(99);
    let b = a;
    for (let i = 0; i < 200; i++) {
      const x = rollFaces(a, D6);
      const y = rollDie(b, 6);
      expect(x).toEqual(y);
      a = x.state;
      b = y.state;
    }
  });

  it("the average die shows only 2, 3, 3, 4, 4, 5, the 3s and 4s twice as often", () => {
    const counts = tally(AVERAGE_DIE, 60_000);
    expect([...counts.keys()].sort()).toEqual([2, 3, 4, 5]);
    // Each face has probability 1/6: 10,000 expected; a 5% band is over 10 standard deviations.
    for (const [face, expected] of [
      [2, 10_000],
      [3, 20_000],
      [4, 20_000],
      [5, 10_000],
    ] as const) {
      expect(Math.abs((counts.get(face) ?? 0) - expected)).toBeLessThan(expected * 0.05);
    }
  });

  it("d10 is 1-10 and d% is 1-100, every face reachable", () => {
    expect([...tally(D10, 5_000).keys()].sort((x, y) => x - y)).toEqual(D10.faces);
    expect(tally(D_PERCENT, 50_000).size).toBe(100);
  });

  it("a die given at the table must be one of the faces", () => {
    expect(isFace(AVERAGE_DIE, 1)).toBe(false);
    expect(isFace(AVERAGE_DIE, 5)).toBe(true);
    expect(isFace(D6, 6)).toBe(true);
    expect(isFace(D6, 0)).toBe(false);
  });
});
