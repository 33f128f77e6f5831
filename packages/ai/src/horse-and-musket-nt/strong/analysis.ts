import type { Seat } from "@tercio/core";
import type { Point, Polygon } from "@tercio/geometry";
import { type Ctx, longestRange, type Position, unitSize } from "@tercio/horse-and-musket-nt";
import { type Crossing, type CrossingAhead, crossingAhead } from "../crossings.js";
import { fieldFor } from "../distance-field.js";
import { distance, INCH } from "../geometry.js";
import { assignGoals, enemyZone, type Goal, nearestEnemy } from "../goals.js";
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
  /** Objectives weigh this much more as the end nears and the side is not winning. */
  readonly urgency: number;
  /** The zones held at the end, for the bonus of standing in one. */
  readonly holds: readonly Polygon[];
  /** For each of those zones, the enemy units standing in it now (the objective is not held while they are). */
  readonly occupants: readonly (readonly string[])[];
  /** The bridge or ford each unit must pass on the way to its goal, if a river lies between. */
  readonly crossings: ReadonlyMap<string, CrossingAhead>;
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

function lanesOf(ctx: Ctx, position: Position, goals: ReadonlyMap<string, Goal>): Map<string, Lane> {
  const out = new Map<string, Lane>();
  for (const [id, goal] of goals) {
    const u = unitOf(position, id);
    if (u.type === "artillery") continue;
    let zone: Polygon | undefined;
    if (goal.kind === "enemy") {
      const e = nearestEnemy(position, u.side, u);
      const range = longestRange(ctx, id, u) || 2 * INCH;
      zone = e ? enemyZone(e.u, range * 0.8) : undefined;
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
): Map<string, CrossingAhead> {
  const out = new Map<string, CrossingAhead>();
  if (ctx.rivers.length === 0) return out;
  for (const [id, goal] of goals) {
    const u = unitOf(position, id);
    const to = goal.kind === "enemy" ? nearestEnemy(position, u.side, u)?.u : centroid(goal.zone);
    const ahead = to ? crossingAhead(ctx, u, to) : undefined;
    if (ahead) out.set(id, ahead);
  }
  return out;
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

function losses(ctx: Ctx, position: Position, side: Seat): number {
  return ctx.strength[side] - unitsOf(position, side).length;
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

export function analyse(ctx: Ctx, position: Position): Analysis {
  const side = position.toMove;
  const turnsLeft = Math.max(0, ctx.scenario.turns - position.turn);
  const winning = winningNow(ctx, position, side);
  const urgency = winning ? 1 : 1 + Math.max(0, 6 - turnsLeft) * 0.5;
  const goals = assignGoals(ctx, position, side, 1);
  const crossings = crossingsOf(ctx, position, goals);
  return {
    side,
    enemy: otherSide(side),
    goals,
    crossings,
    crossers: [...crossings.keys()].filter((id) => unitOf(position, id).type !== "artillery").length,
    ...queuesOf(ctx, position, crossings),
    lanes: lanesOf(ctx, position, goals),
    turnsLeft,
    winning,
    urgency,
    holds: objectivesOf(ctx).hold.map((h) => h.zone),
    occupants: objectivesOf(ctx).hold.map((h) =>
      unitsOf(position, otherSide(side)).filter((id) => inZone(unitOf(position, id), h.zone)),
    ),
  };
}
