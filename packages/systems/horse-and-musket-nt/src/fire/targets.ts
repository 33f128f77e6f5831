import { compareProducts, cross, dot, type Point } from "@tercio/geometry";
import { unitCorners } from "../bases.js";
import type { Ctx } from "../context.js";
import { type Judge, withinQuestion } from "../grey-areas.js";
import type { Position, UnitState } from "../position.js";
import { isProtected, protectionQuestion, sideOfTarget } from "../sides.js";
import { type SideSight, sideSight } from "../sight/line-of-sight.js";
import { fireValues, longRange } from "../unit-class.js";
import type { UnitSide } from "../vocabulary.js";

/**
 * 1.1 A. Priority: "Units fire at the closest, most directly forward Unit in
 * their Front Arc. If two Units are in LoS at the same Range, and have
 * mutually Protected Sides, both must be targeted."
 *
 * A target is an enemy whose side facing the shooter (the side its
 * front-centre point is in, Front, Left, Right & Rear Sides) is in line of
 * sight (I-V, with II's front arc) and not a protected flank, within the
 * shooter's longest range. Closest is the LoS length (front centre to the
 * side's centre); among equals, most directly forward is the smaller angle
 * between the shooter's facing and the line, compared exactly. The Range
 * of 1.1 B is the band: point blank, effective, or the Minié's long range.
 */
export type Band = "point-blank" | "effective" | "long";

export interface FireCandidate {
  readonly id: string;
  readonly side: UnitSide;
  readonly sight: SideSight;
}

export interface Targeted extends FireCandidate {
  readonly band: Band;
}

const BAND_WORDS: Record<Band, string> = {
  "point-blank": "point blank range",
  effective: "effective range",
  long: "long range",
};

function forwardAxis(ctx: Ctx, u: UnitState): Point {
  const c = unitCorners(ctx, u);
  return { x: c.fl.x - c.rl.x, y: c.fl.y - c.rl.y };
}

/** Negative when line a is more directly forward than line b (both from the shooter). */
export function compareForward(axis: Point, a: SideSight, b: SideSight): number {
  const va = { x: a.centre.x - a.origin.x, y: a.centre.y - a.origin.y };
  const vb = { x: b.centre.x - b.origin.x, y: b.centre.y - b.origin.y };
  const ca = Math.abs(cross(axis.x, axis.y, va.x, va.y));
  const cb = Math.abs(cross(axis.x, axis.y, vb.x, vb.y));
  const da = dot(axis.x, axis.y, va.x, va.y);
  const db = dot(axis.x, axis.y, vb.x, vb.y);
  // A line at or behind the shooter's front is the least forward of all (a held town's all-round sight).
  if (da <= 0 || db <= 0) return da > 0 ? -1 : db > 0 ? 1 : 0;
  // tan a < tan b  ⇔  ca/da < cb/db  ⇔  ca·db < cb·da.
  return compareProducts(ca, db, cb, da);
}

/** Every enemy the shooter sees (the side it faces, in line of sight), closest and most forward first. */
export function visibleEnemies(ctx: Ctx, position: Position, shooterId: string): FireCandidate[] {
  const shooter = position.units[shooterId];
  if (!shooter || !fireValues(ctx, shooter)) return [];
  const out: FireCandidate[] = [];
  for (const id of Object.keys(position.units).sort()) {
    const target = position.units[id] as UnitState;
    if (target.side === shooter.side) continue;
    const side = sideOfTarget(ctx, shooter, target);
    if (side === "inside") continue;
    const sight = sideSight(ctx, position, shooterId, id, side);
    if (sight.visible) out.push({ id, side, sight });
  }
  const axis = forwardAxis(ctx, shooter);
  return out.sort((a, b) => {
    if (a.sight.d2 !== b.sight.d2) return a.sight.d2 - b.sight.d2;
    const f = compareForward(axis, a.sight, b.sight);
    return f !== 0 ? f : a.id < b.id ? -1 : 1;
  });
}

/** The limits of the shooter's bands, nearest first (1.1 B; ACW 3 and 4). */
export function bandLimits(ctx: Ctx, shooterId: string, shooter: UnitState): [Band, number][] {
  const f = fireValues(ctx, shooter);
  if (!f) return [];
  const limits: [Band, number][] = [
    ["point-blank", f.pointBlank],
    ["effective", f.effective],
  ];
  const long = longRange(ctx, shooterId, shooter);
  if (long > f.effective) limits.push(["long", long]);
  return limits;
}

/** The band a candidate is in, each limit a question (a range too close to call goes to the judge), or null. */
export function bandOf(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  c: FireCandidate,
  judge: Judge,
): Band | null {
  const shooter = position.units[shooterId];
  if (!shooter) return null;
  for (const [band, limit] of bandLimits(ctx, shooterId, shooter)) {
    const q = withinQuestion(
      ctx,
      `range:${shooterId}:${c.id}:${band}`,
      `is ${c.id} within ${shooterId}'s ${BAND_WORDS[band]}?`,
      c.sight.d2,
      limit,
      true,
    );
    if (judge.answer(q)) return band;
  }
  return null;
}

/**
 * The first-priority targets: the closest candidate that is in range and
 * not a protected flank, and any tied with it on range and forwardness (the
 * player chooses among those). Candidates are judged in order, so a roll-off
 * is made only for the one that matters.
 */
export function priorityTargets(ctx: Ctx, position: Position, shooterId: string, judge: Judge): Targeted[] {
  const shooter = position.units[shooterId];
  if (!shooter) return [];
  const axis = forwardAxis(ctx, shooter);
  const out: Targeted[] = [];
  for (const c of visibleEnemies(ctx, position, shooterId)) {
    const first = out[0];
    if (first && (c.sight.d2 !== first.sight.d2 || compareForward(axis, c.sight, first.sight) !== 0)) break;
    if (isProtected(ctx, position, c.id, c.side, judge)) continue;
    const band = bandOf(ctx, position, shooterId, c, judge);
    if (band !== null) out.push({ ...c, band });
  }
  return out;
}

/**
 * The unit a volley at `target` is split with (1.1 A): a candidate in the
 * same band whose flank and the target's are mutually protected, the
 * nearest such (then by id). Its own facing side must be open to fire.
 */
export function splitPartner(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  target: Targeted,
  judge: Judge,
): Targeted | undefined {
  const t = position.units[target.id];
  if (!t) return undefined;
  for (const c of visibleEnemies(ctx, position, shooterId)) {
    if (c.id === target.id) continue;
    // One measurement, one question (sides.ts): a flank roll-off already made for priority holds here too.
    const mutual = (["left", "right"] as const).some((flank) =>
      judge.answer(protectionQuestion(ctx, position, target.id, flank, c.id)),
    );
    if (!mutual || isProtected(ctx, position, c.id, c.side, judge)) continue;
    if (bandOf(ctx, position, shooterId, c, judge) === target.band) return { ...c, band: target.band };
  }
  return undefined;
}
