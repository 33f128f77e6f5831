import { describe, expect, it } from "vitest";
import { isPrngState, nextUint32, rollDie, seedPrng } from "./prng.js";

describe("seeded PRNG (determinism)", () => {
  it("xoshiro128** reproduces the reference output for state (1, 2, 3, 4)", () => {
    // Reference: the C implementation by Blackman & Vigna, first three outputs from s = {1, 2, 3, 4}.
    let s = "00000001000000020000000300000004";
    const out: number[] = [];
    for (let i = 0; i < 3; i++) {
      const n = nextUint32(s);
      out.push(n.value);
      s = n.state;
    }
    expect(out).toEqual([11520, 0, 5927040]);
  });

  it("gives the same rolls for the same seed and different rolls for another", () => {
    const roll = (seed: number) => {
      let s = seedPrng(seed);
      const out: number[] = [];
      for (let i = 0; i < 20; i++) {
        const r = rollDie(s);
        out.push(r.value);
        s = r.state;
      }
      return out;
    };
    expect(roll(42)).toEqual(roll(42));
    expect(roll(42)).not.toEqual(roll(43));
  });

  it("rolls each face of a d6 about equally often", () => {
    let s = seedPrng(7);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60000; i++) {
      const r = rollDie(s);
      counts[r.value - 1] = (counts[r.value - 1] ?? 0) + 1;
      s = r.state;
    }
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(400);
  });

  it("validates seeds and states", () => {
    expect(() => seedPrng(-1)).toThrow(/seed/);
    expect(() => seedPrng(1.5)).toThrow(/seed/);
    expect(isPrngState(seedPrng(0))).toBe(true);
    expect(isPrngState("0".repeat(32))).toBe(false);
    expect(isPrngState("xyz")).toBe(false);
  });
});
