import { TICKS_PER_INCH } from "@tercio/geometry";
import { inchesNumber, type Point, type TableSize } from "../tabletop/frame.js";
import { measure, rulerWords } from "../tabletop/ruler.js";

/**
 * The ruler by keyboard (headless): a cursor on the table that the arrows
 * move a quarter inch a press (Shift: an inch), Enter to set the first end
 * and then the second, Escape to lift the ruler. While the first end is set
 * the ruler runs from it to the cursor. Each step has a sentence for the
 * live region.
 */
export interface RulerState {
  /** Where the keyboard cursor is, ticks (x east, y north). */
  readonly cursor: Point;
  /** The ruler laid: from a to b. */
  readonly ruler: { readonly a: Point; readonly b: Point } | undefined;
  /** The first end is set and the second follows the cursor. */
  readonly open: boolean;
}

export const RULER_STEP = TICKS_PER_INCH / 4;
export const RULER_BIG_STEP = TICKS_PER_INCH;

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

export function rulerStart(table: TableSize, at?: Point): RulerState {
  const centre = { x: Math.round(table.width / 2), y: Math.round(table.height / 2) };
  return { cursor: at ?? centre, ruler: undefined, open: false };
}

const at = (p: Point) => `${inchesNumber(p.x)}, ${inchesNumber(p.y)} inches`;

/** The state after a key, and what to announce; undefined for a key the ruler does not take. */
export function rulerKey(
  s: RulerState,
  e: { readonly key: string; readonly shiftKey: boolean },
  table: TableSize,
): { state: RulerState; words: string } | undefined {
  const move = MOVES[e.key];
  if (move) {
    const step = e.shiftKey ? RULER_BIG_STEP : RULER_STEP;
    const cursor = {
      x: Math.min(table.width, Math.max(0, s.cursor.x + move[0] * step)),
      y: Math.min(table.height, Math.max(0, s.cursor.y + move[1] * step)),
    };
    const a = s.open ? s.ruler?.a : undefined;
    const state: RulerState = { ...s, cursor, ruler: a ? { a, b: cursor } : s.ruler };
    return { state, words: a ? `${at(cursor)}: ${rulerWords(measure(a, cursor))}` : `cursor ${at(cursor)}` };
  }
  if (e.key === "Enter") {
    if (!s.open)
      return {
        state: { ...s, ruler: { a: s.cursor, b: s.cursor }, open: true },
        words: `ruler from ${at(s.cursor)}`,
      };
    const a = s.ruler?.a ?? s.cursor;
    return {
      state: { ...s, ruler: { a, b: s.cursor }, open: false },
      words: `ruler: ${rulerWords(measure(a, s.cursor))}`,
    };
  }
  if (e.key === "Escape") return { state: { ...s, ruler: undefined, open: false }, words: "ruler lifted" };
  return undefined;
}
