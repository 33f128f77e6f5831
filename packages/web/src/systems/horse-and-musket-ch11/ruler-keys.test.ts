import { describe, expect, it } from "vitest";
import { RULER_STEP, rulerKey, rulerStart } from "./ruler-keys.js";

const table = { width: 72 * 6096, height: 48 * 6096 };
const press = (key: string, shiftKey = false) => ({ key, shiftKey });

describe("the ruler by keyboard", () => {
  it("moves the cursor a quarter inch a press, an inch with Shift, north up, and stays on the table", () => {
    const s = rulerStart(table);
    const up = rulerKey(s, press("ArrowUp"), table);
    expect(up?.state.cursor).toEqual({ x: 36 * 6096, y: 24 * 6096 + RULER_STEP });
    expect(up?.words).toBe("cursor 36, 24.25 inches");
    const left = rulerKey(s, press("ArrowLeft", true), table);
    expect(left?.state.cursor).toEqual({ x: 35 * 6096, y: 24 * 6096 });
    const corner = rulerKey(rulerStart(table, { x: 0, y: 0 }), press("ArrowDown"), table);
    expect(corner?.state.cursor).toEqual({ x: 0, y: 0 });
    expect(rulerKey(s, press("a"), table)).toBeUndefined();
  });

  it("Enter sets the first end, the ruler follows the cursor, Enter sets the second end", () => {
    let s = rulerStart(table);
    const first = rulerKey(s, press("Enter"), table);
    expect(first?.words).toBe("ruler from 36, 24 inches");
    s = first?.state ?? s;
    for (let i = 0; i < 3; i++) s = rulerKey(s, press("ArrowRight", true), table)?.state ?? s;
    const four = rulerKey(s, press("ArrowUp", true), table);
    expect(four?.words).toBe("39, 25 inches: 3.16 inches");
    s = four?.state ?? s;
    s = rulerKey(s, press("ArrowUp", true), table)?.state ?? s;
    s = rulerKey(s, press("ArrowUp", true), table)?.state ?? s;
    s = rulerKey(s, press("ArrowUp", true), table)?.state ?? s;
    // A 3-4-5 triangle: exactly 5 inches.
    const done = rulerKey(s, press("Enter"), table);
    expect(done?.words).toBe("ruler: exactly 5 inches");
    expect(done?.state.open).toBe(false);
    expect(done?.state.ruler).toEqual({
      a: { x: 36 * 6096, y: 24 * 6096 },
      b: { x: 39 * 6096, y: 28 * 6096 },
    });
    // Moving on leaves the ruler laid; Escape lifts it.
    const after = rulerKey(done?.state ?? s, press("ArrowLeft"), table);
    expect(after?.state.ruler).toEqual(done?.state.ruler);
    expect(rulerKey(after?.state ?? s, press("Escape"), table)?.state.ruler).toBeUndefined();
  });
});
