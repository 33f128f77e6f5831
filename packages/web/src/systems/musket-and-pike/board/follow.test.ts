import { describe, expect, it } from "vitest";
import { between, boxAround, contains, follow, framed } from "./follow.js";

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
