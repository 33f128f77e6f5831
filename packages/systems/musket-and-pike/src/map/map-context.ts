import { hashOf } from "@tercio/core";
import { type DirectionIndex, opposite } from "../hex/axial.js";
import {
  createGrid,
  directionBetween,
  EDGES,
  edgeHexes,
  type HexGrid,
  indexOfId,
  isOnEdge,
  neighbourOf,
} from "../hex/grid.js";
import { TERRAINS, type Terrain } from "../vocabulary.js";
import type { MapData, Region } from "./schema.js";

/**
 * The map compiled for play: terrain and road hexsides in typed arrays
 * indexed by hex number, towns and regions resolved to hex sets.
 */
export interface MapContext {
  readonly data: MapData;
  readonly grid: HexGrid;
  readonly hash: string;
  /** TERRAINS index of each hex. */
  readonly terrain: Uint8Array;
  /** Bit d set where a road crosses the hexside in direction d (5.3). */
  readonly roadMask: Uint8Array;
  /** 1 where a road runs off the map edge from this hex (units entering there come by road, 5.3). */
  readonly roadEnds: Uint8Array;
  /** Hex indices of each named road, in order. */
  readonly roads: ReadonlyMap<string, readonly number[]>;
  /** Key hex number (1-16) to hex index. */
  readonly keyHexes: ReadonlyMap<number, number>;
  /** Towns: maximal groups of adjacent village hexes (16.11 "the two towns which contain hexes 8 and 11"). */
  readonly towns: readonly (readonly number[])[];
  /** Index into `towns` for each hex, or -1. */
  readonly townOf: Int32Array;
  /** Named regions as hex sets (1 = inside). */
  readonly regions: ReadonlyMap<string, Uint8Array>;
}

/** Builds the context from map data already checked by `parseMapData`. */
export function compileMap(data: MapData): MapContext {
  const grid = createGrid(data.columns, data.rows);
  const terrain = new Uint8Array(grid.size);
  for (let row = 1; row <= data.rows; row++) {
    const line = data.terrain[row - 1] ?? "";
    for (let col = 1; col <= data.columns; col++) {
      const t = data.legend[line[col - 1] ?? ""] as Terrain;
      terrain[(col - 1) * data.rows + (row - 1)] = TERRAINS.indexOf(t);
    }
  }
  const roadMask = new Uint8Array(grid.size);
  const roads = new Map<string, number[]>();
  for (const road of data.roads) {
    const hexes = road.hexes.map((id) => indexOfId(grid, id));
    roads.set(road.id, hexes);
    for (let i = 1; i < hexes.length; i++) {
      const a = hexes[i - 1] as number;
      const b = hexes[i] as number;
      const d = directionBetween(grid, a, b) as DirectionIndex;
      roadMask[a] = (roadMask[a] as number) | (1 << d);
      roadMask[b] = (roadMask[b] as number) | (1 << opposite(d));
    }
  }
  const roadEnds = new Uint8Array(grid.size);
  for (const hexes of roads.values()) {
    for (const end of [hexes[0], hexes.at(-1)]) {
      if (end !== undefined && EDGES.some((e) => isOnEdge(grid, end, e))) roadEnds[end] = 1;
    }
  }
  const keyHexes = new Map<number, number>();
  for (const [n, id] of Object.entries(data.keyHexes)) keyHexes.set(Number(n), indexOfId(grid, id));
  const { towns, townOf } = findTowns(grid, terrain);
  const partial = { grid, terrain, roads };
  const regions = new Map<string, Uint8Array>();
  for (const [name, region] of Object.entries(data.regions)) regions.set(name, floodRegion(partial, region));
  return {
    data,
    grid,
    hash: hashOf(data),
    terrain,
    roadMask,
    roadEnds,
    roads,
    keyHexes,
    towns,
    townOf,
    regions,
  };
}

export function terrainAt(map: MapContext, hex: number): Terrain {
  return TERRAINS[map.terrain[hex] as number] as Terrain;
}

export function hasRoad(map: MapContext, hex: number): boolean {
  return (map.roadMask[hex] as number) !== 0;
}

/** True when a road crosses the hexside between adjacent hexes a and b. */
export function roadBetween(map: MapContext, a: number, d: DirectionIndex): boolean {
  return ((map.roadMask[a] as number) & (1 << d)) !== 0;
}

export function keyHex(map: MapContext, n: number): number {
  const h = map.keyHexes.get(n);
  if (h === undefined) throw new Error(`the map has no key hex ${n}`);
  return h;
}

export function region(map: MapContext, name: string): Uint8Array {
  const r = map.regions.get(name);
  if (!r) throw new Error(`the map has no region "${name}"`);
  return r;
}

function findTowns(grid: HexGrid, terrain: Uint8Array): { towns: number[][]; townOf: Int32Array } {
  const village = TERRAINS.indexOf("village");
  const townOf = new Int32Array(grid.size).fill(-1);
  const towns: number[][] = [];
  for (let start = 0; start < grid.size; start++) {
    if (terrain[start] !== village || townOf[start] !== -1) continue;
    const town: number[] = [];
    const stack = [start];
    townOf[start] = towns.length;
    while (stack.length > 0) {
      const h = stack.pop() as number;
      town.push(h);
      for (let d = 0; d < 6; d++) {
        const n = neighbourOf(grid, h, d as DirectionIndex);
        if (n >= 0 && terrain[n] === village && townOf[n] === -1) {
          townOf[n] = towns.length;
          stack.push(n);
        }
      }
    }
    towns.push(town.sort((a, b) => a - b));
  }
  return { towns, townOf };
}

function floodRegion(
  map: { grid: HexGrid; terrain: Uint8Array; roads: ReadonlyMap<string, readonly number[]> },
  region: Region,
): Uint8Array {
  const { grid } = map;
  const barrier = new Uint8Array(grid.size);
  if ("terrain" in region.barrier) {
    const t = TERRAINS.indexOf(region.barrier.terrain);
    for (let h = 0; h < grid.size; h++) if (map.terrain[h] === t) barrier[h] = 1;
  } else {
    for (const h of map.roads.get(region.barrier.road) ?? []) barrier[h] = 1;
  }
  const inside = new Uint8Array(grid.size);
  const stack = edgeHexes(grid, region.edge).filter((h) => barrier[h] === 0);
  for (const h of stack) inside[h] = 1;
  while (stack.length > 0) {
    const h = stack.pop() as number;
    for (let d = 0; d < 6; d++) {
      const n = neighbourOf(grid, h, d as DirectionIndex);
      if (n < 0 || inside[n] === 1) continue;
      if (barrier[n] === 1) {
        if (region.includeBarrier) inside[n] = 2;
        continue;
      }
      inside[n] = 1;
      stack.push(n);
    }
  }
  for (let h = 0; h < grid.size; h++) if (inside[h] === 2) inside[h] = 1;
  return inside;
}
