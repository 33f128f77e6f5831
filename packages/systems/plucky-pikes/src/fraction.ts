import { z } from "zod";

/**
 * Exact rational numbers for 001's arithmetic: the text multiplies a
 * Lethality Factor by 1.5 and 2 ("LF=1.5(AV+2)"), halves it on a natural
 * 1, takes a third of a gun's AV, and counts hits as whole multiples of
 * the Defense Factor. A float would put "exactly twice the DF" on the
 * wrong side of a line now and then; numerator and denominator never do.
 * Denominators stay small (halves, thirds, quarters), so every product
 * stays far below 2^53.
 */
export interface Fraction {
  readonly num: number;
  readonly den: number;
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** num/den in lowest terms with a positive denominator. */
export function fraction(num: number, den = 1): Fraction {
  if (!Number.isInteger(num) || !Number.isInteger(den) || den === 0)
    throw new Error(`not a fraction: ${num}/${den}`);
  const sign = den < 0 ? -1 : 1;
  const g = gcd(num, den) || 1;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

export const ZERO = fraction(0);
export const ONE = fraction(1);

export function add(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function times(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.num, a.den * b.den);
}

/** ⌊a / b⌋ for a positive b: how many whole b's are in a. */
export function wholeTimes(a: Fraction, b: Fraction): number {
  if (b.num <= 0) throw new Error("wholeTimes: the divisor must be positive");
  return Math.floor((a.num * b.den) / (a.den * b.num));
}

/** ⌊a⌋. */
export function floorOf(a: Fraction): number {
  return Math.floor(a.num / a.den);
}

export function compare(a: Fraction, b: Fraction): number {
  return Math.sign(a.num * b.den - b.num * a.den);
}

/** "1.5" as 3/2: the decimal written, exactly (a float never enters). */
function parseDecimal(text: string): Fraction | undefined {
  const m = /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(text);
  if (!m) return undefined;
  const decimals = m[3] ?? "";
  const scale = 10 ** decimals.length;
  const whole = Number(m[2]) * scale + (decimals === "" ? 0 : Number(decimals));
  return fraction(m[1] === "-" ? -whole : whole, scale);
}

/**
 * A fraction in a rules-data file: a whole number, or a string "3/2",
 * "1/3" or "1.5" read exactly. The file stays readable, and no value is
 * ever a binary approximation.
 */
export const FractionSchema = z.union([z.number().int(), z.string()]).transform((value, ctx) => {
  if (typeof value === "number") return fraction(value);
  const ratio = /^(-?\d+)\/([1-9]\d*)$/.exec(value);
  const parsed = ratio ? fraction(Number(ratio[1]), Number(ratio[2])) : parseDecimal(value);
  if (!parsed) {
    ctx.addIssue({ code: "custom", message: `"${value}": a whole number, "a/b" or a decimal such as "1.5"` });
    return z.NEVER;
  }
  return parsed;
});
