import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { direction, scaledDirection } from "./direction.js";

const quarter = (p: { x: number; y: number }) => ({ x: p.y, y: -p.x + 0 });

describe("direction: a deterministic sin/cos from + - * / only", () => {
  it("is exact at the quarter turns: north, east, south, west", () => {
    expect(direction(0)).toEqual({ x: 0, y: 1 });
    expect(direction(9000)).toEqual({ x: 1, y: 0 });
    expect(direction(18000)).toEqual({ x: 0, y: -1 });
    expect(direction(27000)).toEqual({ x: -1, y: 0 });
    expect(direction(-9000)).toEqual({ x: -1, y: 0 });
    expect(direction(36000)).toEqual({ x: 0, y: 1 });
    expect(Object.is(direction(0).x, 0)).toBe(true);
    expect(Object.is(direction(18000).x, 0)).toBe(true);
  });

  it("has x equal to y at 45 degrees, and the other diagonals are its mirrors", () => {
    const d = direction(4500);
    expect(d.x).toBe(d.y);
    expect(d.x).toBe(Math.SQRT1_2);
    expect(direction(13500)).toEqual({ x: d.x, y: -d.y });
    expect(direction(-4500)).toEqual({ x: -d.x, y: d.y });
  });

  it("is within 2e-15 of the platform sine and cosine at every centidegree (whose own angle argument is rounded)", () => {
    let worst = 0;
    for (let t = 0; t < 36000; t++) {
      const d = direction(t);
      const a = (t * Math.PI) / 18000;
      // biome-ignore lint/nursery/noJsRestrictedProperties: the test compares with the platform's sine, it does not decide anything with it
      worst = Math.max(worst, Math.abs(d.x - Math.sin(a)), Math.abs(d.y - Math.cos(a)));
    }
    expect(worst).toBeLessThan(2e-15);
  });

  it("turns a quarter clockwise exactly when the angle grows by 9000, and mirrors exactly for -θ", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100000, max: 100000 }), (t) => {
        expect(direction(t + 9000)).toEqual(quarter(direction(t)));
        const d = direction(t);
        expect(direction(-t)).toEqual({ x: -d.x + 0, y: d.y });
        expect(direction(9000 - t)).toEqual({ x: d.y, y: d.x });
      }),
    );
  });
});

describe("scaledDirection: the nearest integer vector", () => {
  it("is exact on the axes and symmetric on the diagonal", () => {
    expect(scaledDirection(0, 6096)).toEqual({ x: 0, y: 6096 });
    expect(scaledDirection(9000, 6096)).toEqual({ x: 6096, y: 0 });
    expect(scaledDirection(27000, 5)).toEqual({ x: -5, y: 0 });
    // 6096 / √2 = 4310.50... rounds to 4311 on both axes.
    expect(scaledDirection(4500, 6096)).toEqual({ x: 4311, y: 4311 });
  });

  it("is odd in the length and rotates exactly by quarter turns", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 35999 }),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        (t, l) => {
          const v = scaledDirection(t, l);
          const w = scaledDirection(t, -l);
          expect({ x: -w.x + 0, y: -w.y + 0 }).toEqual(v);
          expect(scaledDirection(t + 9000, l)).toEqual(quarter(v));
          // Within half a tick of the true vector on each axis.
          const u = direction(t);
          expect(Math.abs(v.x - l * u.x)).toBeLessThanOrEqual(0.5);
          expect(Math.abs(v.y - l * u.y)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});
