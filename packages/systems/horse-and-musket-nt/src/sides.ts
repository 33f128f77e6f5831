import { distanceSq, type Point, zoneOf } from "@tercio/geometry";
import { unitCorners, unitFrontCentre } from "./bases.js";
import type { Ctx } from "./context.js";
import { type Judge, type Question, withinQuestion } from "./grey-areas.js";
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
 * The friend's front corner nearest a unit's flank corner, and the squared
 * distance between them: the measurement of "mutual 1" Front corner
 * distance" (symmetric, so the protection is mutual).
 */
function nearestFrontCorner(
  ctx: Ctx,
  u: UnitState,
  flank: "left" | "right",
  friend: UnitState,
): { readonly corner: "fl" | "fr"; readonly d2: number } {
  const corner = flankCorner(ctx, u, flank);
  const o = unitCorners(ctx, friend);
  const toFl = distanceSq(corner, o.fl);
  const toFr = distanceSq(corner, o.fr);
  return toFl <= toFr ? { corner: "fl", d2: toFl } : { corner: "fr", d2: toFr };
}

/** The squared distance from a unit's flank corner to the nearer front corner of another unit. */
export function cornerGapSq(ctx: Ctx, u: UnitState, flank: "left" | "right", friend: UnitState): number {
  return nearestFrontCorner(ctx, u, flank, friend).d2;
}

/**
 * The Grey Areas question "is `id`'s flank within 1" of `friendId`'s front
 * corner?", the shooter or charger wanting it open. Its key names the two
 * corners measured, in a fixed order, so the same measurement asked from
 * either unit (the protection is mutual; 1.1 A's split asks it from the
 * other side) is one question, settled by one roll-off.
 */
export function protectionQuestion(
  ctx: Ctx,
  position: Position,
  id: string,
  flank: "left" | "right",
  friendId: string,
): Question {
  const u = position.units[id];
  const friend = position.units[friendId];
  const m =
    u && friend ? nearestFrontCorner(ctx, u, flank, friend) : { corner: "fl", d2: Number.MAX_SAFE_INTEGER };
  const ends = [`${id}:${flank === "left" ? "fl" : "fr"}`, `${friendId}:${m.corner}`].sort();
  return withinQuestion(
    ctx,
    `protected:${ends.join(":")}`,
    `is ${id}'s ${flank} flank within 1 inch of ${friendId}'s front corner (protected)?`,
    m.d2,
    ctx.rules.data.sides.protection,
    false,
  );
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
  const questions: { id: string; q: Question }[] = [];
  for (const otherId of Object.keys(position.units).sort()) {
    const other = position.units[otherId] as UnitState;
    if (otherId === id || other.side !== unit.side) continue;
    const q = protectionQuestion(ctx, position, id, flank, otherId);
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
