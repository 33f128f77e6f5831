import { describe, expect, it } from "vitest";
import { MIN_COUNTER_PX, readableOnPhone } from "./frame.js";

const wide = { width: 1500, height: 900 };
const phone = { width: 390, height: 520 };
const pts = [
  { x: 100, y: 100 },
  { x: 120, y: 110 },
  { x: 140, y: 120 },
  { x: 1900, y: 900 },
];
const all = { x: 80, y: 80, w: 1840, h: 840 };

describe("the board's frame of a situation on a phone", () => {
  it("zooms in until a counter is readable, centred where the units are thickest", () => {
    const v = readableOnPhone(all, pts, 50, phone);
    // A 50-pixel counter drawn at 40 screen pixels or more.
    expect((50 * phone.width) / v.w).toBeGreaterThanOrEqual(MIN_COUNTER_PX - 1e-9);
    expect((50 * phone.height) / v.h).toBeGreaterThanOrEqual(MIN_COUNTER_PX - 1e-9);
    expect(v.x + v.w / 2).toBe(565);
    expect(v.y + v.h / 2).toBe(307.5);
  });

  it("keeps a frame whose counters are readable already", () => {
    const near = { x: 90, y: 90, w: 300, h: 400 };
    expect(readableOnPhone(near, pts, 50, phone)).toBe(near);
  });

  it("on a wide screen, shows the whole situation however small its counters", () => {
    expect(readableOnPhone(all, pts, 50, wide)).toBe(all);
  });

  it("keeps the frame when there is nothing to centre on or no element measured yet", () => {
    expect(readableOnPhone(all, [], 50, phone)).toBe(all);
    expect(readableOnPhone(all, pts, 50, { width: 0, height: 0 })).toBe(all);
  });
});
