import type { DirectionIndex } from "./axial.js";
import { directionBetween, type HexGrid, neighbourOf } from "./grid.js";

/**
 * Hexsides are first-class: roads cross them, and line of sight runs along
 * them. A hexside is numbered from the hex that owns it: each hex owns its
 * N, NE and SE sides; the other three belong to its neighbours (or to the
 * hex itself on the map's rim, where there is no neighbour).
 */
export type HexsideId = number;

export function hexsideId(grid: HexGrid, hex: number, d: DirectionIndex): HexsideId {
  if (d < 3) return hex * 6 + d;
  const n = neighbourOf(grid, hex, d);
  return n < 0 ? hex * 6 + d : n * 6 + (d - 3);
}

/** The hexside shared by two adjacent hexes, or undefined when they are not adjacent. */
export function hexsideBetween(grid: HexGrid, a: number, b: number): HexsideId | undefined {
  const d = directionBetween(grid, a, b);
  return d === undefined ? undefined : hexsideId(grid, a, d);
}
