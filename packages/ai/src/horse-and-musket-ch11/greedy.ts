import { type Point, TICKS_PER_INCH } from "@tercio/geometry";
import {
  type Action,
  aimTurn,
  type Ctx,
  chargePath,
  expectedChargeHits,
  expectedShotHits,
  type Position,
  shotRefusal,
  type UnitState,
} from "@tercio/horse-and-musket-ch11";
import { candidateMoves } from "./moves.js";
import { centroid, distance, nearestInZone, objectivesOf } from "./objectives.js";
import { END_PHASE, type Hm11Policy, otherSide, unitOf, unitsOf } from "./policy.js";
import { atPose, canShootFrom, exactValue } from "./worth.js";

/**
 * Greedy: one unit at a time, each for itself, one step ahead.
 *
 * - Shooting: the shot with the greatest exact expected hits
 *   (expectedShotHits, cover included); ties to the more damaged target.
 * - Movement, units in a fixed order (cavalry first, then the nearest to
 *   the enemy): cavalry charge the legal target with the greatest exact
 *   expected hand-to-hand hits when it is at least 3; a shooter with a
 *   target in its field of fire and range stands (to shoot); anything else
 *   moves towards its goal (the scenario's zone to reach or area to hold,
 *   else the nearest enemy), to the checked candidate that ends with a
 *   target in its field of fire and range if any, else nearest the goal.
 */
const INCH = TICKS_PER_INCH;

function shootingView(position: Position): Position {
  return { ...position, phase: "shooting" };
}

function nearestEnemy(position: Position, unit: UnitState): UnitState | undefined {
  let best: UnitState | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const id of unitsOf(position, otherSide(unit.side))) {
    const e = unitOf(position, id);
    const d = distance(unit, e);
    if (d < bestD) {
      bestD = d;
      best = e;
    }
  }
  return best;
}

function goalOf(ctx: Ctx, position: Position, unit: UnitState): Point | undefined {
  const o = objectivesOf(ctx);
  const reach = o.reach.find((r) => r.side === unit.side);
  if (reach) return nearestInZone(unit, reach.zone);
  const hold = o.hold[0];
  const townOk = ctx.rules.data.unitTypes[unit.type].endsInTown;
  if (hold && townOk) return centroid(hold.zone);
  return nearestEnemy(position, unit);
}

function bestCharge(ctx: Ctx, position: Position, id: string): Action | undefined {
  const unit = unitOf(position, id);
  let best: Action | undefined;
  let bestHits = 3;
  for (const target of unitsOf(position, otherSide(unit.side))) {
    const t = unitOf(position, target);
    if (distance(unit, t) > 20 * INCH) continue;
    const aim = aimTurn(unit, unit.facing, t, ctx.rules.data.chargeTurnLimit);
    for (const turn of aim === null || aim === 0 ? [0] : [aim, 0]) {
      if (!chargePath(ctx, position, id, target, turn).ok) continue;
      const e = expectedChargeHits(ctx, position, id, target, turn);
      const hits = e ? exactValue(e) : 0;
      if (hits >= bestHits) {
        bestHits = hits;
        best = turn === 0 ? { type: "charge", unit: id, target } : { type: "charge", unit: id, target, turn };
      }
      break;
    }
  }
  return best;
}

function hasShot(ctx: Ctx, position: Position, id: string): boolean {
  const view = shootingView(position);
  return unitsOf(position, otherSide(unitOf(position, id).side)).some(
    (t) => shotRefusal(ctx, view, id, t) === undefined,
  );
}

function moveFor(ctx: Ctx, position: Position, id: string): Action | undefined {
  const unit = unitOf(position, id);
  const goal = goalOf(ctx, position, unit);
  if (!goal) return undefined;
  const enemies = unitsOf(position, otherSide(unit.side)).map((e) => unitOf(position, e));
  const near = nearestEnemy(position, unit);
  const faces = near ? [near as Point] : [];
  const shooter = ctx.rules.data.unitTypes[unit.type].range !== null;
  let best: Action | undefined;
  let bestScore = -distance(unit, goal);
  for (const c of candidateMoves(ctx, position, id, { aims: [goal], faces, fractions: [1, 1 / 2] })) {
    let score = -distance(c.pose, goal);
    if (shooter) {
      const moved = atPose(unit, c.pose);
      if (enemies.some((e) => canShootFrom(ctx, moved, e))) score += 100 * INCH;
    }
    if (score > bestScore) {
      bestScore = score;
      best = { type: "move", unit: id, program: c.program };
    }
  }
  return best;
}

function movementOrder(ctx: Ctx, position: Position): string[] {
  const own = unitsOf(position, position.toMove);
  const key = (id: string) => {
    const u = unitOf(position, id);
    const e = nearestEnemy(position, u);
    const cav = ctx.rules.data.unitTypes[u.type].canCharge ? 0 : 1;
    return cav * 1e9 + (e ? distance(u, e) : 0);
  };
  return own.sort((a, b) => key(a) - key(b) || (a < b ? -1 : 1));
}

function shootingAction(ctx: Ctx, position: Position): Action {
  let best: Action = END_PHASE;
  let bestHits = 0;
  let bestDamage = -1;
  for (const id of unitsOf(position, position.toMove))
    for (const target of unitsOf(position, otherSide(position.toMove))) {
      if (shotRefusal(ctx, position, id, target)) continue;
      const hits = exactValue(expectedShotHits(ctx, position, id, target));
      const damage = unitOf(position, target).hits;
      if (hits > bestHits || (hits === bestHits && damage > bestDamage)) {
        bestHits = hits;
        bestDamage = damage;
        best = { type: "shoot", unit: id, target };
      }
    }
  return best;
}

export const greedyPolicy: Hm11Policy = {
  name: "greedy",
  choose(ctx, position) {
    if (position.phase === "shooting") return shootingAction(ctx, position);
    for (const id of movementOrder(ctx, position)) {
      const unit = unitOf(position, id);
      if (unit.formation === "square" || (unit.acted !== "none" && unit.acted !== "formed")) continue;
      if (ctx.rules.data.unitTypes[unit.type].canCharge && unit.acted === "none") {
        const charge = bestCharge(ctx, position, id);
        if (charge) return charge;
      }
      if (hasShot(ctx, position, id)) continue;
      const move = moveFor(ctx, position, id);
      if (move) return move;
    }
    return END_PHASE;
  },
};
