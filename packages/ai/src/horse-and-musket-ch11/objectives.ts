import type { Seat } from "@tercio/core";
import { type Point, type Polygon, pointInPolygon } from "@tercio/geometry";
import type { Ctx, Hold } from "@tercio/horse-and-musket-ch11";

/**
 * The scenario's victory conditions read as goals (victory.ts is the
 * judge; this only says where to go): the zones a side wins by reaching,
 * the areas held at the end, and who wins when nothing is decided.
 */
export interface ReachGoal {
  readonly side: Seat;
  readonly zone: Polygon;
  readonly count: number;
}

export interface HoldGoal {
  readonly zone: Polygon;
  readonly points: number;
  readonly name: string;
}

export interface Objectives {
  readonly reach: readonly ReachGoal[];
  readonly hold: readonly HoldGoal[];
  /** The fraction of a side's units the other must destroy to win at once, by the destroying side. */
  readonly destroy: Readonly<Partial<Record<Seat, { num: number; den: number }>>>;
  readonly otherwise: Ctx["scenario"]["victory"]["otherwise"];
}

function holdZone(ctx: Ctx, hold: Hold): Polygon | undefined {
  if (hold.zone) return hold.zone;
  return ctx.terrain.areas.find((a) => a.id === hold.piece)?.polygon;
}

export function objectivesOf(ctx: Ctx): Objectives {
  const v = ctx.scenario.victory;
  const reach: ReachGoal[] = [];
  const destroy: Partial<Record<Seat, { num: number; den: number }>> = {};
  for (const c of v.suddenDeath) {
    if (c.kind === "reach") reach.push({ side: c.side, zone: c.zone, count: c.count });
    else destroy[c.side] = c.fraction;
  }
  const hold: HoldGoal[] = [];
  for (const h of v.atEnd) {
    const zone = holdZone(ctx, h);
    if (zone) hold.push({ zone, points: h.points, name: h.name });
  }
  return { reach, hold, destroy, otherwise: v.otherwise };
}

/** The centre of a polygon's vertices (the zones are convex, so it lies inside). */
export function centroid(poly: Polygon): Point {
  let x = 0;
  let y = 0;
  for (const p of poly) {
    x += p.x;
    y += p.y;
  }
  return { x: Math.round(x / poly.length), y: Math.round(y / poly.length) };
}

export function inZone(p: Point, zone: Polygon): boolean {
  return pointInPolygon(p, zone) !== "outside";
}

/**
 * The point of a convex zone nearest to p, approximately: p itself when
 * inside, else the nearest point on its edges (exact projection onto each
 * edge, rounded to ticks).
 */
export function nearestInZone(p: Point, zone: Polygon): Point {
  if (inZone(p, zone)) return p;
  let best: Point = zone[0] as Point;
  let bestD = Number.POSITIVE_INFINITY;
  for (let i = 0; i < zone.length; i++) {
    const a = zone[i] as Point;
    const b = zone[(i + 1) % zone.length] as Point;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = dx * dx + dy * dy;
    const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len));
    const q = { x: Math.round(a.x + t * dx), y: Math.round(a.y + t * dy) };
    const d = (q.x - p.x) ** 2 + (q.y - p.y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = q;
    }
  }
  // A point just inside rather than on the edge: a step towards the centroid.
  const c = centroid(zone);
  return { x: best.x + Math.sign(c.x - best.x) * 3048, y: best.y + Math.sign(c.y - best.y) * 3048 };
}

/** The distance between two points, in ticks (a square root of an exact integer: for scoring only). */
export function distance(a: Point, b: Point): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}
