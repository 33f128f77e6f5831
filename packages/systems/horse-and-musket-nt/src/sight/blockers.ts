import { type Point, type Polygon, pointConvexWithin } from "@tercio/geometry";
import { unitPolygon } from "../bases.js";
import type { Ctx } from "../context.js";
import type { Position } from "../position.js";
import type { Area } from "../scenarios/schema.js";
import { hillUnder } from "../terrain.js";
import { heightOf } from "../unit-class.js";

/**
 * What may block a line of sight (Line of Sight: "anything intervening and
 * apparently taller than the height of the figures, e.g. hills, woods,
 * towns, and Units [cavalry are higher than any other Unit type]").
 *
 * - Units block unless lower than both ends (foot and guns height 1,
 *   cavalry 2, the rules data): infantry between two cavalry units does not
 *   block them; infantry between infantry and cavalry does.
 * - Line of Sight V: guns whose front centre is on a hill see over every
 *   intervening unit (all are closer to the guns than the target).
 * - Hills, woods and towns block (Line of Sight III); brush, marsh, lakes
 *   and linear pieces are lower than the figures and do not.
 */
export const BLOCKING_AREAS: readonly Area["kind"][] = ["hill", "woods", "town"];

export interface UnitBlocker {
  readonly id: string;
  readonly polygon: Polygon;
}

export interface SightEnds {
  readonly viewer: string;
  readonly target: string;
  /** The viewer's origin (its front centre, or a side centre for a held town). */
  readonly from: Point;
}

/** Units that block the line between viewer and target: everyone else tall enough, the target itself included. */
export function unitBlockers(ctx: Ctx, position: Position, ends: SightEnds): UnitBlocker[] {
  const viewer = position.units[ends.viewer];
  const target = position.units[ends.target];
  if (!viewer || !target) return [];
  const gunsOnHill = viewer.type === "artillery" && hillUnder(ctx, ends.from) !== undefined;
  const low = Math.min(heightOf(ctx, viewer), heightOf(ctx, target));
  const out: UnitBlocker[] = [];
  for (const [id, u] of Object.entries(position.units)) {
    if (id === ends.viewer) continue;
    // The target's own base hides its far sides: a line to a side must not pass through the target.
    if (id !== ends.target && (gunsOnHill || heightOf(ctx, u) < low)) continue;
    out.push({ id, polygon: unitPolygon(ctx, u) });
  }
  return out;
}

/** The area pieces that block sight at all. */
export function areaBlockers(ctx: Ctx): Area[] {
  return ctx.areas.filter((a) => BLOCKING_AREAS.includes(a.kind));
}

/** Line of Sight IV: a point within the rules data's lining distance of a piece (inside it or at its edge). */
export function liningOrIn(ctx: Ctx, area: Area, p: Point): boolean {
  return pointConvexWithin(p, area.polygon, ctx.rules.data.sight.lining);
}
