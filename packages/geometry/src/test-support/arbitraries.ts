import fc from "fast-check";
import type { BaseSize, Pose } from "../base.js";
import type { Point } from "../point.js";

/** Coordinates kept well inside the table bound so that translated copies stay table points. */
export const coord = (limit = 1_000_000) => fc.integer({ min: -limit, max: limit });

export const point = (limit = 1_000_000): fc.Arbitrary<Point> =>
  fc.record({ x: coord(limit), y: coord(limit) });

export const cdeg = () => fc.integer({ min: -36000, max: 72000 });

export const pose = (limit = 500_000): fc.Arbitrary<Pose> =>
  fc.record({ x: coord(limit), y: coord(limit), facing: cdeg() });

const even = (min: number, max: number) => fc.integer({ min: min / 2, max: max / 2 }).map((h) => h * 2);

/** From 1/4" to 8" sides (ticks). */
export const size = (): fc.Arbitrary<BaseSize> =>
  fc.record({ frontage: even(1524, 48768), depth: even(1524, 48768) });

/** The exact quarter turn clockwise (x, y) -> (y, -x). */
export const quarter = (p: Point): Point => ({ x: p.y, y: -p.x + 0 });

export const shift =
  (v: Point) =>
  (p: Point): Point => ({ x: p.x + v.x, y: p.y + v.y });
