import { describe, expect, it } from "vitest";
import { createRng, rngChance, rngInt, rngUint32 } from "./rng.js";

describe("PolicyRng", () => {
  it("[4.1] gives the same sequence for the same seed", () => {
    const a = createRng(42);
    const b = createRng(42);
    const xs = Array.from({ length: 20 }, () => rngUint32(a));
    const ys = Array.from({ length: 20 }, () => rngUint32(b));
    expect(xs).toEqual(ys);
    expect(new Set(xs).size).toBe(20);
  });

  it("keeps its whole state in one 32-bit word, never 0", () => {
    for (const seed of [0, 1, 0xffffffff, 0x9e3779b9 ^ 0xffffffff, 123456789]) {
      const rng = createRng(seed);
      expect(rng.state).toBeGreaterThan(0);
      expect(rng.state).toBeLessThanOrEqual(0xffffffff);
      rngUint32(rng);
      expect(Number.isInteger(rng.state) && rng.state > 0).toBe(true);
    }
  });

  it("nearby seeds give unrelated sequences", () => {
    expect(rngUint32(createRng(1))).not.toBe(rngUint32(createRng(2)));
  });

  it("rngInt stays in range and reaches every value", () => {
    const rng = createRng(7);
    const seen = new Array<number>(6).fill(0);
    for (let i = 0; i < 6000; i++) {
      const v = rngInt(rng, 6);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(6);
      seen[v] = (seen[v] ?? 0) + 1;
    }
    for (const n of seen) expect(n).toBeGreaterThan(850);
    expect(() => rngInt(rng, 0)).toThrow(/whole number of choices/);
  });

  it("rngChance(1, 3) is true about a third of the time", () => {
    const rng = createRng(9);
    let hits = 0;
    for (let i = 0; i < 3000; i++) if (rngChance(rng, 1, 3)) hits++;
    expect(hits).toBeGreaterThan(900);
    expect(hits).toBeLessThan(1100);
  });
});
