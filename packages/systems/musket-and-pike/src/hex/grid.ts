import { type Axial, axialDistance, type DirectionIndex, neighbour, opposite } from "./axial.js";
import { axialToOffset, formatHexId, type HexId, offsetToAxial } from "./offset.js";

/** Map edges, named by compass direction (north is the top of the map). */
export const EDGES = ["north", "east", "south", "west"] as const;
export type Edge = (typeof EDGES)[number];

/**
 * A rectangular SPI-numbered grid of `columns` x `rows` hexes, with the
 * tables every hot path needs precomputed once: hexes are numbered 0..size-1
 * (column-major, so index order is hex-id order) and neighbours live in a
 * typed array, -1 where a neighbour would be off the map.
 */
export interface HexGrid {
  readonly columns: number;
  readonly rows: number;
  readonly size: number;
  /** neighbours[i * 6 + d]: index of the neighbour of hex i in direction d, or -1. */
  readonly neighbours: Int32Array;
  readonly q: Int32Array;
  readonly r: Int32Array;
  readonly ids: readonly HexId[];
}

export function createGrid(columns: number, rows: number): HexGrid {
  if (!Number.isInteger(columns) || !Number.isInteger(rows) || columns < 1 || rows < 1) {
    throw new Error(`grid size must be positive integers, got ${columns}x${rows}`);
  }
  if (columns > 99 || rows > 99) throw new Error("four-digit hex ids allow at most 99 columns and 99 rows");
  const size = columns * rows;
  const q = new Int32Array(size);
  const r = new Int32Array(size);
  const ids: HexId[] = [];
  for (let col = 1; col <= columns; col++) {
    for (let row = 1; row <= rows; row++) {
      const i = (col - 1) * rows + (row - 1);
      const a = offsetToAxial({ col, row });
      q[i] = a.q;
      r[i] = a.r;
      ids.push(formatHexId({ col, row }));
    }
  }
  const grid = { columns, rows, size, q, r, ids, neighbours: new Int32Array(size * 6) };
  for (let i = 0; i < size; i++) {
    for (let d = 0; d < 6; d++) {
      const n = neighbour(axialOf(grid, i), d as DirectionIndex);
      grid.neighbours[i * 6 + d] = indexOfAxial(grid, n);
    }
  }
  return grid;
}

export function axialOf(grid: Pick<HexGrid, "q" | "r">, i: number): Axial {
  return { q: grid.q[i] as number, r: grid.r[i] as number };
}

export function indexOfAxial(grid: Pick<HexGrid, "columns" | "rows">, a: Axial): number {
  const o = axialToOffset(a);
  if (o.col < 1 || o.col > grid.columns || o.row < 1 || o.row > grid.rows) return -1;
  return (o.col - 1) * grid.rows + (o.row - 1);
}

/**
 * The index of a hex id on this grid, or -1 if it is malformed or off the map.
 * Reads the digits by char code rather than with `parseHexId`'s regex: every
 * hot path looks ids up, and the regex and its match object showed in profiles.
 */
export function indexOfId(grid: HexGrid, id: string): number {
  if (id.length !== 4) return -1;
  const col = twoDigits(id, 0);
  const row = twoDigits(id, 2);
  if (col < 1 || row < 1 || col > grid.columns || row > grid.rows) return -1;
  return (col - 1) * grid.rows + (row - 1);
}

/** The number written by the two ASCII digits at `at`, or -1. */
function twoDigits(id: string, at: number): number {
  const tens = id.charCodeAt(at) - 48;
  const units = id.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : -1;
}

export function idOf(grid: HexGrid, i: number): HexId {
  const id = grid.ids[i];
  if (id === undefined) throw new Error(`hex index ${i} is off the grid`);
  return id;
}

export function neighbourOf(grid: HexGrid, i: number, d: DirectionIndex): number {
  return grid.neighbours[i * 6 + d] as number;
}

export function distance(grid: HexGrid, a: number, b: number): number {
  return axialDistance(axialOf(grid, a), axialOf(grid, b));
}

/** Direction from hex a to adjacent hex b, or undefined if they are not adjacent. */
export function directionBetween(grid: HexGrid, a: number, b: number): DirectionIndex | undefined {
  for (let d = 0; d < 6; d++) if (grid.neighbours[a * 6 + d] === b) return d as DirectionIndex;
  return undefined;
}

/** The hexes within `radius` of hex `centre` that lie on the map (the centre included). */
export function disc(grid: HexGrid, centre: number, radius: number): number[] {
  const c = axialOf(grid, centre);
  const out: number[] = [];
  for (let dq = -radius; dq <= radius; dq++) {
    const lo = Math.max(-radius, -dq - radius);
    const hi = Math.min(radius, -dq + radius);
    for (let dr = lo; dr <= hi; dr++) {
      const i = indexOfAxial(grid, { q: c.q + dq, r: c.r + dr });
      if (i >= 0) out.push(i);
    }
  }
  return out.sort((x, y) => x - y);
}

/** True when every hex within `radius` of `centre` lies on the map. */
export function discOnMap(grid: HexGrid, centre: number, radius: number): boolean {
  return disc(grid, centre, radius).length === 1 + 3 * radius * (radius + 1);
}

/** Hexes along one map edge: those whose neighbour(s) beyond that edge are off the map. */
export function edgeHexes(grid: HexGrid, edge: Edge): number[] {
  const out: number[] = [];
  for (let i = 0; i < grid.size; i++) if (isOnEdge(grid, i, edge)) out.push(i);
  return out;
}

export function isOnEdge(grid: HexGrid, i: number, edge: Edge): boolean {
  const col = Math.floor(i / grid.rows) + 1;
  const row = (i % grid.rows) + 1;
  switch (edge) {
    case "north":
      return row === 1;
    case "south":
      return row === grid.rows;
    case "west":
      return col === 1;
    case "east":
      return col === grid.columns;
  }
}

/** Distance in hexes from hex i to the nearest hex of the given edge. */
export function distanceToEdge(grid: HexGrid, i: number, edge: Edge): number {
  let best = Number.POSITIVE_INFINITY;
  for (const e of edgeHexes(grid, edge)) best = Math.min(best, distance(grid, i, e));
  return best;
}

export { opposite };
