import Flatten from "@flatten-js/core";
import { baseCorners, type Point as GPoint, type Polygon as GPolygon } from "@tercio/geometry";
import { ZONE_CODES } from "./geometry-ours.js";
import type { GeometryWorkload, MoveQuery } from "./geometry-workload.js";

/**
 * The same work with @flatten-js/core, written the way a user of that
 * library would: its polygons, distanceTo, contains, segment intersection
 * and boolean intersection, with floating-point rotation (Math.cos/sin: the
 * bench is not the rules path). Its comparisons use its global tolerance
 * (Flatten.Utils.getTolerance(), 1e-6 by default), which is why boundary
 * cases are counted apart.
 */

const { point, Polygon, segment, vector, BooleanOperations } = Flatten;
type FPolygon = InstanceType<typeof Polygon>;

export function toFlatten(poly: GPolygon): FPolygon {
  return new Polygon(poly.map((p) => point(p.x, p.y)));
}

export interface FlattenData {
  readonly rangeA: readonly FPolygon[];
  readonly rangeB: readonly FPolygon[];
  readonly bases: readonly FPolygon[];
  readonly terrain: readonly FPolygon[];
}

/** Flatten's objects for the static data, built once (not timed). */
export function flattenData(w: GeometryWorkload): FlattenData {
  return {
    rangeA: w.ranges.map((q) => toFlatten(q.a)),
    rangeB: w.ranges.map((q) => toFlatten(q.b)),
    bases: w.bases.map(toFlatten),
    terrain: w.terrain.map(toFlatten),
  };
}

export function flattenDistances(w: GeometryWorkload, d: FlattenData): number[] {
  return w.ranges.map((_, i) => (d.rangeA[i] as FPolygon).distanceTo(d.rangeB[i] as FPolygon)[0]);
}

export function flattenWithin(w: GeometryWorkload, d: FlattenData): boolean[] {
  return w.ranges.map((q, i) => (d.rangeA[i] as FPolygon).distanceTo(d.rangeB[i] as FPolygon)[0] <= q.r);
}

/** The four zones as large quadrilaterals from the corner rays, tested with Polygon.contains (boundary included). */
export function flattenZones(w: GeometryWorkload): number[] {
  const far = 1e7;
  return w.zones.map((q) => {
    const { fl, fr, rr, rl } = baseCorners(q.pose, q.size);
    const ex = fr.x - fl.x;
    const ey = fr.y - fl.y;
    const len = Math.sqrt(ex * ex + ey * ey);
    const nx = -ey / len;
    const ny = ex / len;
    const ux = ex / len;
    const uy = ey / len;
    const ray = (c: GPoint, sx: number, sy: number) => point(c.x + far * sx, c.y + far * sy);
    const rFL = ray(fl, nx - ux, ny - uy);
    const rFR = ray(fr, nx + ux, ny + uy);
    const rRR = ray(rr, -nx + ux, -ny + uy);
    const rRL = ray(rl, -nx - ux, -ny - uy);
    const P = (c: GPoint) => point(c.x, c.y);
    const p = point(q.p.x, q.p.y);
    if (new Polygon([P(fr), rFR, rFL, P(fl)]).contains(p)) return ZONE_CODES.front;
    if (new Polygon([P(rl), rRL, rRR, P(rr)]).contains(p)) return ZONE_CODES.rear;
    if (new Polygon([P(fl), rFL, rRL, P(rl)]).contains(p)) return ZONE_CODES.left;
    if (new Polygon([P(rr), rRR, rFR, P(fr)]).contains(p)) return ZONE_CODES.right;
    return ZONE_CODES.inside;
  });
}

/** The first touch: every vertex's path against the other polygon's edges (segment intersection), least t. -1 for none. */
export function flattenContacts(w: GeometryWorkload): number[] {
  return w.contacts.map((q) => {
    const vlen = Math.sqrt(q.v.x * q.v.x + q.v.y * q.v.y);
    let best = Number.POSITIVE_INFINITY;
    const cast = (from: GPolygon, sign: number, against: GPolygon) => {
      const edges = against.map((p, i) => {
        const n = against[(i + 1) % against.length] as GPoint;
        return segment(point(p.x, p.y), point(n.x, n.y));
      });
      for (const p of from) {
        const s = point(p.x, p.y);
        const path = segment(s, point(p.x + sign * q.v.x, p.y + sign * q.v.y));
        for (const e of edges)
          for (const ip of path.intersect(e)) best = Math.min(best, s.distanceTo(ip)[0] / vlen);
      }
    };
    cast(q.a, 1, q.b);
    cast(q.b, -1, q.a);
    return best === Number.POSITIVE_INFINITY ? -1 : best;
  });
}

function floatHull(points: readonly { x: number; y: number }[]): { x: number; y: number }[] {
  const pts = [...points].sort((p, q) => p.x - q.x || p.y - q.y);
  const turn = (o: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }) =>
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const chain = (list: typeof pts) => {
    const out: typeof pts = [];
    for (const p of list) {
      while (out.length >= 2 && turn(out[out.length - 2] as GPoint, out[out.length - 1] as GPoint, p) <= 0)
        out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return chain(pts).concat(chain([...pts].reverse()));
}

function interiorsMeet(a: FPolygon, b: FPolygon): { overlap: boolean; error: boolean } {
  if (a.box.not_intersect(b.box)) return { overlap: false, error: false };
  try {
    return { overlap: BooleanOperations.intersect(a, b).area() > 0, error: false };
  } catch {
    return { overlap: false, error: true };
  }
}

export interface FlattenMoveAnswer {
  readonly bases: number;
  readonly terrain: number;
  readonly errors: number;
}

export function flattenMove(d: FlattenData, m: MoveQuery): FlattenMoveAnswer {
  const hw = m.size.frontage / 2;
  const hd = m.size.depth / 2;
  const c = point(m.pose.x, m.pose.y);
  // The rectangle facing north, turned to the facing (clockwise, so a negative mathematical angle).
  const rect = new Polygon([
    point(c.x + hw, c.y + hd),
    point(c.x - hw, c.y + hd),
    point(c.x - hw, c.y - hd),
    point(c.x + hw, c.y - hd),
  ]);
  const facing = ((m.pose.facing + m.pivot) * Math.PI) / 18000;
  const start = rect.rotate(-facing, c);
  const v = vector(Math.sin(facing) * m.advance, Math.cos(facing) * m.advance);
  const end = start.translate(v);
  const sweep = new Polygon(floatHull([...start.vertices, ...end.vertices]).map((p) => point(p.x, p.y)));
  let bases = 0;
  let terrain = 0;
  let errors = 0;
  for (let i = 0; i < m.others.length; i++) {
    const r = interiorsMeet(sweep, d.bases[m.others[i] as number] as FPolygon);
    if (r.overlap) bases |= 1 << i;
    if (r.error) errors++;
  }
  for (let i = 0; i < d.terrain.length; i++) {
    const r = interiorsMeet(sweep, d.terrain[i] as FPolygon);
    if (r.overlap) terrain |= 1 << i;
    if (r.error) errors++;
  }
  return { bases, terrain, errors };
}

export function flattenMoves(w: GeometryWorkload, d: FlattenData): FlattenMoveAnswer[] {
  return w.moves.map((m) => flattenMove(d, m));
}
