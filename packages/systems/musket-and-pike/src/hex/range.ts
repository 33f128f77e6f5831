import type { HexGrid } from "./grid.js";

/**
 * Every hex reachable from `from` within `budget` movement points, where
 * entering hex h costs `costs[h]` (a whole number, 0 or more; a cost above
 * the budget can never be paid, so it makes a hex impassable). The answer is
 * `out[h]`, the least total spent to stand in h, or -1 where h is out of
 * reach; `out[from]` is 0.
 *
 * The grid-level core of reachability (movement/reachability.ts, which adds
 * hexsides, Road Mode and the rest of 5.0): Dijkstra with Dial's bucket
 * queue, since costs are small integers, over the grid's neighbour table.
 *
 * The cost of a step depends only on the hex entered, so the first time a
 * hex is reached is the cheapest: hexes leave the queue in order of their
 * cost b, and a hex that leaves it later has a cost of b or more, so it can
 * only offer the same neighbour at the same price or dearer. Each hex thus
 * enters the queue once at most and is never updated, and its cost is
 * written to `out` when it leaves. The search reads `key`, a copy of the
 * costs in which the hexes already reached, and a sentinel standing for
 * every off-map neighbour, read as CLOSED: relaxing a neighbour is one load,
 * one addition and one comparison. The buckets are intrusive lists threaded
 * through one array indexed by hex. The six neighbours are relaxed in
 * straight-line code: a loop over them measured half as fast. The buffers
 * and the sentinel's neighbour table are kept per grid and reused, so a
 * call allocates nothing once it has run on a grid. Pure: the same
 * arguments always give the same answer.
 */
export function movementRange(
  grid: HexGrid,
  costs: ArrayLike<number>,
  from: number,
  budget: number,
  out: Int32Array = new Int32Array(grid.size),
): Int32Array {
  checkArguments(grid, costs, from, budget);
  if (out.length !== grid.size) throw new RangeError(`out has ${out.length} entries, the grid ${grid.size}`);
  const count = search(grid, costs, from, budget);
  const { hexes, spent } = kept.get(grid) as Scratch;
  out.fill(-1);
  for (let i = 0; i < count; i++) out[hexes[i] as number] = spent[i] as number;
  return out;
}

/**
 * The search itself: fills the grid's scratch `hexes` and `spent` with the
 * hexes reached, cheapest first, and returns how many. Arguments are checked
 * by the callers.
 */
function search(grid: HexGrid, costs: ArrayLike<number>, from: number, budget: number): number {
  const size = grid.size;
  const s = scratch(grid, budget);
  const { around, key, next, head, hexes, spent } = s;
  let count = 0;
  if (smallWholeNumbers(costs)) key.set(costs);
  else for (let h = 0; h < size; h++) key[h] = (costs[h] as number) <= budget ? (costs[h] as number) : CLOSED;
  key[size] = CLOSED;
  key[from] = CLOSED;
  head.fill(-1, 0, budget + 1);
  next[from] = -1;
  head[0] = from;
  for (let b = 0; b <= budget; b++) {
    // Pop from the bucket's head: a zero-cost step pushes onto the bucket being emptied.
    for (let h = head[b] as number; h >= 0; h = head[b] as number) {
      head[b] = next[h] as number;
      hexes[count] = h;
      spent[count++] = b;
      const i = h * 6;
      let n = around[i] as number;
      let t = b + (key[n] as number);
      if (t <= budget) {
        key[n] = CLOSED;
        next[n] = head[t] as number;
        head[t] = n;
      }
      n = around[i + 1] as number;
      t = b + (key[n] as number);
      if (t <= budget) {
        key[n] = CLOSED;
        next[n] = head[t] as number;
        head[t] = n;
      }
      n = around[i + 2] as number;
      t = b + (key[n] as number);
      if (t <= budget) {
        key[n] = CLOSED;
        next[n] = head[t] as number;
        head[t] = n;
      }
      n = around[i + 3] as number;
      t = b + (key[n] as number);
      if (t <= budget) {
        key[n] = CLOSED;
        next[n] = head[t] as number;
        head[t] = n;
      }
      n = around[i + 4] as number;
      t = b + (key[n] as number);
      if (t <= budget) {
        key[n] = CLOSED;
        next[n] = head[t] as number;
        head[t] = n;
      }
      n = around[i + 5] as number;
      t = b + (key[n] as number);
      if (t <= budget) {
        key[n] = CLOSED;
        next[n] = head[t] as number;
        head[t] = n;
      }
    }
  }
  return count;
}

/** The hexes a `reachableHexes` search reached, in the order it reached them (cheapest first). */
export interface ReachedHexes {
  readonly count: number;
  /** hexes[i], i < count: a reached hex. */
  readonly hexes: Int32Array;
  /** spent[i]: the least total spent to stand in hexes[i]. */
  readonly spent: Int32Array;
}

/**
 * `movementRange` answered as the list of hexes reached and their costs, for
 * callers that only walk what was reached (the AI, the benchmarks): no
 * per-hex answer to fill and read back. The arrays are the grid's reused
 * buffers: read them before the next search on the same grid.
 */
export function reachableHexes(
  grid: HexGrid,
  costs: ArrayLike<number>,
  from: number,
  budget: number,
): ReachedHexes {
  checkArguments(grid, costs, from, budget);
  const count = search(grid, costs, from, budget);
  const { hexes, spent } = kept.get(grid) as Scratch;
  return { count, hexes, spent };
}

function checkArguments(grid: HexGrid, costs: ArrayLike<number>, from: number, budget: number): void {
  if (!Number.isInteger(from) || from < 0 || from >= grid.size)
    throw new RangeError(`hex index ${from} is off the grid`);
  if (!Number.isInteger(budget) || budget < 0 || budget >= CLOSED)
    throw new RangeError(`budget must be a whole number below ${CLOSED}, got ${budget}`);
  if (costs.length !== grid.size)
    throw new RangeError(`costs has ${costs.length} entries, the grid ${grid.size}`);
}

/**
 * Above every budget, and small enough that a cost so far plus CLOSED stays
 * a 32-bit integer (an overflow would send the optimiser to floating point).
 * A budget this large could not be searched anyway: it needs that many buckets.
 */
const CLOSED = 0x3fffffff;

/**
 * Whether `costs` holds integers no larger than 65,535 whatever its values,
 * so that `key.set(costs)` copies it as it is, a native loop. Other arrays
 * are copied one by one with any cost above the budget, or not a number,
 * made CLOSED.
 */
function smallWholeNumbers(costs: ArrayLike<number>): boolean {
  return (
    costs instanceof Uint8Array ||
    costs instanceof Uint16Array ||
    costs instanceof Int8Array ||
    costs instanceof Int16Array ||
    costs instanceof Uint8ClampedArray
  );
}

interface Scratch {
  /** around[h * 6 + d]: the grid's neighbour table with `size`, the sentinel, for off the map. */
  readonly around: Int32Array;
  /** key[h]: the cost of entering h, or CLOSED once h is reached; key[size] is always CLOSED. */
  readonly key: Int32Array;
  /** next[h]: the hex pushed into h's bucket before h, or -1. */
  readonly next: Int32Array;
  /** head[b]: the last hex pushed into bucket b (hexes costing b in all), or -1. */
  head: Int32Array;
  /** The last search's hexes reached, cheapest first, and what each cost. */
  readonly hexes: Int32Array;
  readonly spent: Int32Array;
}

// Per grid, reused between calls (nothing in the search calls back out, so a
// buffer is never in use twice at once).
const kept = new WeakMap<HexGrid, Scratch>();

function scratch(grid: HexGrid, budget: number): Scratch {
  let s = kept.get(grid);
  if (s === undefined) {
    const size = grid.size;
    const around = new Int32Array(size * 6);
    for (let i = 0; i < size * 6; i++) {
      const n = grid.neighbours[i] as number;
      around[i] = n < 0 ? size : n;
    }
    s = {
      around,
      key: new Int32Array(size + 1),
      next: new Int32Array(size),
      head: new Int32Array(Math.max(16, budget + 1)),
      hexes: new Int32Array(size),
      spent: new Int32Array(size),
    };
    kept.set(grid, s);
  } else if (s.head.length < budget + 1) {
    s.head = new Int32Array(Math.max(2 * s.head.length, budget + 1));
  }
  return s;
}
