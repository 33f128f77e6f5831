import { describe, expect, it } from "vitest";
import { measure, rulerWords } from "./ruler.js";

describe("the ruler", () => {
  it("is exact on a 3-4-5 triangle of whole inches", () => {
    const r = measure({ x: 0, y: 0 }, { x: 3 * 6096, y: 4 * 6096 });
    expect(r.squared).toBe(25 * 6096 * 6096);
    expect(rulerWords(r)).toBe("exactly 5 inches");
  });

  it("rounds an irrational length to the hundredth", () => {
    expect(rulerWords(measure({ x: 0, y: 0 }, { x: 6096, y: 6096 }))).toBe("1.41 inches");
  });
});
