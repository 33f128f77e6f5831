import {
  convexInsidePolygon,
  insideRect,
  interiorsOverlap,
  nearestPoints,
  type Point,
  type Polygon,
  pointInPolygon,
  polygonOverlapsInterior,
} from "@tercio/geometry";
import type { Ctx } from "./context.js";
import { unitPolygon } from "./footprint.js";
import type { Position, UnitState } from "./position.js";
import type { Area } from "./scenarios/schema.js";

/**
 * What the table answers about a position: who stands where, how far apart
 * two footprints are, what terrain a footprint is in. Every answer is exact
 * (the kernel's integer predicates); none is a float.
 */

/** The units on the table (not gone), in id order. */
export function onTable(position: Position): [string, UnitState][] {
  return Object.entries(position.units)
    .filter(([, u]) => u.gone === undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function insideTable(ctx: Ctx, poly: Polygon): boolean {
  return insideRect(poly, 0, 0, ctx.table.width, ctx.table.height);
}

/** The first unit (in id order) whose footprint overlaps `poly`, leaving out `except`. */
export function overlapping(
  ctx: Ctx,
  position: Position,
  poly: Polygon,
  except: ReadonlySet<string>,
): string | undefined {
  for (const [id, u] of onTable(position)) {
    if (except.has(id)) continue;
    if (interiorsOverlap(poly, unitPolygon(ctx, id, u))) return id;
  }
  return undefined;
}

/**
 * The squared distance between two footprints in ticks², rounded UP to a
 * whole number: compared with a whole r² it decides exactly as the exact
 * value does (d² <= r² iff ⌈d²⌉ <= r² for whole r²).
 */
export function squaredGap(a: Polygon, b: Polygon): number {
  const s = nearestPoints(a, b).squared;
  const num = BigInt(s.p) * BigInt(s.q);
  const den = BigInt(s.l);
  return Number((num + den - 1n) / den);
}

/** The squared distance of a point from a footprint, rounded up (as squaredGap). */
export function squaredGapFromPoint(p: Point, b: Polygon): number {
  return squaredGap([p], b);
}

export function areasOf(ctx: Ctx, kind: Area["kind"]): readonly Area[] {
  return ctx.areas.filter((a) => a.kind === kind);
}

/** The footprint enters an area of that kind (touching its edge is not entering). */
export function inAreaKind(ctx: Ctx, poly: Polygon, kind: Area["kind"]): Area | undefined {
  return areasOf(ctx, kind).find((a) => polygonOverlapsInterior(a.polygon, poly));
}

/** The footprint lies wholly within the area. */
export function whollyIn(poly: Polygon, area: Area): boolean {
  return convexInsidePolygon(poly, area.polygon);
}

/**
 * Firepower modifiers: "A unit must be 2" from the edge of a wood before it
 * gets protection": wholly inside, and no corner within `depth` of an edge.
 */
export function deepInWood(poly: Polygon, wood: Area, depth: number): boolean {
  if (!convexInsidePolygon(poly, wood.polygon)) return false;
  const edge = wood.polygon;
  const r2 = BigInt(depth) * BigInt(depth);
  for (const p of poly)
    for (let i = 0; i < edge.length; i++) {
      // Nearer than `depth` to an edge, exactly: p·q / l < depth².
      const s = nearestPoints([p], [edge[i] as Point, edge[(i + 1) % edge.length] as Point]).squared;
      if (BigInt(s.p) * BigInt(s.q) < r2 * BigInt(s.l)) return false;
    }
  return true;
}

/** The contour a point stands on: the highest hill level containing it, 0 off the hills. */
export function levelAt(ctx: Ctx, p: Point): number {
  let level = 0;
  for (const a of areasOf(ctx, "hill"))
    if (pointInPolygon(p, a.polygon) !== "outside") level = Math.max(level, a.level ?? 1);
  return level;
}
