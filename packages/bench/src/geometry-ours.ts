import {
  applyOp,
  baseCorners,
  basePolygon,
  convexDistance,
  convexWithin,
  firstContact,
  interiorsOverlap,
  type Polygon,
  polygonOverlapsInterior,
  translationSweep,
  zoneOf,
} from "@tercio/geometry";
import type { GeometryWorkload, MoveQuery } from "./geometry-workload.js";

/** Tercio's kernel on the workload: each function returns a checksum of its answers. */

export const ZONE_CODES = { front: 0, left: 1, rear: 2, right: 3, inside: 4 } as const;

export function oursWithin(w: GeometryWorkload): boolean[] {
  return w.ranges.map((q) => convexWithin(q.a, q.b, q.r));
}

export function oursDistances(w: GeometryWorkload): number[] {
  return w.ranges.map((q) => convexDistance(q.a, q.b).distance);
}

export function oursZones(w: GeometryWorkload): number[] {
  return w.zones.map((q) => ZONE_CODES[zoneOf(baseCorners(q.pose, q.size), q.p, "front-rear")]);
}

/** First-contact parameters as floats (num / den), -1 for none. */
export function oursContacts(w: GeometryWorkload): number[] {
  return w.contacts.map((q) => {
    const c = firstContact(q.a, q.v, q.b);
    return c ? c.t.num / c.t.den : -1;
  });
}

export interface MoveAnswer {
  /** Bitmask of the 20 other bases the sweep overlaps. */
  readonly bases: number;
  /** Bitmask of the terrain pieces the sweep enters. */
  readonly terrain: number;
}

export function oursMove(w: GeometryWorkload, m: MoveQuery): MoveAnswer {
  const pivoted = applyOp(m.pose, m.size, { op: "pivot", cdeg: m.pivot }).pose;
  const moved = applyOp(pivoted, m.size, { op: "advance", ticks: m.advance }).pose;
  const start = basePolygon(pivoted, m.size);
  const sweep = translationSweep(start, { x: moved.x - pivoted.x, y: moved.y - pivoted.y });
  let bases = 0;
  for (let i = 0; i < m.others.length; i++) {
    if (interiorsOverlap(sweep, w.bases[m.others[i] as number] as Polygon)) bases |= 1 << i;
  }
  let terrain = 0;
  for (let i = 0; i < w.terrain.length; i++) {
    if (polygonOverlapsInterior(w.terrain[i] as Polygon, sweep)) terrain |= 1 << i;
  }
  return { bases, terrain };
}

export function oursMoves(w: GeometryWorkload): MoveAnswer[] {
  return w.moves.map((m) => oursMove(w, m));
}
