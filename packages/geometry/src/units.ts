/**
 * Lengths are integer ticks. 1 tick = 1/6096 inch = 1/240 mm: 6096 = 2^4 · 3 · 127
 * and 25.4 mm = 254/10 mm, so 6096 ticks per inch is 240 ticks per millimetre.
 * Halves, thirds, quarters, sixths, eighths, twelfths and sixteenths of an
 * inch (anything dividing 48 · 127 = 6096 and sharing no factor 127 with the
 * numerator) and whole millimetres are whole ticks.
 */

export const TICKS_PER_INCH = 6096;
export const TICKS_PER_MM = 240;

/**
 * `whole` inches plus num/den of an inch, in ticks: inches(12) = 73152,
 * inches(0, 1, 3) = 2032. Throws a RangeError unless the result is a whole
 * tick count (den must divide num · 6096 exactly) and safe.
 */
export function inches(whole: number, num = 0, den = 1): number {
  if (!Number.isSafeInteger(whole) || !Number.isSafeInteger(num) || !Number.isSafeInteger(den) || den <= 0) {
    throw new RangeError(`inches(${whole}, ${num}, ${den}): whole numbers needed, den > 0`);
  }
  const part = num * TICKS_PER_INCH;
  if (part % den !== 0) throw new RangeError(`${num}/${den} inch is not a whole number of ticks`);
  const t = whole * TICKS_PER_INCH + part / den;
  if (!Number.isSafeInteger(t)) throw new RangeError(`inches(${whole}, ${num}, ${den}) is out of range`);
  return t;
}

/** Whole millimetres in ticks (240 per mm). Throws a RangeError unless mm is a safe whole number. */
export function millimetres(mm: number): number {
  const t = mm * TICKS_PER_MM;
  if (!Number.isSafeInteger(mm) || !Number.isSafeInteger(t))
    throw new RangeError(`${mm} mm: whole millimetres needed`);
  return t;
}

/** Ticks as (float) inches, for display only: never compare these to decide a rule. */
export function ticksToInches(t: number): number {
  return t / TICKS_PER_INCH;
}
