import type { HexGrid } from "./grid.js";

/**
 * Every hex reachable from `from` within `budget` movement points, where
 * entering hex h costs `costs[h]` (a whole number, 0 or more; a cost above
 * the budget can never be paid, so it makes a hex impassable). The answer is
 * `out[h]`, the least total spent to stand in h, or -1 where h is out of
 * reach; `out[from]` is 0.
 *
 * The grid-level core of reachability (movement/reachability.ts, which adds
 * hexsides, Road Mode and the rest of 5.0): Dijkstra with a bucket queue,
 * since costs are small integers, over the grid's precomputed neighbour
 * table. The buckets are intrusive lists in typed arrays, so a call
 * allocates nothing but the scratch it keeps between calls. Pure: the same
 * arguments always give the same answer.
 */
export function movementRange(
  grid: HexGrid,
  costs: ArrayLike<number>,
  from: number,
  budget: number,
  out: Int32Array = new Int32Array(grid.size),
): Int32Array {
  const size = grid.size;
  if (!Number.isInteger(from) || from < 0 || from >= size)
    throw new RangeError(`hex index ${from} is off the grid`);
  if (!Number.isInteger(budget) || budget < 0)
    throw new RangeError(`budget must be a whole number, got ${budget}`);
  if (out.length !== size) throw new RangeError(`out has ${out.length} entries, the grid ${size}`);
  if (costs.length !== size) throw new RangeError(`costs has ${costs.length} entries, the grid ${size}`);
  out.fill(-1);
  // One queue entry per relaxation: at most one per hex and direction, plus the start.
  const s = scratch(size, budget);
  const { head, next, hex } = s;
  head.fill(-1, 0, budget + 1);
  const neighbours = grid.neighbours;
  out[from] = 0;
  hex[0] = from;
  next[0] = -1;
  head[0] = 0;
  let entries = 1;
  for (let b = 0; b <= budget; b++) {
    // Pop from the bucket's head: a zero-cost step pushes onto the bucket being emptied.
    for (let e = head[b] as number; e >= 0; e = head[b] as number) {
      head[b] = next[e] as number;
      const h = hex[e] as number;
      if (out[h] !== b) continue; // a stale entry: h was reached more cheaply since
      const base = h * 6;
      for (let d = 0; d < 6; d++) {
        const n = neighbours[base + d] as number;
        if (n < 0) continue;
        const total = b + (costs[n] as number);
        if (total > budget) continue;
        const known = out[n] as number;
        if (known >= 0 && known <= total) continue;
        out[n] = total;
        hex[entries] = n;
        next[entries] = head[total] as number;
        head[total] = entries;
        entries++;
      }
    }
  }
  return out;
}

interface Scratch {
  head: Int32Array;
  next: Int32Array;
  hex: Int32Array;
}

// Reused between calls (nothing in the loop calls back out, so it is never shared).
let kept: Scratch = { head: new Int32Array(0), next: new Int32Array(0), hex: new Int32Array(0) };

function scratch(size: number, budget: number): Scratch {
  const entries = size * 6 + 1;
  if (kept.head.length < budget + 1 || kept.hex.length < entries) {
    kept = {
      head: new Int32Array(Math.max(kept.head.length, budget + 1)),
      next: new Int32Array(Math.max(kept.next.length, entries)),
      hex: new Int32Array(Math.max(kept.hex.length, entries)),
    };
  }
  return kept;
}
