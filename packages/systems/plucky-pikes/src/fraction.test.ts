import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { add, compare, floorOf, fraction, times, wholeTimes } from "./fraction.js";

describe("exact fractions", () => {
  it("keeps lowest terms with a positive denominator", () => {
    expect(fraction(6, 4)).toEqual({ num: 3, den: 2 });
    expect(fraction(3, -6)).toEqual({ num: -1, den: 2 });
    expect(fraction(0, 5)).toEqual({ num: 0, den: 1 });
    expect(() => fraction(1, 0)).toThrow(/not a fraction/);
    expect(() => fraction(0.5, 1)).toThrow(/not a fraction/);
  });

  it("adds, multiplies, compares and floors as the rationals do (property)", () => {
    const small = fc.integer({ min: -1000, max: 1000 });
    const den = fc.integer({ min: 1, max: 12 });
    fc.assert(
      fc.property(small, den, small, den, (a, b, c, d) => {
        const x = fraction(a, b);
        const y = fraction(c, d);
        expect(add(x, y)).toEqual(fraction(a * d + c * b, b * d));
        expect(times(x, y)).toEqual(fraction(a * c, b * d));
        expect(compare(x, y)).toBe(Math.sign(a * d - c * b));
        expect(floorOf(x)).toBe(Math.floor(a / b));
        if (c > 0) expect(wholeTimes(x, y)).toBe(Math.floor((a * d) / (b * c)));
      }),
    );
  });
});
