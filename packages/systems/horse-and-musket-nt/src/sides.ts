import { distanceSq, type Point, zoneOf } from "@tercio/geometry";
import { unitCorners, unitFrontCentre } from "./bases.js";
import type { Ctx } from "./context.js";
import { type Judge, withinQuestion } from "./grey-areas.js";
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

/** The side of `target` that `viewer` is in, by the viewer's front-centre point. */
export function sideOfTarget(ctx: Ctx, viewer: UnitState, target: UnitState): UnitSide | "inside" {
  return sideFacing(ctx, target, unitFrontCentre(ctx, viewer));
}

/** The front corner at a flank: front-left for the left side. */
function flankCorner(ctx: Ctx, u: UnitState, flank: "left" | "right"): Point {
  const c = unitCorners(ctx, u);
  return flank === "left" ? c.fl : c.fr;
}

/**
 * The squared distance from a unit's flank corner to the nearer front
 * corner of another unit: the measurement of "mutual 1" Front corner
 * distance" (symmetric, so the protection is mutual).
 */
export function cornerGapSq(ctx: Ctx, u: UnitState, flank: "left" | "right", friend: UnitState): number {
  const corner = flankCorner(ctx, u, flank);
  const o = unitCorners(ctx, friend);
  return Math.min(distanceSq(corner, o.fl), distanceSq(corner, o.fr));
}

/**
 * The friendly unit protecting one flank, or undefined: "Left / right Sides
 * may not be targeted for Shot / Charge if Protected by mutual 1" Front
 * corner distance to a friendly Unit". The flank's front corner within 1"
 * of a front corner of a friend, inclusive; a distance too close to call
 * goes to the judge (the acting player, who shoots or charges, wants the
 * flank open).
 */
export function protector(
  ctx: Ctx,
  position: Position,
  id: string,
  flank: "left" | "right",
  judge: Judge,
): string | undefined {
  const unit = position.units[id];
  if (!unit) return undefined;
  const reach = ctx.rules.data.sides.protection;
  const questions: { id: string; q: ReturnType<typeof withinQuestion> }[] = [];
  for (const otherId of Object.keys(position.units).sort()) {
    const other = position.units[otherId] as UnitState;
    if (otherId === id || other.side !== unit.side) continue;
    const q = withinQuestion(
      ctx,
      `protected:${id}:${flank}:${otherId}`,
      `is ${id}'s ${flank} flank within 1 inch of ${otherId}'s front corner (protected)?`,
      cornerGapSq(ctx, unit, flank, other),
      reach,
      false,
    );
    // A friend that clearly protects settles it with no roll-off for the others.
    if (q.exact && !q.close) return otherId;
    if (q.close) questions.push({ id: otherId, q });
  }
  for (const { id: otherId, q } of questions) if (judge.answer(q)) return otherId;
  return undefined;
}

export function isProtected(ctx: Ctx, position: Position, id: string, side: UnitSide, judge: Judge): boolean {
  return (side === "left" || side === "right") && protector(ctx, position, id, side, judge) !== undefined;
}
