import { type Point, type Polygon, pointConvexWithin, segmentWithin } from "@tercio/geometry";
import { type Ctx, typeRules, type UnitState, unitSize } from "@tercio/horse-and-musket-nt";
import { distance, INCH } from "./geometry.js";
import { inZone, nearestInZone } from "./objectives.js";

/**
 * Distances over the table around what a unit may not cross, in inches, to
 * a goal zone: a one-inch grid, cells blocked where a base could not stand
 * (the areas its type may not enter, Terrain ii-iv, and the impassable;
 * within half the unit's frontage of them or of the table's edge; beside a
 * river away from its bridges and fords, so that no step crosses a river
 * outside a crossing); Dijkstra from the zone's cells. For scoring routes
 * only (the engine checks every move): straight lines send units into
 * rivers and marshes.
 */
export interface DistanceField {
  /** The distance in inches from the point to the zone along open ground (Infinity when cut off). */
  at(p: Point): number;
  /** The point `steps` inches down the field from p (where to head for). */
  towards(p: Point, steps: number): Point;
}

interface Grid {
  readonly w: number;
  readonly h: number;
  readonly blocked: Uint8Array;
}

const grids = new WeakMap<Ctx, Map<string, Grid>>();
const fields = new WeakMap<Ctx, Map<string, DistanceField>>();

function centre(i: number, j: number): Point {
  return { x: Math.round((i + 0.5) * INCH), y: Math.round((j + 0.5) * INCH) };
}

/** The areas a type may not enter (impassable ones for everyone). */
function obstaclesFor(ctx: Ctx, enters: readonly string[]): Polygon[] {
  const impassable: readonly string[] = ctx.rules.data.terrain.impassable;
  return ctx.areas
    .filter((a) => impassable.includes(a.kind) || !enters.includes(a.kind))
    .map((a) => a.polygon);
}

function gridOf(ctx: Ctx, enters: readonly string[], clearance: number): Grid {
  let byKind = grids.get(ctx);
  if (!byKind) {
    byKind = new Map();
    grids.set(ctx, byKind);
  }
  const key = `${enters.join(",")}|${clearance}`;
  const cached = byKind.get(key);
  if (cached) return cached;
  const w = Math.max(1, Math.floor(ctx.table.width / INCH));
  const h = Math.max(1, Math.floor(ctx.table.height / INCH));
  const blocked = new Uint8Array(w * h);
  const obstacles = obstaclesFor(ctx, enters);
  // A river away from its crossings blocks the cells within the clearance of it; a step
  // between two open cells (at most 1.5" long, each end further than 2" from the line) then
  // never crosses it.
  const banks: [Point, Point][] = [];
  for (const r of ctx.rivers)
    for (let s = 0; s + 1 < r.line.length; s++)
      if (!r.crossings.some((c) => c.segment === s)) banks.push([r.line[s] as Point, r.line[s + 1] as Point]);
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      const c = centre(i, j);
      const edge =
        c.x < clearance ||
        c.y < clearance ||
        ctx.table.width - c.x < clearance ||
        ctx.table.height - c.y < clearance;
      if (edge || obstacles.some((o) => pointConvexWithin(c, o, clearance))) blocked[j * w + i] = 1;
      else if (banks.some(([a, b]) => segmentWithin(c, a, b, clearance))) blocked[j * w + i] = 1;
    }
  const grid = { w, h, blocked };
  byKind.set(key, grid);
  return grid;
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

/** The field to a zone for a unit (half its frontage the clearance, the areas its type enters); cached per game. */
export function fieldFor(ctx: Ctx, zone: Polygon, unit: UnitState): DistanceField {
  const frontage = unitSize(ctx, unit).frontage;
  const half = Math.ceil((frontage / 2 + INCH / 4) / (INCH / 2)) * (INCH / 2);
  return distanceField(ctx, zone, typeRules(ctx, unit).enters, half);
}

/**
 * Inches along the unit's route to a zone (for its type and formation). A unit whose route is
 * cut off (a line too wide for the bridge) counts the straight line three times over and more,
 * so that a formation that gets through always scores better.
 */
export function routeInches(ctx: Ctx, zone: Polygon, u: UnitState): number {
  if (inZone(u, zone)) return 0;
  const d = fieldFor(ctx, zone, u).at(u);
  if (Number.isFinite(d)) return d;
  return 3 * (distance(u, nearestInZone(u, zone)) / INCH) + 24;
}

export function distanceField(
  ctx: Ctx,
  zone: Polygon,
  enters: readonly string[],
  clearance: number,
): DistanceField {
  let cache = fields.get(ctx);
  if (!cache) {
    cache = new Map();
    fields.set(ctx, cache);
  }
  const key = `${enters.join(",")}|${clearance}|${zone.map((p) => `${p.x},${p.y}`).join(";")}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const grid = gridOf(ctx, enters, clearance);
  const { w, h, blocked } = grid;
  const dist = new Float64Array(w * h).fill(Number.POSITIVE_INFINITY);
  const heap = new MinHeap();
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++)
      if (inZone(centre(i, j), zone)) {
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
      return centre(i, j);
    },
  };
  cache.set(key, field);
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
