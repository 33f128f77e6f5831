import {
  type DirectionIndex,
  distance,
  firstBlocking,
  type HexGrid,
  movementRange,
  neighbourOf,
} from "@tercio/engine";
import type { HexWorkload } from "./hex-workload.js";

/**
 * The four hex workloads on Tercio's own grid (packages/engine/src/hex):
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
  const out = new Int32Array(grid.size);
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
      for (let i = 0; i < w.rangeFrom.length; i++) {
        movementRange(grid, w.costs, w.rangeFrom[i] as number, w.budget, out);
        for (let h = 0; h < grid.size; h++) {
          const c = out[h] as number;
          if (c >= 0) sum += ((q[h] as number) * 131 + (r[h] as number) * 7 + 1) * (c + 1);
        }
      }
      return sum;
    },
  };
}
