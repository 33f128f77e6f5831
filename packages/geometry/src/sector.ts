import { cross } from "./orient.js";
import type { Point } from "./point.js";

/**
 * Open angular sectors at a point, for the local tests where two boundaries
 * touch. A sector is the set of directions turning counter-clockwise from
 * `from` to `to`, both ends excluded (from = to means the full turn minus
 * that ray). Directions are integer vectors; comparing them uses only the
 * sign of cross and dot products: exact.
 */

export interface Sector {
  readonly from: Point;
  readonly to: Point;
}

/** 0 if v is in the half-turn [s, s + π) counter-clockwise from s, else 1. */
function half(s: Point, v: Point): number {
  const c = cross(s.x, s.y, v.x, v.y);
  if (c > 0) return 0;
  if (c < 0) return 1;
  return s.x * v.x + s.y * v.y > 0 ? 0 : 1;
}

/** True if the counter-clockwise angle from s to a is less than from s to b (angles in [0, 2π)). */
function ccwLess(s: Point, a: Point, b: Point): boolean {
  const ha = half(s, a);
  const hb = half(s, b);
  if (ha !== hb) return ha < hb;
  return cross(a.x, a.y, b.x, b.y) > 0;
}

function sameDirection(a: Point, b: Point): boolean {
  return cross(a.x, a.y, b.x, b.y) === 0 && a.x * b.x + a.y * b.y > 0;
}

/** v is strictly inside the open sector. */
function inOpenSector(s: Sector, v: Point): boolean {
  if (sameDirection(v, s.from)) return false;
  if (sameDirection(s.from, s.to)) return true;
  return ccwLess(s.from, v, s.to);
}

/**
 * Two open sectors at the same point share a direction. Two open arcs of a
 * circle meet iff they start at the same place or one starts inside the
 * other: walking back from a common point, one meets the start of an arc
 * first, and that start lies inside the other arc.
 */
export function sectorsOverlap(a: Sector, b: Sector): boolean {
  return sameDirection(a.from, b.from) || inOpenSector(a, b.from) || inOpenSector(b, a.from);
}
