import { type Point, withinDistance, zoneOf } from "@tercio/geometry";
import { unitCorners, unitFrontCentre } from "./bases.js";
import type { Ctx } from "./context.js";
import type { Position, UnitState } from "./position.js";
import type { UnitSide } from "./vocabulary.js";

/**
 * Front, Left, Right & Rear Sides: "Measure these off the Unit corners, 45°
 * arcs off the front, rear, left / right Side. A Unit's Front center point
 * determines if it is in an enemy Unit's Front, left/right or Rear Side."
 * The zones are the kernel's exact corner rays; a point exactly on a ray
 * goes where the game's `onRay` option says.
 */
export function sideFacing(ctx: Ctx, target: UnitState, point: Point): UnitSide | "inside" {
  return zoneOf(unitCorners(ctx, target), point, ctx.options.onRay);
}

/** The side of `target` that `viewer` is on, by the viewer's front-centre point. */
export function sideOfTarget(ctx: Ctx, viewer: UnitState, target: UnitState): UnitSide | "inside" {
  return sideFacing(ctx, target, unitFrontCentre(ctx, viewer));
}

/**
 * The friendly unit protecting one flank, or undefined: "Left / right Sides
 * may not be targeted for Shot / Charge if Protected by mutual 1" Front
 * corner distance to a friendly Unit". The flank's front corner (front-left
 * for the left side) within 1" of either front corner of a friend: the
 * distance is symmetric, so the protection is mutual (the friend's flank
 * at that corner is protected by this unit). Inclusive: exactly 1" protects.
 */
export function protector(
  ctx: Ctx,
  position: Position,
  id: string,
  flank: "left" | "right",
): string | undefined {
  const unit = position.units[id];
  if (!unit) return undefined;
  const c = unitCorners(ctx, unit);
  const corner = flank === "left" ? c.fl : c.fr;
  const reach = ctx.rules.data.sides.protection;
  for (const [otherId, other] of Object.entries(position.units)) {
    if (otherId === id || other.side !== unit.side) continue;
    const o = unitCorners(ctx, other);
    if (withinDistance(corner, o.fl, reach) || withinDistance(corner, o.fr, reach)) return otherId;
  }
  return undefined;
}

export function isProtected(ctx: Ctx, position: Position, id: string, side: UnitSide): boolean {
  return (side === "left" || side === "right") && protector(ctx, position, id, side) !== undefined;
}
