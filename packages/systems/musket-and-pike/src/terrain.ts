import type { GameContext } from "./context.js";
import { hasRoad } from "./map/map-context.js";
import { type Elevation, TERRAINS, type Terrain } from "./vocabulary.js";

/** The terrain of a hex as the scenario sees it (16.13: Nieuport's North Sea). */
export function terrainOf(ctx: GameContext, hex: number): Terrain {
  return TERRAINS[ctx.terrain[hex] as number] as Terrain;
}

/**
 * 9.0 with 5.3(K): the Fire Protection Strength of a hex. Where a road runs
 * through the hex, the road's strength applies whatever else is there and
 * whether or not the unit came by road.
 */
export function fireProtection(ctx: GameContext, hex: number): number {
  if (hasRoad(ctx.map, hex)) return ctx.rules.data.road.fireProtection;
  return ctx.rules.data.terrain[terrainOf(ctx, hex)].fireProtection;
}

/** 7.3(G), 9.0 errata: ground, slope or hilltop. */
export function elevationOf(ctx: GameContext, hex: number): Elevation {
  return ctx.rules.data.terrain[terrainOf(ctx, hex)].elevation;
}
