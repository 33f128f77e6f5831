import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareProducts, roundFraction, roundHalfAway, roundQuotient } from "./exact.js";

const big = (a: number, b: number, c: number, d: number) => {
  const l = BigInt(a) * BigInt(b);
  const r = BigInt(c) * BigInt(d);
  return l < r ? -1 : l > r ? 1 : 0;
};

describe("compareProducts: the exact sign of a·b − c·d", () => {
  it("decides products past 2^53 that doubles round to the same value", () => {
    const a = 2 ** 47 + 1;
    // (2^47 + 1)^2 = 2^94 + 2^48 + 1 against 2^47 (2^47 + 2): one more.
    expect(compareProducts(a, a, 2 ** 47, 2 ** 47 + 2)).toBe(1);
    expect(compareProducts(2 ** 47, 2 ** 47 + 2, a, a)).toBe(-1);
    expect(compareProducts(a, a, a, a)).toBe(0);
    expect(compareProducts(-a, a, -(2 ** 47), 2 ** 47 + 2)).toBe(-1);
  });

  it("agrees with BigInt on random and near-equal inputs", () => {
    const n = fc.integer({ min: -(2 ** 48), max: 2 ** 48 });
    fc.assert(fc.property(n, n, n, n, (a, b, c, d) => compareProducts(a, b, c, d) === big(a, b, c, d)));
    fc.assert(
      fc.property(n, n, fc.integer({ min: -3, max: 3 }), (a, b, k) => {
        // a·b against a·(b + k): equal or off by a small multiple of a.
        return compareProducts(a, b, a, b + k) === big(a, b, a, b + k);
      }),
    );
  });
});

describe("rounding", () => {
  it("rounds halves away from zero and 0.49999999999999994 down", () => {
    expect(roundHalfAway(2.5)).toBe(3);
    expect(roundHalfAway(-2.5)).toBe(-3);
    expect(roundHalfAway(0.49999999999999994)).toBe(0);
    expect(roundHalfAway(-0.49999999999999994)).toBe(-0);
    expect(roundFraction(5n, 2n)).toBe(3);
    expect(roundFraction(-5n, 2n)).toBe(-3);
    expect(roundFraction(7n, 3n)).toBe(2);
  });
});

describe("roundQuotient", () => {
  it("agrees with BigInt rounding, halves included", () => {
    expect(roundQuotient(5, 1, 2)).toBe(3);
    expect(roundQuotient(-5, 1, 2)).toBe(-3);
    expect(roundQuotient(5, -1, 2)).toBe(-3);
    expect(roundQuotient(0, 7, 3)).toBe(0);
    const n = fc.integer({ min: -(2 ** 48), max: 2 ** 48 });
    const v = fc.integer({ min: -(2 ** 23), max: 2 ** 23 });
    const d = fc.integer({ min: 2 ** 20, max: 2 ** 47 });
    fc.assert(
      fc.property(n, v, d, (nn, vv, dd) => {
        // Keep the quotient within the table: |n·v/d| <= 2^24.
        if (Math.abs((nn / dd) * vv) > 2 ** 24) return;
        expect(roundQuotient(nn, vv, dd)).toBe(roundFraction(BigInt(nn) * BigInt(vv), BigInt(dd)));
      }),
    );
    // Exact halves with big numbers.
    expect(roundQuotient(2 ** 47 + 1, 1, 2 ** 48 + 2)).toBe(1);
    expect(roundQuotient(3 * 2 ** 40, 1, 2 ** 41)).toBe(2);
    expect(roundQuotient(-3 * 2 ** 40, 1, 2 ** 41)).toBe(-2);
  });
});
