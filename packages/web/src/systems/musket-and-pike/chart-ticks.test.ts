import { describe, expect, it } from "vitest";
import { ticks } from "./chart-ticks.js";

describe("the strength chart's scales", () => {
  it("counts in 1, 2 or 5 times a power of ten, up to the highest value", () => {
    expect(ticks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticks(15)).toEqual([0, 5, 10, 15]);
    expect(ticks(3)).toEqual([0, 1, 2, 3]);
    expect(ticks(137)).toEqual([0, 50, 100, 137]);
    expect(ticks(1)).toEqual([0, 1]);
  });

  it("keeps to whole numbers, never runs past the highest value, nor stops far short of it", () => {
    expect(ticks(34)).toEqual([0, 10, 20, 30]);
    for (const max of [1, 2, 7, 12, 20, 34, 99, 240, 1000]) {
      const t = ticks(max);
      const step = (t[1] ?? 0) - (t[0] ?? 0);
      expect(t[0]).toBe(0);
      expect(max - (t.at(-1) ?? 0)).toBeLessThanOrEqual(step / 2);
      expect(t.every((v) => Number.isInteger(v) && v <= max)).toBe(true);
      expect(t.length).toBeLessThanOrEqual(8);
    }
  });
});
