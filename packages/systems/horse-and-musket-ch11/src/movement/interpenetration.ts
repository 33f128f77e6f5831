import { boxOf, interiorsOverlap, type Polygon } from "@tercio/geometry";
import { unitPolygon } from "../bases.js";
import type { Ctx } from "../context.js";
import type { Position, UnitState } from "../position.js";

/**
 * 004 Movement: Interpenetration: "Only Skirmishers may pass through other
 * units (and vice versa)": a Skirmisher passes through friends, and friends
 * pass through Skirmishers. Enemy units always block (the reading: passing
 * through the enemy is fighting, which only cavalry do, by charging). No
 * unit ends a move on another (bases may touch).
 */
export function mayPass(ctx: Ctx, mover: UnitState, other: UnitState): boolean {
  if (mover.side !== other.side) return false;
  const types = ctx.rules.data.unitTypes;
  return types[mover.type].passesThrough || types[other.type].passesThrough;
}

/** The first unit (by id) the region overlaps that the mover may not pass through. */
export function blockerOf(
  ctx: Ctx,
  position: Position,
  moverId: string,
  region: Polygon,
  ignore?: string,
): string | undefined {
  const mover = position.units[moverId];
  if (!mover) return undefined;
  const box = boxOf(region);
  for (const [id, other] of Object.entries(position.units)) {
    if (id === moverId || id === ignore || mayPass(ctx, mover, other)) continue;
    if (!nearBox(box, other)) continue;
    if (interiorsOverlap(region, unitPolygon(other))) return id;
  }
  return undefined;
}

/** The first unit (by id) the final base overlaps, whoever it is: no unit ends on another. */
export function overlapOf(position: Position, moverId: string, base: Polygon): string | undefined {
  const box = boxOf(base);
  for (const [id, other] of Object.entries(position.units)) {
    if (id === moverId || !nearBox(box, other)) continue;
    if (interiorsOverlap(base, unitPolygon(other))) return id;
  }
  return undefined;
}

/** A cheap reject: the unit's centre is further than its half-diagonal bound from the box. */
function nearBox(box: { minX: number; minY: number; maxX: number; maxY: number }, u: UnitState): boolean {
  const r = u.frontage + u.depth;
  return u.x + r > box.minX && u.x - r < box.maxX && u.y + r > box.minY && u.y - r < box.maxY;
}
