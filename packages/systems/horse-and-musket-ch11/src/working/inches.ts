import { TICKS_PER_INCH } from "@tercio/geometry";

/**
 * A length in inches for people, by integer arithmetic: hundredths of an
 * inch rounded UP, so a reading never looks shorter than the length it
 * reads. With ranges and allowances in whole inches, "12 inches" is then
 * never a length the rule found beyond 12": the words agree with the
 * decision (ceilDistance's ticks in, the rounding up kept).
 */
export function hundredthsUp(ticks: number): number {
  if (ticks <= 0) return 0;
  return Math.floor((ticks * 100 + TICKS_PER_INCH - 1) / TICKS_PER_INCH);
}

/** 45720 -> "7.5 inches", 6096 -> "1 inch", 73153 -> "12.01 inches". */
export function inchesWords(ticks: number): string {
  const h = hundredthsUp(ticks);
  const whole = Math.floor(h / 100);
  const part = h % 100;
  const text = part === 0 ? `${whole}` : `${whole}.${part < 10 ? `0${part}` : `${part}`}`.replace(/0$/, "");
  return `${text} ${h === 100 ? "inch" : "inches"}`;
}
