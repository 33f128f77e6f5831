import { type Point, pointInPolygon } from "@tercio/geometry";
import type { Ctx } from "@tercio/plucky-pikes";

/**
 * The contour a point stands on (table.ts's levelAt, which the engine does
 * not export): the highest hill level containing it, 0 off the hills.
 * Melee's uphill modifier reads it.
 */
export function levelAt(ctx: Ctx, p: Point): number {
  let level = 0;
  for (const a of ctx.areas)
    if (a.kind === "hill" && pointInPolygon(p, a.polygon) !== "outside")
      level = Math.max(level, a.level ?? 1);
  return level;
}
