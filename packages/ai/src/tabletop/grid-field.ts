import { type Point, TICKS_PER_INCH } from "@tercio/geometry";

/**
 * Distances in inches over a one-inch grid of the table, to a goal zone,
 * around the cells a unit may not stand in: Dijkstra from the zone's cells,
 * eight neighbours. The tabletop systems' AIs build their own grids (what
 * blocks differs by rule set) and share this search. For scoring routes
 * only: the engine checks every move.
 */
export interface DistanceField {
  /** The distance in inches from the point to the zone along open ground (Infinity when cut off). */
  at(p: Point): number;
  /** The point `steps` inches down the field from p (where to head for). */
  towards(p: Point, steps: number): Point;
}

/** The table in one-inch cells, row by row; 1 where a base could not stand. */
export interface Grid {
  readonly w: number;
  readonly h: number;
  readonly blocked: Uint8Array;
}

const INCH = TICKS_PER_INCH;

/** The centre of cell (i, j), in ticks. */
export function cellCentre(i: number, j: number): Point {
  return { x: Math.round((i + 0.5) * INCH), y: Math.round((j + 0.5) * INCH) };
}

const STEPS: readonly [number, number, number][] = [
  [1, 0, 1],
  [-1, 0, 1],
  [0, 1, 1],
  [0, -1, 1],
  [1, 1, Math.SQRT2],
  [1, -1, Math.SQRT2],
  [-1, 1, Math.SQRT2],
  [-1, -1, Math.SQRT2],
];

/** The field over `grid` to the cells whose centres `inZone` holds (a zone's cells are open even where blocked). */
export function gridField(grid: Grid, inZone: (p: Point) => boolean): DistanceField {
  const { w, h, blocked } = grid;
  const dist = new Float64Array(w * h).fill(Number.POSITIVE_INFINITY);
  const heap = new MinHeap();
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++)
      if (inZone(cellCentre(i, j))) {
        dist[j * w + i] = 0;
        heap.push(j * w + i, 0);
      }
  const done = new Uint8Array(w * h);
  while (heap.size > 0) {
    const [cell, d] = heap.pop();
    if (done[cell]) continue;
    done[cell] = 1;
    const i = cell % w;
    const j = (cell - i) / w;
    for (const [di, dj, cost] of STEPS) {
      const ni = i + di;
      const nj = j + dj;
      if (ni < 0 || nj < 0 || ni >= w || nj >= h) continue;
      const n = nj * w + ni;
      if (blocked[n] && !(dist[n] === 0)) continue;
      const nd = d + cost;
      if (nd >= (dist[n] as number)) continue;
      dist[n] = nd;
      heap.push(n, nd);
    }
  }
  const field: DistanceField = {
    at(p: Point): number {
      const i = Math.min(w - 1, Math.max(0, Math.floor(p.x / INCH)));
      const j = Math.min(h - 1, Math.max(0, Math.floor(p.y / INCH)));
      const d = dist[j * w + i] as number;
      if (Number.isFinite(d)) return d;
      // A blocked cell (beside an obstacle): the best open neighbour, one step on.
      let best = Number.POSITIVE_INFINITY;
      for (let dj = -2; dj <= 2; dj++)
        for (let di = -2; di <= 2; di++) {
          const ni = i + di;
          const nj = j + dj;
          if (ni < 0 || nj < 0 || ni >= w || nj >= h) continue;
          best = Math.min(best, (dist[nj * w + ni] as number) + Math.abs(di) + Math.abs(dj));
        }
      return best;
    },
    towards(p: Point, steps: number): Point {
      let i = Math.min(w - 1, Math.max(0, Math.floor(p.x / INCH)));
      let j = Math.min(h - 1, Math.max(0, Math.floor(p.y / INCH)));
      for (let n = 0; n < steps; n++) {
        let bi = i;
        let bj = j;
        let bd = dist[j * w + i] as number;
        for (const [di, dj] of STEPS) {
          const ni = i + di;
          const nj = j + dj;
          if (ni < 0 || nj < 0 || ni >= w || nj >= h) continue;
          const nd = dist[nj * w + ni] as number;
          if (nd < bd) {
            bd = nd;
            bi = ni;
            bj = nj;
          }
        }
        if (bi === i && bj === j) break;
        i = bi;
        j = bj;
      }
      return cellCentre(i, j);
    },
  };
  return field;
}

/** A binary min-heap of cells by distance. */
class MinHeap {
  private readonly cells: number[] = [];
  private readonly keys: number[] = [];

  get size(): number {
    return this.cells.length;
  }

  push(cell: number, key: number): void {
    const c = this.cells;
    const k = this.keys;
    c.push(cell);
    k.push(key);
    let i = c.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((k[p] as number) <= key) break;
      c[i] = c[p] as number;
      k[i] = k[p] as number;
      i = p;
    }
    c[i] = cell;
    k[i] = key;
  }

  pop(): [number, number] {
    const c = this.cells;
    const k = this.keys;
    const top: [number, number] = [c[0] as number, k[0] as number];
    const lastC = c.pop() as number;
    const lastK = k.pop() as number;
    if (c.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= c.length) break;
        const r = l + 1;
        const m = r < c.length && (k[r] as number) < (k[l] as number) ? r : l;
        if ((k[m] as number) >= lastK) break;
        c[i] = c[m] as number;
        k[i] = k[m] as number;
        i = m;
      }
      c[i] = lastC;
      k[i] = lastK;
    }
    return top;
  }
}
