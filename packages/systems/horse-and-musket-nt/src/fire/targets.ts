import { compareProducts, cross, dot, type Point } from "@tercio/geometry";
import { unitCorners } from "../bases.js";
import type { Ctx } from "../context.js";
import { tooCloseToCall } from "../grey-areas.js";
import type { Position } from "../position.js";
import { isProtected, sideOfTarget } from "../sides.js";
import { type SideSight, sideSight } from "../sight/line-of-sight.js";
import { fireValues, longestRange } from "../unit-class.js";
import type { UnitSide } from "../vocabulary.js";

/**
 * 1.1 A. Priority: "Units fire at the closest, most directly forward Unit in
 * their Front Arc." A candidate is an enemy whose side facing the shooter
 * (by the shooter's front centre, SD) is not a protected flank, is in line
 * of sight (I-V, with II's front arc), and is within the shooter's longest
 * range (or too close to call at it). Closest is the LoS length; among
 * equals, most directly forward is the smaller angle between the shooter's
 * facing and the line of sight, compared exactly.
 */
export interface FireCandidate {
  readonly id: string;
  readonly side: UnitSide;
  readonly sight: SideSight;
  /** Its range is too close to call at the longest range: the shot settles it. */
  readonly closeAtLongest: boolean;
}

function forward(ctx: Ctx, position: Position, id: string): Point | undefined {
  const u = position.units[id];
  if (!u) return undefined;
  const c = unitCorners(ctx, u);
  return { x: c.fl.x - c.rl.x, y: c.fl.y - c.rl.y };
}

/** Negative when a is more directly forward than b (both lines from the shooter). */
function compareForward(axis: Point, a: SideSight, b: SideSight): number {
  const va = { x: a.centre.x - a.origin.x, y: a.centre.y - a.origin.y };
  const vb = { x: b.centre.x - b.origin.x, y: b.centre.y - b.origin.y };
  const ca = Math.abs(cross(axis.x, axis.y, va.x, va.y));
  const cb = Math.abs(cross(axis.x, axis.y, vb.x, vb.y));
  const da = dot(axis.x, axis.y, va.x, va.y);
  const db = dot(axis.x, axis.y, vb.x, vb.y);
  // Behind the shooter's front line is least forward of all.
  if (da <= 0 || db <= 0) return da > 0 ? -1 : db > 0 ? 1 : 0;
  // tan a < tan b  ⇔  ca/da < cb/db  ⇔  ca·db < cb·da.
  return compareProducts(ca, db, cb, da);
}

/** Every enemy the unit could fire at now, closest and most forward first. */
export function fireCandidates(ctx: Ctx, position: Position, shooterId: string): FireCandidate[] {
  const shooter = position.units[shooterId];
  if (!shooter || !fireValues(ctx, shooter)) return [];
  const longest = longestRange(ctx, shooterId, shooter);
  const out: FireCandidate[] = [];
  for (const [id, target] of Object.entries(position.units)) {
    if (target.side === shooter.side) continue;
    const side = sideOfTarget(ctx, shooter, target);
    if (side === "inside" || isProtected(ctx, position, id, side)) continue;
    const sight = sideSight(ctx, position, shooterId, id, side);
    if (!sight.visible) continue;
    const close = tooCloseToCall(ctx, sight.d2, longest);
    if (!close && sight.d2 > longest * longest) continue;
    out.push({ id, side, sight, closeAtLongest: close });
  }
  const axis = forward(ctx, position, shooterId);
  return out.sort((a, b) => {
    if (a.sight.d2 !== b.sight.d2) return a.sight.d2 - b.sight.d2;
    const f = axis ? compareForward(axis, a.sight, b.sight) : 0;
    return f !== 0 ? f : a.id < b.id ? -1 : 1;
  });
}

/** The first-priority candidates: one, or several tied on range and forwardness (the player chooses). */
export function priorityTargets(ctx: Ctx, position: Position, shooterId: string): FireCandidate[] {
  const all = fireCandidates(ctx, position, shooterId);
  const first = all[0];
  if (!first) return [];
  const axis = forward(ctx, position, shooterId);
  return all.filter(
    (c) => c.sight.d2 === first.sight.d2 && (!axis || compareForward(axis, c.sight, first.sight) === 0),
  );
}
