import type { HexGrid } from "@tercio/musket-and-pike";
import { Direction, defineHex, Grid, line, Orientation, rectangle, round } from "honeycomb-grid";
import type { HexSide } from "./hex-ours.js";
import type { HexWorkload } from "./hex-workload.js";

/**
 * The same four workloads written as a user of honeycomb-grid 4 would
 * write them: a Hex class carrying the map's data, a Grid built by the
 * rectangle traverser, hexes met through `getHex` and `neighborOf`, results
 * in Maps keyed by Hex. Nothing here is slowed on purpose; where honeycomb
 * has no function for the job (range, exact line of sight) the code is the
 * plain one a user would write on top of it.
 */
export class Tile extends defineHex({ orientation: Orientation.FLAT, offset: -1 }) {
  /** Whether the hex blocks line of sight. */
  blocked = false;
  /** Movement points to enter the hex. */
  cost = 1;
}

/** honeycomb's six directions of a flat-topped hex (E and W have no neighbour). */
const DIRECTIONS = [
  Direction.N,
  Direction.NE,
  Direction.SE,
  Direction.S,
  Direction.SW,
  Direction.NW,
] as const;

/**
 * The engine's map as a honeycomb grid: the same columns x rows rectangle,
 * flat-topped hexes, odd columns (0-based) shifted half a hex down, which is
 * honeycomb's `offset: -1` and the engine's odd-q offset (hex/offset.ts).
 */
export function honeycombGrid(grid: HexGrid, w: HexWorkload): { hg: Grid<Tile>; tiles: Tile[] } {
  const hg = new Grid(Tile, rectangle({ width: grid.columns, height: grid.rows }));
  const tiles: Tile[] = [];
  for (let h = 0; h < grid.size; h++) {
    const tile = hg.getHex({ col: Math.floor(h / grid.rows), row: h % grid.rows });
    if (!tile || tile.q !== grid.q[h] || tile.r !== grid.r[h]) {
      throw new Error(`honeycomb's hex ${h} is not the engine's: the two grids differ in shape`);
    }
    tile.blocked = w.mask[h] === 1;
    tile.cost = w.costs[h] as number;
    tiles.push(tile);
  }
  if (hg.size !== grid.size)
    throw new Error(`honeycomb's grid has ${hg.size} hexes, the engine's ${grid.size}`);
  return { hg, tiles };
}

export interface HoneycombSide extends HexSide {
  readonly hg: Grid<Tile>;
  readonly tiles: readonly Tile[];
  /** For reference only: the same pairs through honeycomb's own `line` traverser, which is not 7.3(G). */
  lerpSight(): number;
}

export function honeycombSide(grid: HexGrid, w: HexWorkload): HoneycombSide {
  const { hg, tiles } = honeycombGrid(grid, w);
  const pick = (list: Int32Array) => Array.from(list, (h) => tiles[h] as Tile);
  const distanceA = pick(w.distanceA);
  const distanceB = pick(w.distanceB);
  const sightA = pick(w.sightA);
  const sightB = pick(w.sightB);
  const rangeFrom = pick(w.rangeFrom);
  return {
    hg,
    tiles,
    neighbours() {
      let sum = 0;
      for (const hex of hg) {
        for (let d = 0; d < 6; d++) {
          const n = hg.neighborOf(hex, DIRECTIONS[d] as Direction, { allowOutside: false });
          if (n) sum += n.q * 131 + n.r * 7 + d;
        }
      }
      return sum;
    },
    distances() {
      let sum = 0;
      for (let i = 0; i < distanceA.length; i++)
        sum += hg.distance(distanceA[i] as Tile, distanceB[i] as Tile);
      return sum;
    },
    sight() {
      let sum = 0;
      for (let i = 0; i < sightA.length; i++) {
        if (!clearSight(hg, sightA[i] as Tile, sightB[i] as Tile)) sum += i + 1;
      }
      return sum;
    },
    ranges() {
      let sum = 0;
      for (const from of rangeFrom) {
        for (const [hex, spent] of movementRange(hg, from, w.budget))
          sum += (hex.q * 131 + hex.r * 7 + 1) * (spent + 1);
      }
      return sum;
    },
    lerpSight() {
      let sum = 0;
      for (let i = 0; i < sightA.length; i++) {
        if (!lerpLineClear(hg, sightA[i] as Tile, sightB[i] as Tile)) sum += i + 1;
      }
      return sum;
    },
  };
}

/**
 * Line of sight the way honeycomb's documentation draws a line: its `line`
 * traverser, one hex per step. Not 7.3(G): see clearSight.
 */
export function lerpLineClear(hg: Grid<Tile>, a: Tile, b: Tile): boolean {
  for (const hex of hg.traverse(line<Tile>({ start: a, stop: b }))) {
    if (hex !== a && hex !== b && hex.blocked) return false;
  }
  return true;
}

/**
 * 7.3(G) with honeycomb: is any hex strictly between a and b, that the
 * segment between their centres crosses with positive length (through its
 * interior or along a side, not at a single corner), blocked?
 *
 * honeycomb's `line` (cube lerp at distance + 1 points, nudged by 1e-6)
 * gives one hex per step: it misses hexes a steep line clips between two
 * samples, and of the two hexes along a hexside it keeps one. So, as the
 * hex guides advise: lerp with the nudge both ways, take the neighbours of
 * every sampled hex as candidates, and test each blocked candidate's
 * polygon (`hex.corners`) against the segment in floating point.
 */
export function clearSight(hg: Grid<Tile>, a: Tile, b: Tile): boolean {
  const n = hg.distance(a, b);
  if (n <= 1) return true;
  for (const nudge of [1e-6, -1e-6]) {
    for (let i = 1; i < n; i++) {
      const t = i / n;
      const sample = hg.getHex(
        round({
          q: (a.q + nudge) * (1 - t) + (b.q + nudge) * t,
          r: (a.r + nudge) * (1 - t) + (b.r + nudge) * t,
        }),
      );
      if (!sample) continue;
      if (blocks(sample, a, b)) return false;
      for (const d of DIRECTIONS) {
        const near = hg.neighborOf(sample, d, { allowOutside: false });
        if (near && blocks(near, a, b)) return false;
      }
    }
  }
  return true;
}

function blocks(hex: Tile, a: Tile, b: Tile): boolean {
  return hex.blocked && hex !== a && hex !== b && crossesWithLength(a, b, hex);
}

const EPSILON = 1e-9;
/** A crossing shorter than this fraction of the segment is a touch at a corner. */
const MIN_LENGTH = 1e-6;

/** Cyrus-Beck clipping of the segment between the centres of a and b against the hexagon of `hex`. */
function crossesWithLength(a: Tile, b: Tile, hex: Tile): boolean {
  const ax = a.x;
  const ay = a.y;
  const dx = b.x - ax;
  const dy = b.y - ay;
  const corners = hex.corners;
  const cx = hex.x;
  const cy = hex.y;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 6; i++) {
    const p = corners[i];
    const q = corners[(i + 1) % 6];
    if (!p || !q) throw new Error("a hex has six corners");
    // The side's outward unit normal.
    let nx = q.y - p.y;
    let ny = p.x - q.x;
    if (nx * (cx - p.x) + ny * (cy - p.y) > 0) {
      nx = -nx;
      ny = -ny;
    }
    const len = Math.hypot(nx, ny);
    const outside = (nx * (ax - p.x) + ny * (ay - p.y)) / len;
    const rate = (nx * dx + ny * dy) / len;
    if (Math.abs(rate) < EPSILON) {
      if (outside > EPSILON) return false;
      continue;
    }
    const t = (EPSILON - outside) / rate;
    if (rate > 0) hi = Math.min(hi, t);
    else lo = Math.max(lo, t);
  }
  return hi - lo > MIN_LENGTH;
}

/** Dijkstra over honeycomb's neighbours with a binary heap: the least cost to each hex within the budget. */
export function movementRange(hg: Grid<Tile>, from: Tile, budget: number): Map<Tile, number> {
  const best = new Map<Tile, number>([[from, 0]]);
  const frontier = new MinHeap<Tile>();
  frontier.push(from, 0);
  while (frontier.size > 0) {
    const spent = frontier.peekPriority();
    const hex = frontier.pop();
    if (spent > (best.get(hex) ?? Number.POSITIVE_INFINITY)) continue;
    for (const d of DIRECTIONS) {
      const next = hg.neighborOf(hex, d, { allowOutside: false });
      if (!next) continue;
      const total = spent + next.cost;
      if (total > budget) continue;
      const known = best.get(next);
      if (known !== undefined && known <= total) continue;
      best.set(next, total);
      frontier.push(next, total);
    }
  }
  return best;
}

/** A binary min-heap of items by priority. */
class MinHeap<T> {
  private readonly items: T[] = [];
  private readonly priorities: number[] = [];

  get size(): number {
    return this.items.length;
  }

  peekPriority(): number {
    return this.priorities[0] ?? Number.POSITIVE_INFINITY;
  }

  push(item: T, priority: number): void {
    const { items, priorities } = this;
    let i = items.length;
    items.push(item);
    priorities.push(priority);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((priorities[parent] as number) <= priority) break;
      items[i] = items[parent] as T;
      priorities[i] = priorities[parent] as number;
      i = parent;
    }
    items[i] = item;
    priorities[i] = priority;
  }

  pop(): T {
    const { items, priorities } = this;
    const top = items[0];
    const lastItem = items.pop();
    const lastPriority = priorities.pop();
    if (top === undefined || lastItem === undefined || lastPriority === undefined)
      throw new Error("empty heap");
    const n = items.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= n) break;
        const right = left + 1;
        const child =
          right < n && (priorities[right] as number) < (priorities[left] as number) ? right : left;
        if ((priorities[child] as number) >= lastPriority) break;
        items[i] = items[child] as T;
        priorities[i] = priorities[child] as number;
        i = child;
      }
      items[i] = lastItem;
      priorities[i] = lastPriority;
    }
    return top;
  }
}
