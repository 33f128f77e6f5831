import {
  boxOf,
  convexCrossesPolyline,
  type Point,
  type Polygon,
  pointInPolygon,
  polygonOverlapsInterior,
} from "@tercio/geometry";
import type { Ctx } from "./context.js";
import type { Area } from "./terrain-areas.js";

/**
 * Terrain questions the rules ask of a base or a swept region. "Enters" is
 * interior overlap (a base touching a wood's edge has not entered it). "In"
 * (cover, all-round fire, the hilltop) follows the `inTerrainBy` reading:
 * the base's centre in the closed polygon, or any overlap of interiors.
 */
export function enters(region: Polygon, areas: readonly Area[]): Area | undefined {
  if (areas.length === 0) return undefined;
  const box = boxOf(region);
  for (const a of areas) {
    if (box.minX >= a.box.maxX || a.box.minX >= box.maxX || box.minY >= a.box.maxY || a.box.minY >= box.maxY)
      continue;
    if (polygonOverlapsInterior(a.polygon, region)) return a;
  }
  return undefined;
}

/** The first river the region crosses outside its bridges and fords. */
export function crossesRiver(ctx: Ctx, region: Polygon): string | undefined {
  for (const r of ctx.terrain.rivers) if (convexCrossesPolyline(region, r.line, r.spans)) return r.name;
  return undefined;
}

/** The area of the list the unit is "in", by the inTerrainBy reading. */
export function inAreas(ctx: Ctx, centre: Point, base: Polygon, areas: readonly Area[]): Area | undefined {
  if (ctx.options.inTerrainBy === "overlap") return enters(base, areas);
  for (const a of areas) {
    if (centre.x < a.box.minX || centre.x > a.box.maxX || centre.y < a.box.minY || centre.y > a.box.maxY)
      continue;
    if (pointInPolygon(centre, a.polygon) !== "outside") return a;
  }
  return undefined;
}

/** 004 Shooting: Cover: a unit in woods or a town (the kinds the rules data lists). */
export function inCover(ctx: Ctx, centre: Point, base: Polygon): Area | undefined {
  return inAreas(ctx, centre, base, ctx.terrain.cover);
}

/** 004 Shooting: Units in Towns: all-round fire. */
export function inAllRoundTerrain(ctx: Ctx, centre: Point, base: Polygon): Area | undefined {
  return inAreas(ctx, centre, base, ctx.terrain.allRound);
}

/** 004 Hand-to-Hand Combat: Terrain: a defender on a hilltop. */
export function onHilltop(ctx: Ctx, centre: Point, base: Polygon): Area | undefined {
  return inAreas(ctx, centre, base, ctx.terrain.hilltops);
}
