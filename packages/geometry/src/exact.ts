/**
 * Exact arithmetic helpers on safe integers.
 *
 * `compareProducts(a, b, c, d)` is the sign of a·b − c·d for safe integers,
 * whose products may reach 2^106. Three stages:
 *
 * 1. If both rounded products are below 2^53 in magnitude, they were exact:
 *    rounding is monotone and 2^53 is a double, so |fl(ab)| < 2^53 implies
 *    |ab| < 2^53, and an integer below 2^53 is representable, so fl(ab) = ab.
 * 2. Otherwise a float filter. With p = fl(ab) = ab(1+e1), q = fl(cd) =
 *    cd(1+e2), |e| <= u = 2^-53, rounding keeps the sign (no underflow for
 *    non-zero integers), so if p and q differ in sign (or one is 0) the
 *    answer is the sign of p − q. If both are positive and p > fl(q·K) with
 *    K = 1 + 2^-40, then ab >= p/(1+u) > qK(1−u)/(1+u) >= cd·K(1−u)^2/(1+u)
 *    > cd, since K > (1+u)/(1−u)^2 ≈ 1 + 3u. Likewise with the roles swapped
 *    and for two negatives.
 * 3. Otherwise (the two products agree to about 12 digits) BigInt decides.
 */

const TWO_53 = 9_007_199_254_740_992;
// 1 + 2^-40, written as a division by a power of two (exact) rather than with `**`, which ECMAScript, like
// Math.pow, leaves implementation-approximated.
const K = 1 + 1 / 1_099_511_627_776;

/** -1, 0 or 1: the sign of a·b − c·d, exactly, for safe integers a, b, c, d. */
export function compareProducts(a: number, b: number, c: number, d: number): number {
  const p = a * b;
  const q = c * d;
  if (p < TWO_53 && p > -TWO_53 && q < TWO_53 && q > -TWO_53) return p < q ? -1 : p > q ? 1 : 0;
  if (p <= 0 && q >= 0) {
    if (p < 0 || q > 0) return -1;
  } else if (p >= 0 && q <= 0) {
    if (p > 0 || q < 0) return 1;
  } else if (p > 0) {
    if (p > q * K) return 1;
    if (q > p * K) return -1;
  } else {
    // Both negative: compare magnitudes the other way round.
    if (-p > -q * K) return -1;
    if (-q > -p * K) return 1;
  }
  return bigCompareProducts(a, b, c, d);
}

function bigCompareProducts(a: number, b: number, c: number, d: number): number {
  const l = BigInt(a) * BigInt(b);
  const r = BigInt(c) * BigInt(d);
  return l < r ? -1 : l > r ? 1 : 0;
}

/** -1, 0 or 1: the sign of n1/d1 − n2/d2 for safe integers with d1, d2 > 0. */
export function compareFractions(n1: number, d1: number, n2: number, d2: number): number {
  return compareProducts(n1, d2, n2, d1);
}

/**
 * x rounded to the nearest integer, halves away from zero, written out:
 * floor(|x|) and |x| − floor(|x|) are both exact in doubles, so the half is
 * seen exactly (the shortcut floor(|x| + 0.5) rounds 0.49999999999999994 up).
 */
export function roundHalfAway(x: number): number {
  const a = x < 0 ? -x : x;
  const f = Math.floor(a);
  const r = a - f >= 0.5 ? f + 1 : f;
  return x < 0 ? -r : r;
}

/**
 * The integer nearest to num/den (halves away from zero), exactly, for safe
 * integers with den > 0, via BigInt: used off the hot path (contact points).
 */
export function roundFraction(num: bigint, den: bigint): number {
  const neg = num < 0n;
  const a = neg ? -num : num;
  const q = a / den;
  const r = a - q * den;
  const up = 2n * r >= den ? q + 1n : q;
  return Number(neg ? -up : up);
}

/**
 * round(n·v / d), halves away from zero, exactly, for safe integers with
 * d > 0, |2n|, |v|, d and the result small enough that 2n, v, (2r ± 1) and d
 * are safe (true for contact parameters: |n| <= 2^48, |v| <= 2^23). A float
 * guess is checked against (2r − 1)·d <= 2·n·v < (2r + 1)·d (the mirror for
 * negative values) by compareProducts and moved by one until it holds.
 */
export function roundQuotient(n: number, v: number, d: number): number {
  let r = roundHalfAway((n / d) * v);
  const negative = n < 0 !== v < 0 && n !== 0 && v !== 0;
  for (let guard = 0; guard < 64; guard++) {
    const lo = compareProducts(2 * n, v, 2 * r - 1, d); // sign(2nv − (2r − 1)d)
    const hi = compareProducts(2 * n, v, 2 * r + 1, d); // sign(2nv − (2r + 1)d)
    if (negative ? lo <= 0 : lo < 0) r--;
    else if (negative ? hi > 0 : hi >= 0) r++;
    else return r + 0;
  }
  throw new Error(`roundQuotient(${n}, ${v}, ${d}) did not settle`);
}
