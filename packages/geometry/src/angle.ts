/**
 * Angles are integer centidegrees (cdeg), 36000 to the turn. A facing of 0
 * points north (+y, up the table); positive angles turn clockwise, so 9000
 * is east (+x). Angles are compared as integers; only direction.ts turns
 * them into vectors.
 */

export const CDEG_PER_TURN = 36000;
export const CDEG_QUARTER = 9000;
export const CDEG_EIGHTH = 4500;

/** The same direction in [0, 36000). Throws a RangeError unless `cdeg` is a safe integer. */
export function normalizeCdeg(cdeg: number): number {
  if (!Number.isSafeInteger(cdeg)) throw new RangeError(`${cdeg} is not a whole number of centidegrees`);
  const r = cdeg % CDEG_PER_TURN;
  // `+ 0` turns -0 into 0.
  return (r < 0 ? r + CDEG_PER_TURN : r) + 0;
}

/** The signed turn from `from` to `to` in (-18000, 18000], clockwise positive. */
export function turnBetween(from: number, to: number): number {
  const d = normalizeCdeg(to - from);
  return d > 18000 ? d - CDEG_PER_TURN : d;
}
