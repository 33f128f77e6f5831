import type { Seat } from "@tercio/core";
import type { Point, Polygon } from "@tercio/geometry";
import {
  type Ctx,
  longestRange,
  type Position,
  typeRules,
  type UnitState,
} from "@tercio/horse-and-musket-nt";
import { fieldFor, routeInches } from "./distance-field.js";
import { distance, INCH } from "./geometry.js";
import { objectivesOf } from "./objectives.js";
import { otherSide, unitOf, unitsOf } from "./policy.js";

/**
 * Where each unit of a side is going, from the scenario's victory data: a
 * side with a zone to reach sends its units there (the nearest first, as
 * many as the count and two more); each objective held at the end draws
 * the units nearest it that may stand in it (a town: Infantry and
 * Skirmishers), two a piece; the rest go for the enemy. Distances to a zone
 * are routes around what the unit may not cross (distance-field.ts).
 */
export type Goal =
  | { readonly kind: "reach"; readonly zone: Polygon }
  | { readonly kind: "hold"; readonly zone: Polygon }
  | { readonly kind: "enemy" };

/** Whether the unit's type may stand on the zone's piece (a town: only those its rules let enter). */
function mayStand(ctx: Ctx, u: UnitState, kind: string | undefined): boolean {
  const enters: readonly string[] = typeRules(ctx, u).enters;
  return kind === undefined || enters.includes(kind);
}

export function assignGoals(ctx: Ctx, position: Position, side: Seat, extraRunners = 2): Map<string, Goal> {
  const goals = new Map<string, Goal>();
  const o = objectivesOf(ctx);
  const own = unitsOf(position, side);
  const free = new Set(own);
  const route = (id: string, zone: Polygon) => routeInches(ctx, zone, unitOf(position, id));
  for (const r of o.reach) {
    if (r.side !== side) continue;
    const runners = [...free]
      .filter((id) => unitOf(position, id).type !== "artillery")
      .sort((a, b) => route(a, r.zone) - route(b, r.zone) || (a < b ? -1 : 1))
      .slice(0, r.count + extraRunners);
    for (const id of runners) {
      goals.set(id, { kind: "reach", zone: r.zone });
      free.delete(id);
    }
  }
  for (const h of o.hold) {
    const holders = [...free]
      .filter((id) => mayStand(ctx, unitOf(position, id), h.kind))
      .sort((a, b) => route(a, h.zone) - route(b, h.zone) || (a < b ? -1 : 1))
      .slice(0, 2);
    for (const id of holders) {
      goals.set(id, { kind: "hold", zone: h.zone });
      free.delete(id);
    }
  }
  for (const id of free) goals.set(id, { kind: "enemy" });
  return goals;
}

/** The nearest enemy unit to a point, and its distance (ticks). */
export function nearestEnemy(
  position: Position,
  side: Seat,
  p: Point,
): { id: string; u: UnitState; d: number } | undefined {
  let best: { id: string; u: UnitState; d: number } | undefined;
  for (const id of unitsOf(position, otherSide(side))) {
    const u = unitOf(position, id);
    const d = distance(p, u);
    if (!best || d < best.d) best = { id, u, d };
  }
  return best;
}

/** Inches still to go to the goal from a point (for an enemy goal: beyond `range` of the nearest enemy). */
export function goalDistance(
  ctx: Ctx,
  position: Position,
  u: UnitState,
  goal: Goal,
  p: Point,
  range: number,
): number {
  if (goal.kind === "enemy") {
    const e = nearestEnemy(position, u.side, p);
    return e ? Math.max(0, e.d - range) / INCH : 0;
  }
  return routeInches(ctx, goal.zone, { ...u, x: p.x, y: p.y });
}

/** The unit as it fires: a column deploys into line to fire (a column fires only under the ACW rules). */
export function deployed(u: UnitState): UnitState {
  return u.formation === "column" ? { ...u, formation: "line" } : u;
}

/**
 * The range a unit fires to once deployed, or 2" for one that does not fire:
 * its way to the enemy ends at its line's range, not at contact.
 */
export function fireReach(ctx: Ctx, id: string, u: UnitState): number {
  return longestRange(ctx, id, deployed(u)) || 2 * INCH;
}

/**
 * The ground within `reach` of an enemy at p: an octagon about p, its centre
 * and radius on a 2" lattice so that the fields to it are shared between
 * poses and turns (a route's length, not a measurement of the rules).
 */
export function enemyZone(p: Point, reach: number): Polygon {
  const q = 2 * INCH;
  const cx = Math.round(p.x / q) * q;
  const cy = Math.round(p.y / q) * q;
  const r = Math.max(q, Math.round(reach / q) * q);
  // tan(22.5 degrees) as a ratio of integers: the octagon's half side over its apothem.
  const s = Math.round((r * 41421) / 100000);
  return [
    { x: cx + r, y: cy - s },
    { x: cx + r, y: cy + s },
    { x: cx + s, y: cy + r },
    { x: cx - s, y: cy + r },
    { x: cx - r, y: cy + s },
    { x: cx - r, y: cy - s },
    { x: cx - s, y: cy - r },
    { x: cx + s, y: cy - r },
  ];
}

/** Inches along the unit's route (around rivers, marshes and what its type may not enter) to within `reach` of the enemy at e. */
export function approachInches(ctx: Ctx, u: UnitState, e: Point, reach: number): number {
  return routeInches(ctx, enemyZone(e, reach), u);
}

/** A point to head for: down the route to the zone, or the nearest enemy. */
export function goalPoint(
  ctx: Ctx,
  position: Position,
  u: UnitState,
  goal: Goal,
  steps: number,
): Point | undefined {
  if (goal.kind === "enemy") return nearestEnemy(position, u.side, u)?.u;
  return fieldFor(ctx, goal.zone, u).towards(u, steps);
}
