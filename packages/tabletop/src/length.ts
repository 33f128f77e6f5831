import { TICKS_PER_INCH } from "@tercio/geometry";
import { z } from "zod";

/**
 * Lengths in the data files are inches, in one of two exact notations:
 *
 * - a JSON number: 6, 1.5, 0.25 (a decimal whose value is a whole number
 *   of ticks; 0.1 inch is 609.6 ticks and is refused);
 * - `{ "in": 2, "num": 1, "den": 3 }`: 2⅓ inches, for thirds and other
 *   fractions no decimal writes exactly (den must divide num · 6096).
 *
 * Both become integer ticks at load (1 tick = 1/6096 inch); nothing
 * downstream sees inches.
 */
export type Length = number | { readonly in: number; readonly num: number; readonly den: number };

export function lengthTicks(length: Length): number | undefined {
  if (typeof length === "number") {
    const t = length * TICKS_PER_INCH;
    // The product must be a whole number that divides back exactly: no rounding hides a non-tick length.
    return Number.isSafeInteger(t) && t / TICKS_PER_INCH === length ? t : undefined;
  }
  const part = length.num * TICKS_PER_INCH;
  if (part % length.den !== 0) return undefined;
  const t = length.in * TICKS_PER_INCH + part / length.den;
  return Number.isSafeInteger(t) ? t : undefined;
}

const FractionalInches = z.strictObject({
  in: z.number().int(),
  num: z.number().int().min(0),
  den: z.number().int().min(1),
});

/** A length in inches (either notation), validated and turned into ticks. */
export const LengthSchema = z.union([z.number(), FractionalInches]).transform((value, ctx) => {
  const t = lengthTicks(value);
  if (t === undefined) {
    ctx.addIssue({ code: "custom", message: "not a whole number of ticks (1/6096 inch)" });
    return z.NEVER;
  }
  return t;
});

/** A length that must be positive. */
export const PositiveLengthSchema = LengthSchema.refine((t) => t > 0, "must be positive");
