import { roundQuotient } from "./exact.js";
import type { Point } from "./point.js";

/** The most parts a side is divided into: far more than any rule asks, and it keeps every numerator tiny. */
const MAX_PARTS = 64;

/**
 * The midpoints of the n equal parts of ab, a + ((2k + 1)/(2n))·(b − a) for
 * k = 0..n − 1, each coordinate rounded to the nearest tick, halves away
 * from zero: sample points along a target's side ("half of the side must be
 * visible": sight lines to the part midpoints, a count of the clear ones).
 *
 * Each coordinate is the exact quotient (2n·a + (2k + 1)(b − a)) / 2n,
 * numerators below 2^31, rounded by roundQuotient. Rounding the coordinate
 * itself (not the offset from a) makes the answer symmetric: the points of
 * ba are those of ab in reverse order, since part n − 1 − k of ba has the
 * same exact midpoint as part k of ab.
 */
export function partMidpoints(a: Point, b: Point, n: number): Point[] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_PARTS)
    throw new RangeError(`partMidpoints: ${n} parts is not an integer from 1 to ${MAX_PARTS}`);
  const d = 2 * n;
  const points: Point[] = [];
  for (let k = 0; k < n; k++) {
    const s = 2 * k + 1;
    points.push({
      x: roundQuotient(d * a.x + s * (b.x - a.x), 1, d),
      y: roundQuotient(d * a.y + s * (b.y - a.y), 1, d),
    });
  }
  return points;
}
