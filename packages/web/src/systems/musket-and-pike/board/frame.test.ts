import { describe, expect, it } from "vitest";
import { frameOf, MIN_COUNTER_PX } from "./frame.js";

const wide = { width: 1500, height: 900 };
const phone = { width: 390, height: 520 };

describe("the board's frame of a situation", () => {
  it("frames every point with its margin, at least the minimum width, on a wide screen", () => {
    const v = frameOf(
      [
        { x: 100, y: 100 },
        { x: 900, y: 400 },
      ],
      20,
      300,
      50,
      wide,
    );
    expect(v).toEqual({ x: 80, y: 80, w: 840, h: 340 });
  });

  it("on a phone, zooms in until a counter is readable, centred where the points are thickest", () => {
    const pts = [
      { x: 100, y: 100 },
      { x: 120, y: 110 },
      { x: 140, y: 120 },
      { x: 1900, y: 900 },
    ];
    const v = frameOf(pts, 20, 300, 50, phone);
    if (!v) throw new Error("no frame");
    // A 50-pixel counter drawn at 40 screen pixels or more.
    expect((50 * phone.width) / v.w).toBeGreaterThanOrEqual(MIN_COUNTER_PX - 1e-9);
    expect((50 * phone.height) / v.h).toBeGreaterThanOrEqual(MIN_COUNTER_PX - 1e-9);
    expect(v.x + v.w / 2).toBe(565);
    expect(v.y + v.h / 2).toBe(307.5);
  });

  it("on a wide screen, shows the whole situation however small its counters", () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 4000, y: 2000 },
    ];
    expect(frameOf(pts, 0, 300, 50, wide)).toEqual({ x: 0, y: 0, w: 4000, h: 2000 });
  });

  it("frames nothing when there is nothing to frame", () => {
    expect(frameOf([], 20, 300, 50, phone)).toBeUndefined();
  });
});
