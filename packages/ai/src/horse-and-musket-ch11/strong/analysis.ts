import type { Seat } from "@tercio/core";
import { type Point, type Polygon, TICKS_PER_INCH } from "@tercio/geometry";
import type { Ctx, Position } from "@tercio/horse-and-musket-ch11";
import { fieldFor } from "../distance-field.js";
import { centroid, distance, inZone, nearestInZone, objectivesOf } from "../objectives.js";
import { otherSide, unitOf, unitsOf } from "../policy.js";

/**
 * What the strong player reads from the scenario's victory conditions
 * before it plans a player turn: whether it must act at all (a side that
 * wins when nothing happens defends), which of its units run for a zone it
 * wins by reaching, which occupy an area held at the end, and how much each
 * enemy unit matters beyond its hits (runners near their zone, holders of
 * an objective).
 */
export interface Analysis {
  readonly side: Seat;
  readonly enemy: Seat;
  /** The side wins if nothing is decided: it need not come forward. */
  readonly defending: boolean;
  /** My units running for a zone (the zone each runs for). */
  readonly runners: ReadonlyMap<string, Polygon>;
  readonly reachCount: number;
  /** My units sent to occupy an objective (its zone). */
  readonly occupiers: ReadonlyMap<string, Polygon>;
  /** Every objective held at the end. */
  readonly holds: readonly Polygon[];
  /** How much more than its hits each enemy unit is worth to hit (1 = plain). */
  readonly priority: ReadonlyMap<string, number>;
  /** Turns left after this one, of mine. */
  readonly turnsLeft: number;
}

const INCH = TICKS_PER_INCH;

/** `reserve`: runners beyond the count a zone needs (the first to fall or be blocked are replaced). */
export function analyse(ctx: Ctx, position: Position, reserve = 1): Analysis {
  const side = position.toMove;
  const enemy = otherSide(side);
  const o = objectivesOf(ctx);
  const mine = unitsOf(position, side);
  const theirs = unitsOf(position, enemy);
  const turnsLeft = ctx.scenario.turns - position.turn;

  const runners = new Map<string, Polygon>();
  let reachCount = 0;
  const myReach = o.reach.find((r) => r.side === side);
  if (myReach) {
    reachCount = myReach.count;
    // The units soonest there (distance over allowance), artillery last: count + 1 of them run.
    const eta = (id: string) => {
      const u = unitOf(position, id);
      const d = fieldFor(ctx, myReach.zone, u).at(u) * INCH;
      const a = ctx.rules.data.unitTypes[u.type].allowance;
      return d / a + (u.type === "artillery" ? 100 : 0);
    };
    const sorted = [...mine].sort((a, b) => eta(a) - eta(b));
    for (const id of sorted.slice(0, myReach.count + reserve)) runners.set(id, myReach.zone);
  }

  const occupiers = new Map<string, Polygon>();
  const holds = o.hold.map((h) => h.zone);
  for (const zone of holds) {
    const c = centroid(zone);
    const fits = mine.filter((id) => {
      const u = unitOf(position, id);
      if (runners.has(id) || occupiers.has(id) || u.type === "artillery") return false;
      const town = ctx.terrain.towns.some((t) => inZone(c, t.polygon));
      return !town || ctx.rules.data.unitTypes[u.type].endsInTown;
    });
    fits.sort((a, b) => distance(unitOf(position, a), c) - distance(unitOf(position, b), c));
    for (const id of fits.slice(0, 2)) occupiers.set(id, zone);
  }

  const enemyReach = o.reach.find((r) => r.side === enemy);
  const priority = new Map<string, number>();
  for (const id of theirs) {
    const u = unitOf(position, id);
    let p = 1;
    if (enemyReach) {
      const d = distance(u, nearestInZone(u, enemyReach.zone)) / INCH;
      p += Math.max(0, 1.5 - d / 16);
      if (inZone(u, enemyReach.zone)) p += 1.5;
    }
    for (const zone of holds) if (inZone(u, zone)) p += turnsLeft <= 3 ? 1.5 : 0.5;
    priority.set(id, p);
  }

  const defending = o.otherwise === side && !myReach;
  return { side, enemy, defending, runners, reachCount, occupiers, holds, priority, turnsLeft };
}

export function targetPoint(zone: Polygon, from: Point): Point {
  return nearestInZone(from, zone);
}
