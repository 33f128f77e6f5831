import type { Point } from "@tercio/geometry";
import {
  type Action,
  type Ctx,
  legalActions,
  moveRate,
  type Objective,
  type Position,
  traitsOf,
  type UnitState,
} from "@tercio/plucky-pikes";
import { engageOptions } from "./engage.js";
import { rangeOf, shotOdds, shotsOf } from "./fire.js";
import { footprint, gap, INCH, turnTo, withUnit } from "./geometry.js";
import { assignObjectives, nearestEnemy } from "./goals.js";
import { candidateMoves, stillProgram } from "./moves.js";
import {
  END_PHASE,
  INITIATIVE,
  isFirePart,
  isMovePart,
  meleeOf,
  onTable,
  type PpPolicy,
  unitOf,
} from "./policy.js";
import { bestReaction } from "./react.js";

/**
 * Greedy: one action a call, the best immediate one by a plain rule, each
 * unit for itself.
 *
 * - A counter roll: the answer whose melee goes best (react.ts).
 * - A fire step: the declaration of the greatest expected hits (the
 *   engine's strike and Lethality over the d10's ten faces), unit after
 *   unit, while any has a shot worth a tenth of a hit.
 * - A move: the units nearest the enemy first. A unit engages the enemy
 *   when the melee's first move favours it by half a hit (the charge where
 *   it is better); a muddled, disordered or unloaded unit with an enemy
 *   near takes its still URTs; a shooter with a target stands to fire;
 *   otherwise it takes the accepted candidate that best closes on its goal
 *   (an objective to hold, else the nearest enemy, to within its range and
 *   arc, or to a move of it for troops that fight hand to hand), if it is
 *   better than standing.
 */
const ENGAGE_MARGIN = 0.5;

interface HalfState {
  key: string;
  done: Set<string>;
}

function bestFire(ctx: Ctx, position: Position): Action {
  let best: { action: Action; hits: number } | undefined;
  for (const a of legalActions(ctx, position)) {
    // A horse team's points count in no score: greedy fire goes at units and guns.
    if (a.type !== "fire" || a.team) continue;
    const odds = shotOdds(ctx, position, a.unit, a.target, { hailshot: a.hailshot ?? false });
    const hits = odds?.mean ?? 0;
    if (hits >= 0.1 && (!best || hits > best.hits)) best = { action: a, hits };
  }
  return best?.action ?? END_PHASE;
}

/** The best expected hits of any shot the unit would have from where it stands in `position`. */
function shotValue(ctx: Ctx, position: Position, id: string): number {
  let best = 0;
  for (const s of shotsOf(ctx, position, id)) best = Math.max(best, s.odds.mean);
  return best;
}

type Goal = { kind: "objective"; at: Objective } | { kind: "enemy"; id: string };

/** How far the unit at `u` is from its goal, in inches (0 where it has it), and the point it faces. */
function goalGap(
  ctx: Ctx,
  position: Position,
  id: string,
  u: UnitState,
  goal: Goal,
): { d: number; aim: Point } {
  const poly = footprint(ctx, id, u);
  if (goal.kind === "objective") {
    const d = gap([goal.at], poly);
    return { d: Math.max(0, d - ctx.rules.data.objectives.holdWithin / 2) / INCH, aim: goal.at };
  }
  const e = unitOf(position, goal.id);
  const d = gap(poly, footprint(ctx, goal.id, e));
  const range = rangeOf(ctx, id);
  const want = range > 0 ? range * 0.8 : moveRate(ctx, traitsOf(ctx, id), u.formation) * 0.75;
  return { d: Math.max(0, d - want) / INCH, aim: { x: e.x, y: e.y } };
}

function poseScore(ctx: Ctx, position: Position, id: string, u: UnitState, goal: Goal): number {
  const there = withUnit(position, id, u);
  const g = goalGap(ctx, position, id, u, goal);
  let s = -g.d;
  if (goal.kind === "enemy") s -= Math.abs(turnTo(u, g.aim)) / 9000;
  if (rangeOf(ctx, id) > 0) s += shotValue(ctx, there, id);
  return s;
}

function unitAction(ctx: Ctx, position: Position, id: string, goal: Goal): Action | undefined {
  const u = unitOf(position, id);
  const t = traitsOf(ctx, id);
  if (u.muddle > 0) {
    const program = stillProgram(ctx, id, u);
    return program.length > 0 ? { type: "move", unit: id, program } : undefined;
  }
  let engage: { action: Action; value: number } | undefined;
  for (const o of engageOptions(ctx, position, id)) {
    const value = o.balance.dealt - o.balance.taken;
    if (value >= ENGAGE_MARGIN && (!engage || value > engage.value)) engage = { action: o.action, value };
  }
  if (engage) return engage.action;
  const near = nearestEnemy(ctx, position, id);
  const still = stillProgram(ctx, id, u);
  const threatened = near !== undefined && near.d < 12 * INCH;
  if (still.length > 0 && (threatened || u.reload > 0)) return { type: "move", unit: id, program: still };
  // A shooter with a target where it stands keeps still to fire (moving costs it -2 and its multiplier).
  if (
    rangeOf(ctx, id) > 0 &&
    shotValue(ctx, { ...position, units: { ...position.units, [id]: { ...u, stirred: false } } }, id) >= 0.5
  ) {
    if (goal.kind === "enemy" || goalGap(ctx, position, id, u, goal).d === 0) return undefined;
  }
  const g = goalGap(ctx, position, id, u, goal);
  const aims: Point[] = [g.aim];
  if (near) {
    const e = unitOf(position, near.id);
    aims.push({ x: e.x, y: e.y });
  }
  const formations: string[] = [];
  if (t.arm === "foot" && t.missile && u.formation === "pike") formations.push("open");
  let best: { action: Action; score: number } | undefined;
  const standing = poseScore(ctx, position, id, u, goal) + 0.25;
  for (const c of candidateMoves(ctx, position, id, { aims, few: true, formations })) {
    if (
      c.action.type !== "move" ||
      c.action.program.every((op) => op.op === "reload" || op.op === "reorganise")
    )
      continue;
    const s = poseScore(ctx, position, id, c.after, goal);
    if (s > standing && (!best || s > best.score)) best = { action: c.action, score: s };
  }
  if (best) return best.action;
  return still.length > 0 ? { type: "move", unit: id, program: still } : undefined;
}

function orderForMoves(ctx: Ctx, position: Position, ids: string[]): string[] {
  const key = new Map(ids.map((id) => [id, nearestEnemy(ctx, position, id)?.d ?? 1e12]));
  return [...ids].sort((a, b) => (key.get(a) ?? 0) - (key.get(b) ?? 0) || (a < b ? -1 : 1));
}

export function createGreedyPolicy(): PpPolicy {
  const half: HalfState = { key: "", done: new Set() };
  return {
    name: "greedy",
    choose(ctx, position) {
      if (position.part === "initiative") return INITIATIVE;
      if (position.reaction) return bestReaction(ctx, position);
      if (isFirePart(position)) return bestFire(ctx, position);
      if (!isMovePart(position)) return END_PHASE;
      const key = `${position.turn}:${position.part}`;
      if (half.key !== key) {
        half.key = key;
        half.done.clear();
      }
      const side = position.toMove;
      const keepers = assignObjectives(ctx, position, side);
      const ready = onTable(position, side).filter((id) => {
        const u = unitOf(position, id);
        return !u.moved && !half.done.has(id) && (!meleeOf(position, id) || u.muddle > 0);
      });
      for (const id of orderForMoves(ctx, position, ready)) {
        const objective = keepers.get(id);
        const near = nearestEnemy(ctx, position, id);
        const goal: Goal | undefined = objective
          ? { kind: "objective", at: objective }
          : near
            ? { kind: "enemy", id: near.id }
            : undefined;
        const action = goal ? unitAction(ctx, position, id, goal) : undefined;
        if (action) return action;
        half.done.add(id);
      }
      return END_PHASE;
    },
  };
}
