import { CDEG_EIGHTH, CDEG_QUARTER, normalizeCdeg } from "./angle.js";
import { roundHalfAway } from "./exact.js";
import type { Point } from "./point.js";

/**
 * A deterministic sine and cosine from + − × / only (Math.sin is
 * implementation-approximated: engines differ in the last bits).
 *
 * Range reduction is exact integer arithmetic on the centidegrees: the
 * quadrant q = floor(θ / 9000) and the residue ρ = θ mod 9000. For
 * ρ <= 4500 the first-quadrant vector is (S(ρ), C(ρ)), polynomials of
 * φ = ρ · (π / 18000) on [0, π/4]; for ρ > 4500 it is (C(9000 − ρ),
 * S(9000 − ρ)), the mirror in the 45° line; at ρ = 4500 exactly both are
 * Math.SQRT1_2 (the double nearest √½, fixed by the standard). The quadrant
 * then rotates it a quarter turn clockwise q times, (x, y) → (y, −x), which
 * only moves and negates doubles. So, bit for bit:
 *
 * - direction(0) = (0, 1), direction(9000) = (1, 0), and so on: S(0) = 0 and
 *   C(0) = 1 exactly (the series' later terms are multiples of φ² = 0);
 * - direction(θ + 9000) is direction(θ) turned a quarter clockwise;
 * - direction(−θ) = (−x, y), and direction(9000 − θ) swaps x and y: the
 *   residues of −θ and 9000 − θ are 9000 − ρ, which selects the mirrored
 *   branch with the same polynomial value;
 * - x = y at 45°.
 *
 * Accuracy. The series are Taylor's to φ^19 (sine) and φ^18 (cosine),
 * truncation below (π/4)^20/20! < 1e-20; evaluated by Horner's rule in
 * the fixed order written, each of ~10 steps adds at most an ulp, and φ
 * itself is within an ulp of the true angle: |error| about 1e-15 on each
 * component (the test measures it against Math.sin). What matters for the
 * rules is that the value is the same on every engine, not that it is the
 * correctly rounded sine.
 */

const PI_OVER_18000 = Math.PI / 18000;

/** sin φ for φ in [0, π/4]: φ(1 − φ²/(2·3)(1 − φ²/(4·5)(1 − ...))). */
function sinPoly(phi: number): number {
  const z = phi * phi;
  let s = 1 - z / 342; // 18 · 19
  s = 1 - (z / 272) * s; // 16 · 17
  s = 1 - (z / 210) * s; // 14 · 15
  s = 1 - (z / 156) * s; // 12 · 13
  s = 1 - (z / 110) * s; // 10 · 11
  s = 1 - (z / 72) * s; // 8 · 9
  s = 1 - (z / 42) * s; // 6 · 7
  s = 1 - (z / 20) * s; // 4 · 5
  s = 1 - (z / 6) * s; // 2 · 3
  return phi * s;
}

/** cos φ for φ in [0, π/4]: 1 − φ²/(1·2)(1 − φ²/(3·4)(1 − ...)). */
function cosPoly(phi: number): number {
  const z = phi * phi;
  let c = 1 - z / 306; // 17 · 18
  c = 1 - (z / 240) * c; // 15 · 16
  c = 1 - (z / 182) * c; // 13 · 14
  c = 1 - (z / 132) * c; // 11 · 12
  c = 1 - (z / 90) * c; // 9 · 10
  c = 1 - (z / 56) * c; // 7 · 8
  c = 1 - (z / 30) * c; // 5 · 6
  c = 1 - (z / 12) * c; // 3 · 4
  return 1 - (z / 2) * c; // 1 · 2
}

/** The unit vector of facing `cdeg`: { x: sin θ, y: cos θ } (0 = north, clockwise), deterministic. */
export function direction(cdeg: number): Point {
  const t = normalizeCdeg(cdeg);
  const q = Math.floor(t / CDEG_QUARTER);
  const rho = t - q * CDEG_QUARTER;
  let x: number;
  let y: number;
  if (rho === CDEG_EIGHTH) {
    x = Math.SQRT1_2;
    y = Math.SQRT1_2;
  } else if (rho < CDEG_EIGHTH) {
    const phi = rho * PI_OVER_18000;
    x = sinPoly(phi);
    y = cosPoly(phi);
  } else {
    const phi = (CDEG_QUARTER - rho) * PI_OVER_18000;
    x = cosPoly(phi);
    y = sinPoly(phi);
  }
  // A quarter turn clockwise, q times: (x, y) -> (y, -x). `+ 0` keeps -0 out.
  switch (q) {
    case 0:
      return { x, y };
    case 1:
      return { x: y, y: -x + 0 };
    case 2:
      return { x: -x + 0, y: -y + 0 };
    default:
      return { x: -y + 0, y: x };
  }
}

/**
 * The integer vector nearest `length` × direction(cdeg), each component
 * rounded half away from zero (roundHalfAway). Rounding is odd-symmetric, so
 * scaledDirection(θ, −L) = −scaledDirection(θ, L) and every symmetry of
 * `direction` carries over: scaledDirection(θ + 9000, L) is scaledDirection(θ, L)
 * turned a quarter clockwise, exactly. `length` must be a safe integer with
 * |length| <= 2^30, so length × component is within 2^30 and its rounding
 * is exact (roundHalfAway's proof).
 */
export function scaledDirection(cdeg: number, length: number): Point {
  if (!Number.isSafeInteger(length) || Math.abs(length) > 1_073_741_824) {
    throw new RangeError(`scaledDirection: ${length} is not a whole number of ticks within 2^30`);
  }
  const u = direction(cdeg);
  return { x: roundHalfAway(length * u.x) + 0, y: roundHalfAway(length * u.y) + 0 };
}
