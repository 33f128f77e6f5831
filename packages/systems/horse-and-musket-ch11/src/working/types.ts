import type { Point, Polygon } from "@tercio/geometry";
import type { Area } from "../terrain-areas.js";
import type { AreaTerrain } from "../vocabulary.js";

/**
 * The plain data every working shares: points in ticks, polygons as point
 * arrays, terrain named as the scenario names it. A working is what a board
 * draws and a screen reader says; it decides nothing (house style 18).
 */

/** A straight piece of the table, from → to, in ticks. */
export interface Segment {
  readonly from: Point;
  readonly to: Point;
}

/** A terrain piece as a working names it. */
export interface AreaRef {
  readonly id: string;
  readonly kind: AreaTerrain;
  readonly name: string;
  readonly polygon: Polygon;
}

export function areaRef(a: Area): AreaRef {
  return { id: a.id, kind: a.kind, name: a.name, polygon: a.polygon };
}
