import { distanceSq, type Point, type Pose, scaledDirection, turnBetween } from "@tercio/geometry";
import {
  type Action,
  type Ctx,
  charges,
  checkReform,
  exactJudge,
  type Formation,
  fallBackPath,
  fireValues,
  modifiedDie,
  type Position,
  PreviewJudge,
  planShot,
  pointBlankThreat,
  priorityTargets,
  type UnitState,
  unitCorners,
  unitSize,
} from "@tercio/horse-and-musket-nt";
import { aimsOf } from "../aim.js";
import { chargeable, chargeChances, chargeOption, rolledAs } from "../charges.js";
import { crossingAims, slideToAxis } from "../crossings.js";
import { fieldFor } from "../distance-field.js";
import { distance, INCH, poseOfUnit } from "../geometry.js";
import { enemyZone, goalPoint, nearestEnemy } from "../goals.js";
import { candidateMoves, type MoveCandidate } from "../moves.js";
import { otherSide, unitOf, unitsOf } from "../policy.js";
import { damageWorth, rallyGain, shotFaces } from "../worth.js";
import { type Analysis, quarryOf } from "./analysis.js";
import { targetFactor, UnitEvaluator, type Weights } from "./evaluate.js";

/**
 * One unit's options and their scores (evaluate.ts), before its move is
 * rolled: fire (the shot now, at the target 1.1 A gives it, and the unit
 * stays), stand (to rally, when it may), reform (a 2" slide, e.g. to close
 * up on a friend's flank), or move (roll, then choose: the best candidate
 * move for a typical roll, and for a charger its charges over the die's
 * faces). After the roll: the best checked move, charge or fall back for
 * the Dx rolled, or standing.
 */
export type Intent =
  | { readonly kind: "fire"; readonly action: Action; readonly score: number }
  | { readonly kind: "stand"; readonly score: number }
  | { readonly kind: "reform"; readonly action: Action; readonly score: number }
  | { readonly kind: "move"; readonly score: number };

/** How many of the cheaply best candidates are scored in full. */
const FULL_PASS = 6;

/** The shot the unit would fire now, and its worth (the best of tied targets named). */
export function shotNow(
  ctx: Ctx,
  position: Position,
  id: string,
  an?: Analysis,
): { action: Action; worth: number } | undefined {
  const u = unitOf(position, id);
  if (u.acted !== "none" || !fireValues(ctx, u) || u.outOfAmmunition) return undefined;
  if (aimsOf(ctx, position, id).length === 0) return undefined;
  const judge = new PreviewJudge(position.settled);
  const plan = planShot(ctx, position, id, undefined, judge);
  const targets = plan.ok
    ? plan.value
      ? [{ t: plan.value.target, named: false }]
      : []
    : plan.error.code === "fire/choose-target"
      ? priorityTargets(ctx, position, id, judge).map((t) => ({ t, named: true }))
      : [];
  let best: { action: Action; worth: number } | undefined;
  for (const { t, named } of targets) {
    const faces = shotFaces(ctx, position, id, t.id, t.side, t.band);
    // A volley split between two targets (1.1 A) is worth about as much as one on the first.
    const worth =
      damageWorth(ctx, t.id, faces, unitOf(position, t.id).hits) *
      (an ? targetFactor(an, unitOf(position, t.id)) : 1);
    if (!best || worth > best.worth)
      best = { action: named ? { type: "fire", unit: id, target: t.id } : { type: "fire", unit: id }, worth };
  }
  return best;
}

/** Where the unit heads and what it faces: down its goal's route, and the nearest enemies. */
function aimsFor(ctx: Ctx, position: Position, id: string, an: Analysis): Point[] {
  const u = unitOf(position, id);
  const aims: Point[] = [];
  const goal = an.goals.get(id);
  if (goal && goal.kind !== "enemy") {
    const p = goalPoint(ctx, position, u, goal, 8);
    if (p) aims.push(p);
  } else {
    // Down the route to the enemy it marches on: round a river, its bridge or ford is the way.
    const q = quarryOf(ctx, an, position, id, u);
    if (q) aims.push(fieldFor(ctx, enemyZone(q.u, q.reach), u).towards(u, 8));
  }
  // A bridge or ford to pass: the points before it on its axis and beyond it.
  const ahead = an.crossings.get(id);
  if (ahead) aims.push(...crossingAims(ahead, u, unitSize(ctx, u).depth));
  const enemies = unitsOf(position, otherSide(u.side))
    .map((e) => unitOf(position, e))
    .sort((a, b) => distance(u, a) - distance(u, b));
  for (const e of enemies.slice(0, 2)) aims.push(e);
  return aims;
}

/** Advances that bring the unit's front level with a near friend's facing the same way. */
function levelLengths(ctx: Ctx, position: Position, id: string): number[] {
  const u = unitOf(position, id);
  const out: number[] = [];
  const ahead = scaledDirection(u.facing, INCH);
  const mine = unitCorners(ctx, u);
  for (const f of unitsOf(position, u.side)) {
    if (f === id) continue;
    const v = unitOf(position, f);
    if (Math.abs(turnBetween(u.facing, v.facing)) > 1000) continue;
    if (distance(u, v) > 14 * INCH) continue;
    const theirs = unitCorners(ctx, v);
    const d = ((theirs.fl.x - mine.fl.x) * ahead.x + (theirs.fl.y - mine.fl.y) * ahead.y) / INCH;
    if (d > INCH / 4) out.push(Math.floor(d));
  }
  return out;
}

/** Candidate moves scored: all cheaply, the best few in full; the best one. */
function bestOf(
  ev: UnitEvaluator,
  candidates: readonly MoveCandidate[],
): { candidate: MoveCandidate; score: number } | undefined {
  const cheap = candidates.map((c) => ({ c, s: ev.value(c.pose, false) })).sort((a, b) => b.s - a.s);
  let best: { candidate: MoveCandidate; score: number } | undefined;
  for (const { c } of cheap.slice(0, FULL_PASS)) {
    const score = ev.value(c.pose, true);
    if (!best || score > best.score) best = { candidate: c, score };
  }
  return best;
}

/** The unit's best move for the roll it has (or a what-if roll), scored. */
function bestMove(
  ctx: Ctx,
  position: Position,
  id: string,
  an: Analysis,
  w: Weights,
  few = false,
): { action: Action; score: number } | undefined {
  const ev = new UnitEvaluator(ctx, position, id, an, w);
  const ahead = an.crossings.get(id);
  const u = unitOf(position, id);
  const entry = ahead ? crossingAims(ahead, u, unitSize(ctx, u).depth)[0] : undefined;
  const candidates = candidateMoves(ctx, position, id, {
    aims: aimsFor(ctx, position, id, an),
    lengths: levelLengths(ctx, position, id),
    few,
    ...(ahead && entry && distance(u, ahead.crossing.mid) < 16 * INCH
      ? { square: { entry, facing: ahead.facing } }
      : {}),
  });
  const best = bestOf(ev, candidates);
  return best
    ? { action: { type: "move", unit: id, program: best.candidate.program }, score: best.score }
    : undefined;
}

/** The value of charging each target the rolled unit reaches, judged where it falls back to. */
function bestCharge(
  ctx: Ctx,
  position: Position,
  id: string,
  an: Analysis,
  w: Weights,
): { action: Action; score: number } | undefined {
  const u = unitOf(position, id);
  if (!charges(ctx, id, u)) return undefined;
  const ev = new UnitEvaluator(ctx, position, id, an, w);
  let best: { action: Action; score: number } | undefined;
  for (const target of chargeable(ctx, position, id, 12 * INCH)) {
    const o = chargeOption(ctx, position, id, target);
    if (!o) continue;
    const score = o.worth * an.press + ev.value(fallBackPose(ctx, position, id, o.plan.pose), true);
    if (!best || score > best.score) best = { action: { type: "charge", unit: id, target }, score };
  }
  return best;
}

/** Where a charger ends up after a melee its target survives: the mean Dx straight back, facing kept. */
function fallBackPose(ctx: Ctx, position: Position, id: string, at: Pose): Pose {
  const u = unitOf(position, id);
  const mean = ctx.die.faces.reduce((s, f) => s + modifiedDie(ctx, id, f), 0) / ctx.die.faces.length;
  const there = {
    ...position,
    units: { ...position.units, [id]: { ...u, x: at.x, y: at.y, facing: at.facing } },
  };
  return fallBackPath(ctx, there, id, Math.round(mean * INCH), true).pose;
}

/** A reform's try: a slide, and the formation it ends in if it changes. */
interface ReformTry {
  readonly dx: number;
  readonly dy: number;
  readonly formation?: Formation;
}

/** The longest slide the player proposes: two ticks short of 2" (a rounded direction may overshoot by a tick, and a slide past the limit is a Grey Areas roll-off). */
function slideLength(ctx: Ctx): number {
  return ctx.rules.data.move.reform - 2;
}

/** The longest slides at these turns from the unit's facing. */
function slidesAt(ctx: Ctx, u: UnitState, turns: readonly number[]): Point[] {
  return turns.map((d) => scaledDirection(u.facing + d, slideLength(ctx)));
}

/** The four slides along the unit's axes: forward, right, back, left. */
function axisSlides(ctx: Ctx, u: UnitState): Point[] {
  return slidesAt(ctx, u, [0, 9000, 18000, 27000]);
}

/** The other formation of line and column. */
function otherFormation(u: UnitState): Formation {
  return u.formation === "line" ? "column" : "line";
}

function reformAction(id: string, t: ReformTry): Action {
  return { type: "reform", unit: id, dx: t.dx, dy: t.dy, ...(t.formation ? { formation: t.formation } : {}) };
}

/** Reform slides of 2" each way along the unit's axes, and the slide that closes up on a friend's flank. */
export function reformOptions(
  ctx: Ctx,
  position: Position,
  id: string,
  ev: UnitEvaluator,
): { action: Action; score: number }[] {
  const u = unitOf(position, id);
  const slides = axisSlides(ctx, u);
  const mine = unitCorners(ctx, u);
  for (const f of unitsOf(position, u.side)) {
    if (f === id) continue;
    const theirs = unitCorners(ctx, unitOf(position, f));
    for (const [a, b] of [
      [mine.fl, theirs.fr],
      [mine.fr, theirs.fl],
    ] as const) {
      const d2 = distanceSq(a, b);
      if (d2 <= INCH * INCH || d2 > (2.4 * INCH) ** 2) continue;
      const len = Math.sqrt(d2);
      const k = (len - INCH / 2) / len;
      slides.push({ x: Math.round((b.x - a.x) * k), y: Math.round((b.y - a.y) * k) });
    }
  }
  // The first in a crossing's queue, off its axis: the slide onto it.
  const ahead = ev.an.crossings.get(id);
  if (ahead && ev.an.heads.has(id)) {
    const v = slideToAxis(ahead, u, slideLength(ctx));
    if (v) slides.push(v);
  }
  const judge = new PreviewJudge(position.settled);
  const cheap: { action: Action; pose: Pose; formation: Formation; score: number }[] = [];
  const tries: ReformTry[] = slides.map((v) => ({ dx: v.x, dy: v.y }));
  // Into column to pass a bridge or march by road (Maneuvering iv), and back into line to fight, in
  // place or with the slide: a column over a bridge deploys forward into line, its first target at
  // point blank (the threat zone's exception is judged in the new formation).
  const other = otherFormation(u);
  tries.push({ dx: 0, dy: 0, formation: other });
  for (const v of slides.slice(0, 4)) tries.push({ dx: v.x, dy: v.y, formation: other });
  for (const t of tries) {
    const c = checkReform(ctx, position, id, t.dx, t.dy, t.formation, judge);
    if (c.error) continue;
    const action = reformAction(id, t);
    cheap.push({ action, pose: c.pose, formation: c.formation, score: ev.value(c.pose, false, c.formation) });
  }
  cheap.sort((a, b) => b.score - a.score);
  return cheap.slice(0, 2).map((r) => ({ action: r.action, score: ev.value(r.pose, true, r.formation) }));
}

/** The typical face of the game's die (the lower middle one): what a move is planned on before its roll. */
function typicalFace(ctx: Ctx): number {
  const sorted = [...ctx.die.faces].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
}

/** A unit's best intent before its roll. */
export function decide(ctx: Ctx, position: Position, id: string, an: Analysis, w: Weights): Intent {
  const u = unitOf(position, id);
  const ev = new UnitEvaluator(ctx, position, id, an, w);
  const here = poseOfUnit(u);
  const stay = ev.value(here, true);
  const shot = shotNow(ctx, position, id, an);
  const mayRally = u.hits > 0 && pointBlankThreat(ctx, position, id, exactJudge) === undefined;
  const rally = mayRally ? w.rally * rallyGain(ctx, position, id) * (1 + u.hits / 15) : 0;
  let best: Intent = { kind: "stand", score: stay + rally };
  if (shot && stay + shot.worth > best.score)
    best = { kind: "fire", action: shot.action, score: stay + shot.worth };
  const rolled = rolledAs(position, id, typicalFace(ctx));
  // Before the roll a move is only weighed against standing: the fewer candidates do.
  const move = bestMove(ctx, rolled, id, an, w, true);
  let moveScore = move?.score ?? Number.NEGATIVE_INFINITY;
  if (charges(ctx, id, u)) {
    for (const { option, chance } of chargeChances(ctx, position, id)) {
      const after = ev.value(fallBackPose(ctx, position, id, option.plan.pose), true);
      const score = chance * (option.worth * an.press + after) + (1 - chance) * Math.max(moveScore, stay);
      moveScore = Math.max(moveScore, score);
    }
  }
  const back = fallBackValue(ctx, position, id, ev);
  if (back !== undefined) moveScore = Math.max(moveScore, back);
  if (moveScore > best.score) best = { kind: "move", score: moveScore };
  const reforms = reformOptions(ctx, position, id, ev);
  for (const r of reforms)
    if (r.score > best.score) best = { kind: "reform", action: r.action, score: r.score };
  if (stuck(position, id, an, ev, move?.score)) {
    const r = unstick(ctx, position, id, an, w);
    if (r && r.score > best.score) best = { kind: "reform", action: r.action, score: r.score };
  }
  return best;
}

/**
 * Falling back Dx (1.2 Move), over the die's faces, for a unit within 12"
 * of an enemy: the way out of an enemy's threat zone, where no other move
 * is allowed (Interpenetration), so a unit caught at point blank range is
 * not left standing there.
 */
function fallBackValue(ctx: Ctx, position: Position, id: string, ev: UnitEvaluator): number | undefined {
  const u = unitOf(position, id);
  const e = nearestEnemy(position, u.side, u);
  if (!e || e.d >= 12 * INCH) return undefined;
  // Each distance weighed once (the average die repeats its faces).
  const byDistance = new Map<number, number>();
  let sum = 0;
  for (const face of ctx.die.faces) {
    const d = modifiedDie(ctx, id, face) * INCH;
    let value = byDistance.get(d);
    if (value === undefined) {
      const back = fallBackPath(ctx, position, id, d, false);
      if (back.moved === 0) return undefined;
      value = ev.value(back.pose, true);
      byDistance.set(d, value);
    }
    sum += value;
  }
  return sum / ctx.die.faces.length;
}

/** How far from its range of the enemy a unit marching on them must be to count as stuck (inches). */
const STUCK_GAP = 4;

/** What a turn's delay costs a unit that reforms now to move next turn (hits). */
const DELAY = 0.5;

/**
 * Whether a unit with ground to cover cannot cover it from where it stands:
 * its goal is a zone, a crossing lies ahead, or (for a side not winning) it
 * stands over 4" of its route short of its range of the nearest enemy; and
 * its best move for the typical roll gains less than an inch's worth of
 * its goal.
 */
function stuck(
  position: Position,
  id: string,
  an: Analysis,
  ev: UnitEvaluator,
  moveScore: number | undefined,
): boolean {
  const goal = an.goals.get(id);
  const u = unitOf(position, id);
  // A unit marching on the enemy is stuck too when it is still far from its range of them.
  const marching = !an.waits && ev.approachGap(position, u) > STUCK_GAP;
  if (!an.crossings.has(id) && (!goal || goal.kind === "enemy") && !marching) return false;
  const here = ev.value(poseOfUnit(u), true);
  return moveScore === undefined || moveScore < here + ev.inchWorth();
}

/**
 * A unit wedged against a wood's edge, a bank or a friend (every wheel
 * sweeps into something): a 2" reform now, slid from the obstacle or into
 * the other formation, weighed by the best move it leaves for next turn's
 * typical roll, less a turn's delay. One ply further than the rest, and
 * only for a stuck unit.
 */
function unstick(
  ctx: Ctx,
  position: Position,
  id: string,
  an: Analysis,
  w: Weights,
): { action: Action; score: number } | undefined {
  const u = unitOf(position, id);
  // The slides along its axes and between them (a column wedged at a bank beside a bridge backs
  // off at an angle towards the way over).
  const slides = slidesAt(ctx, u, [0, 9000, 18000, 27000, 4500, 13500, 22500, 31500]);
  const tries: ReformTry[] = slides.map((v) => ({
    dx: v.x,
    dy: v.y,
  }));
  tries.push({ dx: 0, dy: 0, formation: otherFormation(u) });
  const judge = new PreviewJudge(position.settled);
  let best: { action: Action; score: number } | undefined;
  for (const t of tries) {
    const c = checkReform(ctx, position, id, t.dx, t.dy, t.formation, judge);
    if (c.error) continue;
    const moved = { ...u, x: c.pose.x, y: c.pose.y, facing: c.pose.facing, formation: c.formation };
    const next = rolledAs({ ...position, units: { ...position.units, [id]: moved } }, id, typicalFace(ctx));
    const move = bestMove(ctx, next, id, an, w, true);
    if (!move) continue;
    const score = move.score - DELAY;
    if (!best || score > best.score) best = { action: reformAction(id, t), score };
  }
  return best;
}

/** A rolled unit's best action for the Dx it rolled, or undefined to stand. */
export function afterRoll(
  ctx: Ctx,
  position: Position,
  id: string,
  an: Analysis,
  w: Weights,
): Action | undefined {
  const u = unitOf(position, id);
  const ev = new UnitEvaluator(ctx, position, id, an, w);
  let best: { action?: Action; score: number } = { score: ev.value(poseOfUnit(u), true) };
  const move = bestMove(ctx, position, id, an, w);
  if (move && move.score > best.score) best = move;
  const charge = bestCharge(ctx, position, id, an, w);
  if (charge && charge.score > best.score) best = charge;
  const e = nearestEnemy(position, u.side, u);
  if (e && e.d < 12 * INCH) {
    const back = fallBackPath(ctx, position, id, modifiedDie(ctx, id, u.roll) * INCH, false);
    const score = ev.value(back.pose, true);
    if (back.moved > 0 && score > best.score) best = { action: { type: "fall-back", unit: id }, score };
  }
  return best.action;
}
