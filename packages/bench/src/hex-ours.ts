import {
  type DirectionIndex,
  distance,
  firstBlocking,
  type HexGrid,
  neighbourOf,
  reachableHexes,
} from "@tercio/musket-and-pike";
import type { HexWorkload } from "./hex-workload.js";

/**
 * The four hex workloads on Tercio's own grid (packages/systems/musket-and-pike/src/hex):
 * integer hex indices, typed arrays, a precomputed neighbour table. Each
 * returns a checksum built from axial coordinates and counts, so that it
 * can be compared with the honeycomb-grid side's.
 */
export interface HexSide {
  neighbours(): number;
  distances(): number;
  sight(): number;
  ranges(): number;
}

export function oursSide(grid: HexGrid, w: HexWorkload): HexSide {
  const { q, r } = grid;
  const blocks = (h: number) => w.mask[h] === 1;
  return {
    neighbours() {
      let sum = 0;
      for (let h = 0; h < grid.size; h++) {
        for (let d = 0; d < 6; d++) {
          const n = neighbourOf(grid, h, d as DirectionIndex);
          if (n >= 0) sum += (q[n] as number) * 131 + (r[n] as number) * 7 + d;
        }
      }
      return sum;
    },
    distances() {
      let sum = 0;
      for (let i = 0; i < w.distanceA.length; i++) {
        sum += distance(grid, w.distanceA[i] as number, w.distanceB[i] as number);
      }
      return sum;
    },
    sight() {
      // 7.3(G)'s geometry (hex/line.ts) through the combat module's firstBlocking.
      let sum = 0;
      for (let i = 0; i < w.sightA.length; i++) {
        if (firstBlocking(grid, w.sightA[i] as number, w.sightB[i] as number, blocks) >= 0) sum += i + 1;
      }
      return sum;
    },
    ranges() {
      let sum = 0;
      // The list form (reachableHexes): like honeycomb's Map, only the hexes reached are walked.
      for (let i = 0; i < w.rangeFrom.length; i++) {
        const { count, hexes, spent } = reachableHexes(grid, w.costs, w.rangeFrom[i] as number, w.budget);
        for (let k = 0; k < count; k++) {
          const h = hexes[k] as number;
          sum += ((q[h] as number) * 131 + (r[h] as number) * 7 + 1) * ((spent[k] as number) + 1);
        }
      }
      return sum;
    },
  };
}
