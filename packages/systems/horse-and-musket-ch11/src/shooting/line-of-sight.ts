import { pointInPolygon, segmentMeetsInterior } from "@tercio/geometry";
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
 * text gives them no height. Returns what blocks, or undefined.
 */
export function sightBlocker(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  targetId: string,
): string | undefined {
  if (ctx.options.lineOfSight === "none") return undefined;
  const a = position.units[shooterId];
  const b = position.units[targetId];
  if (!a || !b) return undefined;
  for (const [id, u] of Object.entries(position.units)) {
    if (id === shooterId || id === targetId) continue;
    const poly = unitPolygon(u);
    if (segmentMeetsInterior(a, b, poly, true)) return id;
  }
  for (const area of [...ctx.terrain.woods, ...ctx.terrain.towns]) {
    if (pointInPolygon(a, area.polygon) !== "outside" || pointInPolygon(b, area.polygon) !== "outside")
      continue;
    if (segmentMeetsInterior(a, b, area.polygon, area.ccw)) return area.name;
  }
  return undefined;
}
