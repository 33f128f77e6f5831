import { createRng, rngInt } from "@tercio/ai";
import { distance, type HexGrid } from "@tercio/musket-and-pike";

/**
 * The work both hex libraries are given, drawn from one seed: the same hex
 * pairs, the same blocking mask, the same entry costs. Hexes are named by
 * the engine's index (column-major, 0-based: col * rows + row); the
 * honeycomb side turns each into its own Hex once, before any timing.
 */
export interface HexWorkload {
  readonly seed: number;
  /** Random hex pairs for distance: a[i], b[i]. */
  readonly distanceA: Int32Array;
  readonly distanceB: Int32Array;
  /** Random pairs two to LOS_MAX_RANGE hexes apart, for line of sight. */
  readonly sightA: Int32Array;
  readonly sightB: Int32Array;
  /** mask[h] = 1 where hex h blocks line of sight (one hex in ten). */
  readonly mask: Uint8Array;
  /** costs[h]: movement points to enter hex h (1 to 3, or IMPASSABLE). */
  readonly costs: Uint8Array;
  /** Start hexes for movement range (all passable), and the budget of each search. */
  readonly rangeFrom: Int32Array;
  readonly budget: number;
}

/** Fire ranges in Musket & Pike run to a few hexes; artillery's to about ten. */
export const LOS_MAX_RANGE = 12;
/** An entry cost above any budget: the hex can never be entered. */
export const IMPASSABLE = 99;
/** Movement points per range search: a cavalry unit's allowance in the rules' half points is of this order. */
export const RANGE_BUDGET = 12;

export interface WorkloadSize {
  readonly distancePairs: number;
  readonly sightPairs: number;
  readonly rangeStarts: number;
}

export const FULL_SIZE: WorkloadSize = { distancePairs: 4096, sightPairs: 1024, rangeStarts: 64 };
export const QUICK_SIZE: WorkloadSize = { distancePairs: 1024, sightPairs: 256, rangeStarts: 16 };

export function hexWorkload(grid: HexGrid, seed: number, size: WorkloadSize): HexWorkload {
  const rng = createRng(seed);
  const hex = () => rngInt(rng, grid.size);
  const distanceA = new Int32Array(size.distancePairs);
  const distanceB = new Int32Array(size.distancePairs);
  for (let i = 0; i < size.distancePairs; i++) {
    distanceA[i] = hex();
    distanceB[i] = hex();
  }
  const sightA = new Int32Array(size.sightPairs);
  const sightB = new Int32Array(size.sightPairs);
  for (let i = 0; i < size.sightPairs; ) {
    const a = hex();
    const b = hex();
    const d = distance(grid, a, b);
    if (d < 2 || d > LOS_MAX_RANGE) continue;
    sightA[i] = a;
    sightB[i] = b;
    i++;
  }
  const mask = new Uint8Array(grid.size);
  for (let h = 0; h < grid.size; h++) mask[h] = rngInt(rng, 10) === 0 ? 1 : 0;
  const costs = new Uint8Array(grid.size);
  for (let h = 0; h < grid.size; h++) {
    const roll = rngInt(rng, 100);
    costs[h] = roll < 50 ? 1 : roll < 80 ? 2 : roll < 92 ? 3 : IMPASSABLE;
  }
  const rangeFrom = new Int32Array(size.rangeStarts);
  for (let i = 0; i < size.rangeStarts; ) {
    const h = hex();
    if (costs[h] === IMPASSABLE) continue;
    rangeFrom[i++] = h;
  }
  return { seed, distanceA, distanceB, sightA, sightB, mask, costs, rangeFrom, budget: RANGE_BUDGET };
}
