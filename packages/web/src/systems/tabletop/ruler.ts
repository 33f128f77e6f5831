import { TICKS_PER_INCH } from "@tercio/geometry";
import type { Point } from "./frame.js";

/**
 * The free ruler: a zero-thickness line between two table points and its
 * length. Integer ticks in, so the squared length is exact; the inches
 * shown are its square root to the hundredth, and "exactly" when the
 * length is a whole number of ticks.
 */
export interface RulerReading {
  readonly squared: number;
  readonly inches: number;
  readonly exact: boolean;
}

export function measure(a: Point, b: Point): RulerReading {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const squared = dx * dx + dy * dy;
  const root = Math.round(Math.sqrt(squared));
  return { squared, inches: Math.sqrt(squared) / TICKS_PER_INCH, exact: root * root === squared };
}

/** "12.04 inches", "exactly 6 inches". */
export function rulerWords(r: RulerReading): string {
  const v = Math.round(r.inches * 100) / 100;
  // Exactly: the length is a whole number of ticks that is a whole number of hundredths of an inch.
  const exactly = r.exact && (Math.round(Math.sqrt(r.squared)) * 100) % TICKS_PER_INCH === 0;
  return `${exactly ? "exactly " : ""}${v} inches`;
}
