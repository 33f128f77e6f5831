import { describe, expect, it } from "vitest";
import { homeView, MARGIN, MIN_VIEW, panStep, toTable, toUser, zoomAt } from "./frame.js";

const table = { width: 72 * 6096, height: 48 * 6096 };

describe("the board's frame (ticks, y flipped)", () => {
  it("turns table points to user points and back on whole ticks", () => {
    expect(toUser(table, { x: 100, y: 0 })).toEqual({ x: 100, y: table.height });
    expect(toTable(table, { x: 100.4, y: table.height - 6096.6 })).toEqual({ x: 100, y: 6097 });
    expect(toTable(table, toUser(table, { x: 12345, y: 67890 }))).toEqual({ x: 12345, y: 67890 });
  });

  it("starts with the whole table and its margins", () => {
    expect(homeView(table)).toEqual({
      x: -MARGIN,
      y: -MARGIN,
      w: table.width + 2 * MARGIN,
      h: table.height + 2 * MARGIN,
    });
  });

  it("zooms about a point that stays put, within limits", () => {
    const v = homeView(table);
    const about = { x: 10_000, y: 20_000 };
    const z = zoomAt(v, table, 2, about);
    expect(z.w).toBeCloseTo(v.w / 2);
    // The point's place in the view (as a fraction) is unchanged.
    expect((about.x - z.x) / z.w).toBeCloseTo((about.x - v.x) / v.w);
    expect((about.y - z.y) / z.h).toBeCloseTo((about.y - v.y) / v.h);
    expect(zoomAt(v, table, 1000, about).w).toBe(MIN_VIEW);
    expect(zoomAt(v, table, 0.001, about).w).toBe(v.w * 2);
  });

  it("pans a tenth of the view a step", () => {
    const v = homeView(table);
    expect(panStep(v, 1, 0).x - v.x).toBeCloseTo(v.w / 10);
    expect(panStep(v, 0, -1).y - v.y).toBeCloseTo(-v.h / 10);
  });
});
