import type { Seat } from "@tercio/core";
import { type Point, type Polygon, pointInPolygon } from "@tercio/geometry";
import type { Ctx, Hold } from "@tercio/horse-and-musket-nt";

/**
 * The scenario's victory conditions read as goals (victory.ts is the
 * judge; this only says where to go): the zones a side wins by reaching
 * (sudden death), the objectives held at the end, the fraction of the enemy
 * whose removal wins, and who wins when the objectives are level.
 */
export interface ReachGoal {
  readonly side: Seat;
  readonly zone: Polygon;
  readonly count: number;
  readonly name: string;
}

export interface HoldGoal {
  readonly zone: Polygon;
  readonly points: number;
  readonly name: string;
  /** The town or hill it is, if a piece (who may enter it is the piece's kind). */
  readonly kind?: string;
}

export interface Objectives {
  readonly reach: readonly ReachGoal[];
  readonly hold: readonly HoldGoal[];
  /** The fraction of the enemy a side wins by removing. */
  readonly destroy: Readonly<Partial<Record<Seat, { num: number; den: number }>>>;
  readonly otherwise: Ctx["scenario"]["victory"]["otherwise"];
}

function holdZone(ctx: Ctx, hold: Hold): { zone: Polygon; kind?: string } | undefined {
  if (hold.zone) return { zone: hold.zone };
  const piece = ctx.areas.find((a) => a.id === hold.piece);
  return piece ? { zone: piece.polygon, kind: piece.kind } : undefined;
}

const cache = new WeakMap<Ctx, Objectives>();

export function objectivesOf(ctx: Ctx): Objectives {
  const known = cache.get(ctx);
  if (known) return known;
  const v = ctx.scenario.victory;
  const reach: ReachGoal[] = [];
  const destroy: Partial<Record<Seat, { num: number; den: number }>> = {};
  for (const c of v.suddenDeath) {
    if (c.kind === "reach") reach.push({ side: c.side, zone: c.zone, count: c.count, name: c.name });
    else destroy[c.side] = c.fraction;
  }
  const hold: HoldGoal[] = [];
  for (const h of v.atEnd) {
    const z = holdZone(ctx, h);
    if (z) hold.push({ zone: z.zone, points: h.points, name: h.name, ...(z.kind ? { kind: z.kind } : {}) });
  }
  const out: Objectives = { reach, hold, destroy, otherwise: v.otherwise };
  cache.set(ctx, out);
  return out;
}

/** Who wins when nothing is decided and no objective is held: a side, or nobody. */
export function winsByDefault(ctx: Ctx): Seat | undefined {
  const o = objectivesOf(ctx).otherwise;
  return o === "first" || o === "second" ? o : undefined;
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

/** The point of a convex zone nearest to p, a little inside (p itself when inside). */
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
  // A point just inside rather than on the edge: two inches towards the centroid.
  const c = centroid(zone);
  const dx = c.x - best.x;
  const dy = c.y - best.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len < 1) return best;
  const step = Math.min(len, 2 * 6096);
  return { x: Math.round(best.x + (dx * step) / len), y: Math.round(best.y + (dy * step) / len) };
}
