import { straightRow } from "../hex/axial.js";
import { axialOf, disc, distance, type Edge, edgeHexes, idOf, indexOfAxial } from "../hex/grid.js";
import { keyHex, type MapContext, region } from "../map/map-context.js";
import type { Deployment, HexRef, Scenario } from "./schema.js";

/**
 * Where a force may be set up: a set of hexes (16.0 "within N hexes of hex K"
 * and its variants), or the map edge hexes through which it enters.
 */
export type ForceZone =
  | {
      readonly kind: "deploy";
      /** Hex indices, ascending. Terrain is not filtered here: what a unit may enter depends on the unit. */
      readonly hexes: readonly number[];
      /** 16.37: hexes of the row that must each hold at least one unit. */
      readonly mustOccupy: readonly number[];
    }
  | {
      readonly kind: "enter";
      readonly edge: Edge;
      readonly gameTurn: number;
      readonly hexes: readonly number[];
      readonly roadMode: boolean;
    };

export function roadSegment(map: MapContext, road: string, from: number, to: number): number[] {
  const hexes = map.roads.get(road);
  if (!hexes) throw new Error(`the map has no road "${road}"`);
  const a = hexes.indexOf(keyHex(map, from));
  const b = hexes.indexOf(keyHex(map, to));
  if (a < 0 || b < 0) throw new Error(`key hexes ${from} and ${to} must both lie on road "${road}"`);
  return hexes.slice(Math.min(a, b), Math.max(a, b) + 1);
}

/** 16.37: the straight row of hexes between two key hexes, in order from the first. */
export function hexRow(map: MapContext, from: number, to: number): number[] {
  const row = straightRow(axialOf(map.grid, keyHex(map, from)), axialOf(map.grid, keyHex(map, to)));
  if (!row) throw new Error(`key hexes ${from} and ${to} are not on one straight hex row`);
  return row.map((a) => indexOfAxial(map.grid, a));
}

function within(map: MapContext, centres: readonly number[], radius: number): number[] {
  const set = new Set<number>();
  for (const c of centres) for (const h of disc(map.grid, c, radius)) set.add(h);
  return [...set].sort((a, b) => a - b);
}

export function forceZone(map: MapContext, deployment: Deployment): ForceZone {
  switch (deployment.kind) {
    case "within":
      return {
        kind: "deploy",
        hexes: within(map, [keyHex(map, deployment.of)], deployment.hexes),
        mustOccupy: [],
      };
    case "within-any":
      return {
        kind: "deploy",
        hexes: within(
          map,
          deployment.of.map((k) => keyHex(map, k)),
          deployment.hexes,
        ),
        mustOccupy: [],
      };
    case "within-road":
      return {
        kind: "deploy",
        hexes: within(
          map,
          roadSegment(map, deployment.road, deployment.from, deployment.to),
          deployment.hexes,
        ),
        mustOccupy: [],
      };
    case "within-row": {
      const row = hexRow(map, deployment.from, deployment.to);
      return {
        kind: "deploy",
        hexes: within(map, row, deployment.hexes),
        mustOccupy: deployment.occupyEveryRowHex ? row : [],
      };
    }
    case "region": {
      const r = region(map, deployment.region);
      const hexes: number[] = [];
      for (let h = 0; h < map.grid.size; h++) if (r[h] === 1) hexes.push(h);
      return { kind: "deploy", hexes, mustOccupy: [] };
    }
    case "enter": {
      const centre = keyHex(map, deployment.near.of);
      const hexes = edgeHexes(map.grid, deployment.edge).filter(
        (h) => distance(map.grid, h, centre) <= deployment.near.hexes,
      );
      return {
        kind: "enter",
        edge: deployment.edge,
        gameTurn: deployment.gameTurn,
        hexes,
        roadMode: deployment.roadMode,
      };
    }
  }
}

/** The hexes a victory reference stands for: a key hex, or every hex of the town around one (16.11). */
export function hexRefHexes(map: MapContext, ref: HexRef): number[] {
  if ("hex" in ref) return [keyHex(map, ref.hex)];
  const k = keyHex(map, ref.townOf);
  const town = map.townOf[k] as number;
  if (town < 0) throw new Error(`key hex ${ref.townOf} (${idOf(map.grid, k)}) is not in a town`);
  return [...(map.towns[town] ?? [])];
}

/** Every hex whose control decides a victory condition of the scenario (16.0). */
export function victoryHexes(map: MapContext, scenario: Scenario): number[] {
  const set = new Set<number>();
  for (const { condition } of scenario.victory.conditions) {
    if (condition.kind === "control")
      for (const ref of condition.hexes) for (const h of hexRefHexes(map, ref)) set.add(h);
  }
  return [...set].sort((a, b) => a - b);
}

/** 16.22: the edge hexes a side may exit through, or none. */
export function exitHexes(map: MapContext, scenario: Scenario, side: "first" | "second"): number[] {
  const set = new Set<number>();
  for (const c of scenario.victory.conditions) {
    if (c.condition.kind !== "exit" || c.side !== side) continue;
    const road = map.roads.get(c.condition.road);
    if (!road) throw new Error(`the map has no road "${c.condition.road}"`);
    const within = c.condition.withinOfRoad;
    for (const h of edgeHexes(map.grid, c.condition.edge)) {
      if (road.some((r) => distance(map.grid, h, r) <= within)) set.add(h);
    }
  }
  return [...set].sort((a, b) => a - b);
}
