import { TICKS_PER_INCH } from "@tercio/geometry";
import type { Length } from "@tercio/tabletop";
import type { ScenarioInput } from "../scenarios/schema.js";
import type { AreaTerrain, LinearTerrain } from "../vocabulary.js";

/**
 * Terrain pieces for hand-built test tables (table.ts): area pieces as
 * rectangles or polygons, linear pieces as lines, in inches, or in ticks
 * where a test needs a piece to the tick.
 */
export type AreaInput = ScenarioInput["areas"][number];
export type LinearInput = ScenarioInput["linears"][number];

/** A length of whole ticks, as scenario data writes it. */
export function ticks(t: number): Length {
  return { in: 0, num: t, den: TICKS_PER_INCH };
}

/** An area piece, the rectangle from (x0, y0) to (x1, y1), inches. */
export function rect(
  id: string,
  kind: AreaTerrain,
  x0: Length,
  y0: Length,
  x1: Length,
  y1: Length,
): AreaInput {
  return {
    id,
    kind,
    name: id,
    polygon: [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
  };
}

/** An area piece through the given points (ticks), a convex polygon. */
export function polygonOfTicks(
  id: string,
  kind: AreaTerrain,
  points: readonly (readonly [number, number])[],
): AreaInput {
  return { id, kind, name: id, polygon: points.map(([x, y]) => [ticks(x), ticks(y)] as [Length, Length]) };
}

/** A linear piece (wall, gully, river bank) along the given points, inches, of the given width. */
export function linear(
  id: string,
  kind: LinearTerrain,
  points: readonly (readonly [Length, Length])[],
  width: Length,
): LinearInput {
  return { id, kind, name: id, line: points.map(([x, y]) => [x, y] as [Length, Length]), width };
}
