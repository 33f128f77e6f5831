import type { Seat } from "@tercio/core";
import type { Point, Polygon } from "@tercio/geometry";
import {
  type Ctx,
  losses,
  type Position,
  removalsToDestroy,
  typeRules,
  type UnitState,
  unitSize,
} from "@tercio/horse-and-musket-nt";
import { type Crossing, type CrossingAhead, crossingAhead } from "../crossings.js";
import { fieldFor, routeInches } from "../distance-field.js";
import { distance, INCH } from "../geometry.js";
import { assignGoals, enemyZone, fireReach, type Goal, nearestEnemy } from "../goals.js";
import { centroid, inZone, objectivesOf } from "../objectives.js";
import { otherSide, unitOf, unitsOf } from "../policy.js";

/**
 * What the strong player knows of the game at the start of its half: each
 * unit's goal (goals.ts), whether the side wins if nothing changes (then it
 * holds and shoots; otherwise it must press), and how urgent the
 * objectives are as the turns run out.
 */
export interface Analysis {
  readonly side: Seat;
  readonly enemy: Seat;
  readonly goals: ReadonlyMap<string, Goal>;
  /** Turns left after this one. */
  readonly turnsLeft: number;
  /** The side wins as things stand (the objectives held now, or the default). */
  readonly winning: boolean;
  /** The side need not close on the enemy: it wins as things stand, or it defends a level game with turns to go. */
  readonly waits: boolean;
  /** Objectives weigh this much more as the end nears and the side is not winning. */
  readonly urgency: number;
  /**
   * Hits dealt to the enemy weigh this much more, and hits taken this much more, as each side
   * nears its sudden-death count of the other's losses (destroy: the last unit removed wins).
   */
  readonly press: number;
  readonly exposure: number;
  /** The zones held at the end, for the bonus of standing in one. */
  readonly holds: readonly Polygon[];
  /** For each of those zones, the enemy units standing in it now (the objective is not held while they are). */
  readonly occupants: readonly (readonly string[])[];
  /** The bridge or ford each unit must pass on the way to its goal, if a river lies between. */
  readonly crossings: ReadonlyMap<string, CrossingAhead>;
  /** For a unit near the crossing it must pass, the enemy standing in the way beyond it: it must be shot away first. */
  readonly blockers: ReadonlyMap<string, string>;
  /** How many of the side's units (guns aside) have a crossing to pass. */
  readonly crossers: number;
  /** The unit nearest each crossing among those to pass it (guns aside): the one whose turn it is. */
  readonly heads: ReadonlySet<string>;
  /** The others to pass a crossing: how near its middle each may come (ticks), behind the first. */
  readonly behind: ReadonlyMap<string, number>;
  /** For the first in each queue, how many wait behind it. */
  readonly queued: ReadonlyMap<string, number>;
  /** Where each marching unit (guns aside) goes next: its centre, a point a move or two down its route, and half its frontage. */
  readonly lanes: ReadonlyMap<string, Lane>;
}

export interface Lane {
  readonly from: Point;
  readonly to: Point;
  readonly half: number;
}

/** How far down its route a marching unit's lane runs (inches, about two moves). */
const LANE_STEPS = 12;

/** What the march on the enemy depends on: whether the side wins as things stand, and who holds its objectives. */
type Standing = Pick<Analysis, "winning" | "occupants"> & Partial<Pick<Analysis, "blockers">>;

function lanesOf(
  ctx: Ctx,
  position: Position,
  goals: ReadonlyMap<string, Goal>,
  standing: Standing,
): Map<string, Lane> {
  const out = new Map<string, Lane>();
  for (const [id, goal] of goals) {
    const u = unitOf(position, id);
    if (u.type === "artillery") continue;
    let zone: Polygon | undefined;
    if (goal.kind === "enemy") {
      const q = quarryOf(ctx, standing, position, id, u);
      zone = q ? enemyZone(q.u, q.reach) : undefined;
    } else zone = goal.zone;
    if (!zone) continue;
    const to = fieldFor(ctx, zone, u).towards(u, LANE_STEPS);
    out.set(id, { from: { x: u.x, y: u.y }, to, half: unitSize(ctx, u).frontage / 2 });
  }
  return out;
}

/** How near its crossing the first must be for the others to queue behind it. */
const QUEUE_NEAR = 12 * INCH;

/**
 * Each crossing's queue: of the units to pass it, the nearest goes first;
 * each of the others keeps further from the crossing than the first by a
 * column's length and an inch (it follows, it does not crowd the mouth).
 */
function queuesOf(
  ctx: Ctx,
  position: Position,
  crossings: ReadonlyMap<string, CrossingAhead>,
): { heads: Set<string>; behind: Map<string, number>; queued: Map<string, number> } {
  const nearest = new Map<Crossing, { id: string; d: number }>();
  // Guns do not cross; Skirmishers pass through friends and are passed through (Interpenetration).
  const queues = (id: string) => {
    const type = unitOf(position, id).type;
    return type !== "artillery" && type !== "skirmishers";
  };
  for (const [id, ahead] of crossings) {
    const u = unitOf(position, id);
    if (!queues(id)) continue;
    const d = distance(u, ahead.crossing.mid);
    const best = nearest.get(ahead.crossing);
    if (!best || d < best.d || (d === best.d && id < best.id)) nearest.set(ahead.crossing, { id, d });
  }
  const heads = new Set([...nearest.values()].map((h) => h.id));
  const behind = new Map<string, number>();
  const queued = new Map<string, number>();
  for (const [id, ahead] of crossings) {
    const head = nearest.get(ahead.crossing);
    // A queue forms at the crossing's mouth: until the first is near it, the others march freely.
    if (!head || head.d > QUEUE_NEAR || heads.has(id) || !queues(id)) continue;
    const gap = unitSize(ctx, unitOf(position, head.id)).depth + INCH;
    behind.set(id, head.d + gap);
    queued.set(head.id, (queued.get(head.id) ?? 0) + 1);
  }
  return { heads, behind, queued };
}

/** The bridge or ford between each unit and where its goal lies (the zone's centre, or the nearest enemy). */
function crossingsOf(
  ctx: Ctx,
  position: Position,
  goals: ReadonlyMap<string, Goal>,
  standing: Standing,
): Map<string, CrossingAhead> {
  const out = new Map<string, CrossingAhead>();
  if (ctx.rivers.length === 0) return out;
  for (const [id, goal] of goals) {
    const u = unitOf(position, id);
    const q = goal.kind === "enemy" ? quarryOf(ctx, standing, position, id, u) : undefined;
    const to = goal.kind === "enemy" ? q?.u : centroid(goal.zone);
    if (!to) continue;
    // A shooter whose enemy it can reach in range from its own bank fires across; it need not pass.
    if (q && !crossingAhead(ctx, u, inReachOf(to, u, q.reach))) continue;
    const ahead = crossingAhead(ctx, u, to);
    if (ahead) out.set(id, ahead);
  }
  return out;
}

/** How near its crossing a unit must be for an enemy beyond it to be its quarry. */
const BLOCK_NEAR = 20 * INCH;

/** How deep beyond a crossing, and how far to either side of its ends, an enemy stands in the way. */
const BLOCK_DEPTH = 8 * INCH;
const BLOCK_SIDE = 4 * INCH;

/**
 * The enemy in each crossing's way: nearest its middle of those standing on the far bank within
 * 8" beyond it (and 4" either side of its ends). A unit coming off the crossing would walk into
 * its fire, or into its threat zone (Interpenetration: no move may cross an enemy's 4" front zone),
 * so the units near the crossing shoot it away before they pass.
 */
function blockersOf(position: Position, crossings: ReadonlyMap<string, CrossingAhead>): Map<string, string> {
  const out = new Map<string, string>();
  const side = position.toMove;
  const enemies = unitsOf(position, otherSide(side));
  for (const [id, ahead] of crossings) {
    const u = unitOf(position, id);
    if (u.type === "artillery" || distance(u, ahead.crossing.mid) > BLOCK_NEAR) continue;
    const { mid, half, along } = ahead.crossing;
    let best: { id: string; d: number } | undefined;
    for (const e of enemies) {
      const v = unitOf(position, e);
      const beyond = (v.x - mid.x) * ahead.over.x + (v.y - mid.y) * ahead.over.y;
      const aside = Math.abs((v.x - mid.x) * along.x + (v.y - mid.y) * along.y);
      if (beyond <= 0 || beyond > BLOCK_DEPTH || aside > half + BLOCK_SIDE) continue;
      const d = distance(v, mid);
      if (!best || d < best.d) best = { id: e, d };
    }
    if (best) out.set(id, best.id);
  }
  return out;
}

/** The point `reach` from the target on the straight line towards `from` (`from` itself when already in reach). */
function inReachOf(target: Point, from: Point, reach: number): Point {
  const d = distance(target, from);
  if (d <= reach) return from;
  const k = reach / d;
  return {
    x: Math.round(target.x + (from.x - target.x) * k),
    y: Math.round(target.y + (from.y - target.y) * k),
  };
}

/** Points each side would score if the game ended now (objectives held: units of one side only). */
function pointsNow(ctx: Ctx, position: Position): Record<Seat, number> {
  const points: Record<Seat, number> = { first: 0, second: 0 };
  for (const h of objectivesOf(ctx).hold) {
    let first = 0;
    let second = 0;
    for (const id of Object.keys(position.units)) {
      const u = unitOf(position, id);
      if (!inZone(u, h.zone)) continue;
      if (u.side === "first") first++;
      else second++;
    }
    if (first > 0 && second === 0) points.first += h.points;
    if (second > 0 && first === 0) points.second += h.points;
  }
  return points;
}

/** Whether the side would win if the game ended now. */
export function winningNow(ctx: Ctx, position: Position, side: Seat): boolean {
  const p = pointsNow(ctx, position);
  const enemy = otherSide(side);
  if (p[side] !== p[enemy]) return p[side] > p[enemy];
  const o = objectivesOf(ctx).otherwise;
  if (o === side) return true;
  if (o === "fewer-losses") return losses(ctx, position, side) < losses(ctx, position, enemy);
  return false;
}

/** How near (inches of route) an enemy must stand to an objective to contest it next half. */
const CONTEST_INCHES = 8;

/**
 * Whether an objective the side holds alone could be contested in the enemy's next half: an
 * enemy unit within a move of it (any unit in an objective contests it). The
 * attacker that holds such an objective is not yet winning: it must hold it at the end.
 */
function precarious(ctx: Ctx, position: Position, side: Seat): boolean {
  const enemies = unitsOf(position, otherSide(side)).map((id) => unitOf(position, id));
  for (const h of objectivesOf(ctx).hold) {
    const inside = Object.values(position.units).filter((u) => inZone(u, h.zone));
    if (inside.length === 0 || inside.some((u) => u.side !== side)) continue;
    if (enemies.some((e) => routeInches(ctx, h.zone, e) <= CONTEST_INCHES)) return true;
  }
  return false;
}

/** Whether the game stands level now: neither side would win if it ended (a draw). */
function levelNow(ctx: Ctx, position: Position): boolean {
  return !winningNow(ctx, position, "first") && !winningNow(ctx, position, "second");
}

/** Turns before the end from which a defender level with the attacker stops waiting for it. */
const WAIT_UNTIL = 2;

export function analyse(ctx: Ctx, position: Position): Analysis {
  const side = position.toMove;
  const turnsLeft = Math.max(0, ctx.scenario.turns - position.turn);
  const winning =
    winningNow(ctx, position, side) && !(ctx.scenario.attacker === side && precarious(ctx, position, side));
  const urgency = winning ? 1 : 1 + Math.max(0, 6 - turnsLeft) * 0.5;
  const goals = assignGoals(ctx, position, side, 1);
  const occupants = objectivesOf(ctx).hold.map((h) =>
    unitsOf(position, otherSide(side)).filter((id) => inZone(unitOf(position, id), h.zone)),
  );
  const standing: Standing = { winning, occupants };
  const crossings = crossingsOf(ctx, position, goals, standing);
  return {
    side,
    enemy: otherSide(side),
    goals,
    crossings,
    blockers: blockersOf(position, crossings),
    crossers: [...crossings.keys()].filter((id) => unitOf(position, id).type !== "artillery").length,
    ...queuesOf(ctx, position, crossings),
    lanes: lanesOf(ctx, position, goals, standing),
    turnsLeft,
    winning,
    // The attacker must come on: a defender level with it waits (the enemy's move into its fire).
    waits: winning || (ctx.scenario.attacker !== side && turnsLeft > WAIT_UNTIL && levelNow(ctx, position)),
    urgency,
    press: nearDeath(removalsToDestroy(ctx, position, side)),
    exposure: nearDeath(removalsToDestroy(ctx, position, otherSide(side))),
    holds: objectivesOf(ctx).hold.map((h) => h.zone),
    occupants,
  };
}

/** The weight of hits towards a sudden-death count `need` removals away: 1 + 1/need. */
function nearDeath(need: number | undefined): number {
  return need === undefined ? 1 : 1 + 1 / Math.max(1, need);
}

/** How near a unit that does not fire closes on an enemy it must drive off (within a charge's reach). */
const CHARGE_CLOSE = 6 * INCH;

/**
 * The enemy a unit marching on the enemy goes for, and how near it closes:
 * for a side not winning as things stand, the nearest enemy standing in an
 * objective (while they stand there it is not held), to within its
 * effective range (a charger: its reach); otherwise the nearest enemy, to
 * within its longest range.
 */
export function quarryOf(
  ctx: Ctx,
  an: Standing,
  position: Position,
  id: string,
  u: UnitState,
): { u: UnitState; reach: number } | undefined {
  const blocker = blockerOf(an, position, id);
  if (blocker) return { u: blocker, reach: closeRange(ctx, u) };
  if (!an.winning) {
    const held = nearestOf(unitsIn(position, an.occupants.flat()), u);
    if (held) return { u: held, reach: closeRange(ctx, u) };
  }
  const e = nearestEnemy(position, u.side, u);
  return e ? { u: e.u, reach: 0.8 * fireReach(ctx, id, u) } : undefined;
}

/** The enemy in the way beyond the unit's crossing, while it stands there. */
export function blockerOf(
  an: Partial<Pick<Analysis, "blockers">>,
  position: Position,
  id: string,
): UnitState | undefined {
  const b = an.blockers?.get(id);
  return b === undefined ? undefined : position.units[b];
}

/** Those of the named units still on the table. */
export function unitsIn(position: Position, ids: readonly string[]): UnitState[] {
  return ids.map((id) => position.units[id]).filter((u): u is UnitState => u !== undefined);
}

/** The unit nearest a point (the first named of equals), if any. */
export function nearestOf(units: readonly UnitState[], p: Point): UnitState | undefined {
  let best: UnitState | undefined;
  for (const q of units) if (!best || distance(q, p) < distance(best, p)) best = q;
  return best;
}

/** How near a unit closes on an enemy it must drive off: inside its effective range, or a cavalry charge's reach. */
export function closeRange(ctx: Ctx, u: UnitState): number {
  const fire = typeRules(ctx, u).fire;
  return fire ? Math.floor(fire.effective * 0.9) : CHARGE_CLOSE;
}
