import type { Pose } from "@tercio/geometry";
import {
  type Action,
  type Ctx,
  charges,
  exactJudge,
  fireValues,
  longestRange,
  type Position,
  PreviewJudge,
  planShot,
  pointBlankThreat,
  priorityTargets,
  rallyRefusal,
  type UnitState,
} from "@tercio/horse-and-musket-nt";
import { aimsOf, likelyTarget } from "./aim.js";
import { chargeable, chargeChances, chargeOption, meanCharge } from "./charges.js";
import { atPose, INCH, poseOfUnit, withUnit } from "./geometry.js";
import { assignGoals, type Goal, goalDistance, goalPoint, nearestEnemy } from "./goals.js";
import { candidateMoves } from "./moves.js";
import { END_PHASE, type NtPolicy, unitOf, unitsOf } from "./policy.js";
import { meanOf, rallyGain, shotFaces } from "./worth.js";

/**
 * Greedy: one action a call, the best immediate one by a plain rule, each
 * unit for itself.
 *
 * - Routs and Rallies: every unit that may rally does.
 * - Fire first: the shot of the greatest expected hits (planShot and its
 *   hits on every face), each unit that has one.
 * - Then moves, cavalry first, then the units nearest the enemy: a charger
 *   rolls when a charge worth 3 expected hits may be in reach (over the
 *   die's faces), and charges the best one the roll reaches; a unit with
 *   somewhere to go rolls and takes the checked candidate that best closes
 *   on its goal (the scenario's zone to reach or objective to hold, else
 *   the nearest enemy, to within its range), ending with a target in range
 *   and arc if it can, and out of an enemy's point blank range where it
 *   can; a damaged unit out of point blank range stands to rally.
 * - A rolled unit with no move better than standing stands; nothing left
 *   worth doing ends the phase.
 */
const CHARGE_HITS = 3;
const RALLY_HITS = 4;

interface HalfState {
  key: string;
  /** Rolled units that chose to stand. */
  done: Set<string>;
}

function rallyAction(ctx: Ctx, position: Position): Action {
  const judge = new PreviewJudge(position.settled);
  for (const id of unitsOf(position, position.toMove))
    if (!rallyRefusal(ctx, position, id, judge)) return { type: "rally", unit: id };
  return END_PHASE;
}

/** The expected hits of the unit's shot now, and the fire action (naming the best of tied targets). */
function bestShot(ctx: Ctx, position: Position, id: string): { action: Action; hits: number } | undefined {
  const u = unitOf(position, id);
  if (u.acted !== "none" || !fireValues(ctx, u) || u.outOfAmmunition) return undefined;
  if (aimsOf(ctx, position, id).length === 0) return undefined;
  const judge = new PreviewJudge(position.settled);
  const plan = planShot(ctx, position, id, undefined, judge);
  const targets = plan.ok
    ? plan.value
      ? [{ target: plan.value.target, named: false }]
      : []
    : plan.error.code === "fire/choose-target"
      ? priorityTargets(ctx, position, id, judge).map((t) => ({ target: t, named: true }))
      : [];
  let best: { action: Action; hits: number } | undefined;
  for (const { target, named } of targets) {
    const hits = meanOf(shotFaces(ctx, position, id, target.id, target.side, target.band));
    if (!best || hits > best.hits)
      best = {
        action: named ? { type: "fire", unit: id, target: target.id } : { type: "fire", unit: id },
        hits,
      };
  }
  return best;
}

/** Whether an enemy could fire on the unit at point blank where it stands (it then may not rally). */
function underPointBlank(ctx: Ctx, position: Position, id: string): boolean {
  return pointBlankThreat(ctx, position, id, exactJudge) !== undefined;
}

function orderForMoves(ctx: Ctx, position: Position): string[] {
  const own = unitsOf(position, position.toMove);
  const key = (id: string) => {
    const u = unitOf(position, id);
    const e = nearestEnemy(position, u.side, u);
    return (charges(ctx, id, u) ? 0 : 1e9) + (e ? e.d : 0);
  };
  return own.sort((a, b) => key(a) - key(b) || (a < b ? -1 : 1));
}

/** Greedy's worth of the unit standing at a pose: closer to its goal, a target in range, out of point blank. */
function poseScore(ctx: Ctx, position: Position, id: string, goal: Goal, pose: Pose): number {
  const u = unitOf(position, id);
  const moved = atPose(u, pose);
  const there = withUnit(position, id, moved);
  const range = (longestRange(ctx, id, u) || 2 * INCH) * 0.8;
  let s = -goalDistance(ctx, position, u, goal, pose, range);
  const aim = fireValues(ctx, u) ? likelyTarget(ctx, there, id, "line", 2) : undefined;
  if (aim) s += 2 + meanOf(shotFaces(ctx, there, id, aim.id, aim.side, aim.band));
  if (underPointBlank(ctx, there, id) && aim?.band !== "point-blank") s -= 3;
  return s;
}

/** A rolled unit's action: the best charge worth making, else the best move better than standing. */
function afterRoll(ctx: Ctx, position: Position, id: string, goal: Goal): Action | undefined {
  const u = unitOf(position, id);
  if (charges(ctx, id, u)) {
    let best: { target: string; hits: number } | undefined;
    for (const target of chargeable(ctx, position, id, 12 * INCH)) {
      const o = chargeOption(ctx, position, id, target);
      if (o && o.meanHits >= CHARGE_HITS && (!best || o.meanHits > best.hits))
        best = { target, hits: o.meanHits };
    }
    if (best) return { type: "charge", unit: id, target: best.target };
  }
  const aim = goalPoint(ctx, position, u, goal, 8);
  const candidates = candidateMoves(ctx, position, id, { aims: aim ? [aim] : [], few: true });
  let bestAction: Action | undefined;
  let bestScore = poseScore(ctx, position, id, goal, poseOfUnit(u)) + 0.5;
  for (const c of candidates) {
    const s = poseScore(ctx, position, id, goal, c.pose);
    if (s > bestScore) {
      bestScore = s;
      bestAction = { type: "move", unit: id, program: c.program };
    }
  }
  return bestAction;
}

/** Whether a unit that has not acted should roll for a move. */
function wantsToMove(ctx: Ctx, position: Position, id: string, goal: Goal): boolean {
  const u = unitOf(position, id);
  if (charges(ctx, id, u) && meanCharge(chargeChances(ctx, position, id)) >= CHARGE_HITS) return true;
  if (u.hits >= RALLY_HITS && !underPointBlank(ctx, position, id) && rallyGain(ctx, position, id) > 0)
    return false;
  const range = (longestRange(ctx, id, u) || 2 * INCH) * 0.8;
  return goalDistance(ctx, position, u, goal, u, range) > 1;
}

export function createGreedyPolicy(): NtPolicy {
  const half: HalfState = { key: "", done: new Set() };
  return {
    name: "greedy",
    choose(ctx, position) {
      if (position.phase === "rallies") return rallyAction(ctx, position);
      if (position.phase !== "actions") return END_PHASE;
      const key = `${position.turn}:${position.toMove}`;
      if (half.key !== key) {
        half.key = key;
        half.done.clear();
      }
      const goals = assignGoals(ctx, position, position.toMove);
      const goalOf = (id: string): Goal => goals.get(id) ?? { kind: "enemy" };
      const own = unitsOf(position, position.toMove);
      for (const id of own) {
        if (unitOf(position, id).acted !== "rolled" || half.done.has(id)) continue;
        const action = afterRoll(ctx, position, id, goalOf(id));
        if (action) return action;
        half.done.add(id);
      }
      let fire: { action: Action; hits: number } | undefined;
      for (const id of own) {
        const shot = bestShot(ctx, position, id);
        if (shot && shot.hits > 0 && (!fire || shot.hits > fire.hits)) fire = shot;
      }
      if (fire) return fire.action;
      for (const id of orderForMoves(ctx, position)) {
        const u: UnitState = unitOf(position, id);
        if (u.acted !== "none") continue;
        if (wantsToMove(ctx, position, id, goalOf(id))) return { type: "roll-move", unit: id };
      }
      return END_PHASE;
    },
  };
}
