import { describe, expect, it } from "vitest";
import { inches, millimetres, TICKS_PER_INCH, ticksToInches } from "./units.js";

describe("ticks", () => {
  it("are 6096 to the inch and 240 to the millimetre", () => {
    expect(TICKS_PER_INCH).toBe(6096);
    expect(inches(12)).toBe(73152);
    expect(millimetres(1)).toBe(240);
    expect(millimetres(254)).toBe(inches(10));
  });

  it("hold halves, thirds, quarters, sixths, eighths, twelfths and sixteenths of an inch exactly", () => {
    for (const den of [2, 3, 4, 6, 8, 12, 16]) expect(inches(0, 1, den) * den).toBe(TICKS_PER_INCH);
    expect(inches(1, 1, 2)).toBe(9144);
  });

  it("refuse a fraction of an inch that is not a whole tick", () => {
    expect(() => inches(0, 1, 5)).toThrow(RangeError);
    expect(() => inches(0, 1, 0)).toThrow(RangeError);
    expect(() => millimetres(0.5)).toThrow(RangeError);
  });

  it("convert back to inches for display", () => {
    expect(ticksToInches(inches(4, 1, 3))).toBeCloseTo(4.3333333, 6);
  });
});
