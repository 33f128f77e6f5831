import { describe, expect, it } from "vitest";
import { between, boxAround, clearOfCover, contains, follow, framed, inClearSight } from "./follow.js";

const shown = { x: 100, y: 100, w: 400, h: 300 };

describe("following the side to act", () => {
  it("boxes the points with a margin", () => {
    expect(
      boxAround(
        [
          { x: 10, y: 20 },
          { x: 50, y: 5 },
        ],
        5,
      ),
    ).toEqual({ x: 5, y: 0, w: 50, h: 25 });
    expect(boxAround([], 5)).toBeUndefined();
  });

  it("leaves the view alone when the units are already in sight", () => {
    expect(follow(shown, { x: 150, y: 150, w: 100, h: 100 })).toBe(shown);
  });

  it("pans at the same zoom when the units fit the view", () => {
    const v = follow(shown, { x: 900, y: 700, w: 100, h: 100 });
    expect(v).toEqual({ x: 750, y: 600, w: 400, h: 300 });
    expect(contains(v, { x: 900, y: 700, w: 100, h: 100 })).toBe(true);
  });

  it("zooms out just enough when they do not fit", () => {
    const box = { x: 0, y: 0, w: 1000, h: 200 };
    expect(follow(shown, box)).toEqual(box);
  });

  it("frames a lone unit with its surroundings", () => {
    expect(framed({ x: 100, y: 0, w: 20, h: 20 }, 200)).toEqual({ x: 10, y: 0, w: 200, h: 20 });
  });

  it("eases from one view to the other", () => {
    const b = { x: 500, y: 500, w: 800, h: 600 };
    expect(between(shown, b, 0)).toEqual(shown);
    expect(between(shown, b, 1)).toEqual(b);
    expect(between(shown, b, 0.5).x).toBeCloseTo(300);
  });
});

describe("following the side to act round the overview map", () => {
  // The overview map in the bottom-right corner: the right 40% of the element, the bottom third.
  const cover = { left: 0.6, top: 2 / 3, right: 1, bottom: 1 };
  const sheet = { x: 0, y: 0, w: 4000, h: 3000 };
  // The host's fit: the view kept on the sheet (aspect 0.75 as `shown`).
  const fit = (v: { x: number; y: number; w: number; h: number }) => ({
    ...v,
    x: Math.min(Math.max(v.x, 0), sheet.w - v.w),
    y: Math.min(Math.max(v.y, 0), sheet.h - v.h),
  });

  it("keeps the view when the overview map hides none of the units", () => {
    const box = { x: 150, y: 150, w: 100, h: 100 };
    expect(inClearSight(shown, box, cover)).toBe(true);
    expect(clearOfCover(shown, box, cover, fit)).toBe(shown);
  });

  it("counts units under the overview map as out of sight, and slides the view the shorter way to clear them", () => {
    // The box's bottom-right corner lies under the cover (x from 340, y from 300 on the sheet).
    const box = { x: 300, y: 310, w: 60, h: 60 };
    expect(contains(shown, box)).toBe(true);
    expect(inClearSight(shown, box, cover)).toBe(false);
    const v = clearOfCover(shown, box, cover, fit);
    expect(inClearSight(v, box, cover)).toBe(true);
    expect(v.w).toBe(shown.w);
    // Left of the cover needs a slide of 20 to the right; above it one of 70 down: the view slides right.
    expect(v).toEqual({ ...shown, x: 120 });
  });

  it("slides the other way when the sheet's edge stops the shorter slide", () => {
    // At the sheet's right edge the view cannot slide right; it slides down instead.
    const atEdge = { x: 3600, y: 100, w: 400, h: 300 };
    const box = { x: 3800, y: 310, w: 60, h: 60 };
    const v = clearOfCover(atEdge, box, cover, fit);
    expect(inClearSight(v, box, cover)).toBe(true);
    expect(v).toEqual({ ...atEdge, y: 170 });
  });

  it("zooms out from the view's corner when no slide clears the units, as far as the sheet's edge allows", () => {
    // Too wide to stand left of the cover and too tall to stand above it, at the sheet's bottom edge: zooming
    // out downwards is undone by the edge, so the view zooms out until the units stand left of the cover.
    const low = { x: 2000, y: 2700, w: 400, h: 300 };
    const box = { x: 2050, y: 2720, w: 300, h: 250 };
    const v = clearOfCover(low, box, cover, fit);
    expect(v.w).toBeCloseTo((350 / 240) * 400);
    expect(v.w / v.h).toBeCloseTo(low.w / low.h);
    expect(inClearSight(v, box, cover)).toBe(true);
  });

  it("keeps the view when units in the sheet's own corner lie under the overview map", () => {
    const corner = { x: 3600, y: 2700, w: 400, h: 300 };
    const box = { x: 3650, y: 2720, w: 300, h: 250 };
    expect(clearOfCover(corner, box, cover, fit)).toBe(corner);
  });

  it("follows as before with no overview map shown", () => {
    const box = { x: 380, y: 330, w: 60, h: 40 };
    expect(clearOfCover(shown, box, undefined, fit)).toBe(shown);
  });
});
