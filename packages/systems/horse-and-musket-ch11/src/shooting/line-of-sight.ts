import { type Point, type Polygon, pointInPolygon, segmentMeetsInterior } from "@tercio/geometry";
import { unitPolygon } from "../bases.js";
import type { Ctx } from "../context.js";
import type { Position } from "../position.js";

/**
 * The text has no line-of-sight rule, and by default none applies
 * (lineOfSight "none"). The "simple" reading is a minimal one: the segment
 * from the shooter's centre to the target's centre must not pass through
 * the interior of another unit's base, nor of woods or a town, unless that
 * wood or town holds the shooter's or the target's centre (a unit sees out
 * of the wood it stands in, and is seen in it). Hills do not block: the
 * text gives them no height. sightLine gives the line and what blocks it
 * (a board draws both); sightBlocker the blocker's name, or undefined.
 */
export interface SightLine {
  /** The centres the line runs between: the shooter's and the target's. */
  readonly from: Point;
  readonly to: Point;
  /** The first thing found in the way (units by id, then woods and towns in scenario order). */
  readonly blocker?: {
    readonly kind: "unit" | "terrain";
    /** A unit's id, or a terrain piece's id. */
    readonly id: string;
    /** How a message names it: the unit's id, or the piece's name. */
    readonly name: string;
    readonly polygon: Polygon;
  };
}

/** The line the "simple" reading checks, and what blocks it; undefined under "none" or for an unknown unit. */
export function sightLine(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  targetId: string,
): SightLine | undefined {
  if (ctx.options.lineOfSight === "none") return undefined;
  const a = position.units[shooterId];
  const b = position.units[targetId];
  if (!a || !b) return undefined;
  const from = { x: a.x, y: a.y };
  const to = { x: b.x, y: b.y };
  for (const [id, u] of Object.entries(position.units)) {
    if (id === shooterId || id === targetId) continue;
    const poly = unitPolygon(u);
    if (segmentMeetsInterior(a, b, poly, true))
      return { from, to, blocker: { kind: "unit", id, name: id, polygon: poly } };
  }
  for (const area of [...ctx.terrain.woods, ...ctx.terrain.towns]) {
    if (pointInPolygon(a, area.polygon) !== "outside" || pointInPolygon(b, area.polygon) !== "outside")
      continue;
    if (segmentMeetsInterior(a, b, area.polygon, area.ccw))
      return { from, to, blocker: { kind: "terrain", id: area.id, name: area.name, polygon: area.polygon } };
  }
  return { from, to };
}

export function sightBlocker(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  targetId: string,
): string | undefined {
  return sightLine(ctx, position, shooterId, targetId)?.blocker?.name;
}
