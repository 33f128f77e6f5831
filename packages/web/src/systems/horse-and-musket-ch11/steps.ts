import { TICKS_PER_INCH } from "@tercio/geometry";
import { type MoveDraft, normTurn } from "./program.js";

/**
 * Keyboard steps of a move. The rules data has no increment of its own (004
 * measures in whole inches and 45º only for charges), so these are display
 * constants: a quarter of an inch a press, and 5º a press.
 */
export const LEG_STEP = TICKS_PER_INCH / 4;
export const PIVOT_STEP = 500;

/** Up (+1) advances a quarter inch more; Down (−1) less, through zero to straight back. */
export function stepLeg(d: MoveDraft, dir: 1 | -1): MoveDraft {
  const leg = d.leg + dir * LEG_STEP;
  // A road move is ahead only.
  return { ...d, leg: d.road ? Math.max(0, leg) : leg };
}

/**
 * Right (+1) turns 5º clockwise. Before any leg it is the pivot at the start;
 * once there is a leg, the pivot at the end (004 Movement: Turning: "at the
 * start and/or the end of their move").
 */
export function stepPivot(d: MoveDraft, dir: 1 | -1): MoveDraft {
  if (d.leg === 0) return { ...d, startPivot: normTurn(d.startPivot + dir * PIVOT_STEP) };
  return { ...d, endPivot: normTurn(d.endPivot + dir * PIVOT_STEP) };
}

/** Typed inches ("3.5", "-1", "2 1/4") as ticks, or undefined for text that is not a length. */
export function parseInches(text: string): number | undefined {
  const t = text
    .trim()
    .replace(/["”″]|in(ches)?$/g, "")
    .trim();
  const m = /^(-)?(\d+)?(?:\.(\d+))?(?:\s*(\d+)\/(\d+))?$/.exec(t);
  if (!m || t === "" || t === "-") return undefined;
  const [, neg, whole, frac, num, den] = m;
  let inches = Number(whole ?? 0) + (frac ? Number(`0.${frac}`) : 0);
  if (num && den) {
    if (Number(den) === 0) return undefined;
    inches += Number(num) / Number(den);
  }
  const ticks = Math.round(inches * TICKS_PER_INCH);
  return neg ? -ticks : ticks;
}

/** Typed degrees ("45", "-12.5", "30 left", "30 right") as centidegrees, clockwise positive. */
export function parseDegrees(text: string): number | undefined {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*(?:º|°|deg(?:rees)?)?\s*(left|right|l|r)?\s*$/i.exec(text);
  if (!m?.[1]) return undefined;
  const v = Math.round(Number(m[1]) * 100);
  const left = m[2]?.toLowerCase().startsWith("l") === true;
  return normTurn(left ? -v : v);
}
