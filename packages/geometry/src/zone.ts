import type { BaseCorners } from "./base.js";
import { cross } from "./orient.js";
import type { Point } from "./point.js";

/**
 * Front, flank and rear zones by the 45° corner rays (research §1).
 *
 * With e = fr − fl and n = e turned a quarter towards the front, the rays
 * leave fl along n − e, fr along n + e, rr along −n + e and rl along −n − e:
 * integer vectors, no angles, no normalisation. Walking the base
 * counter-clockwise (fr, fl, rl, rr), the zone of the edge from corner X to
 * corner Y is bounded by that edge and the rays at X and Y, a convex region,
 * so it is the intersection of three closed half-planes:
 *
 *   outside or on the edge's line:   (Y − X) × (p − X) <= 0
 *   on Y's side of X's ray:          rX × (p − X) >= 0
 *   on X's side of Y's ray:          rY × (p − Y) <= 0
 *
 * Each test is a cross product of a ray or edge vector (components <= 2^21
 * for base sides <= 2^20) with a table-point difference (<= 2^23): below
 * 2^45, exact. The four closed zones cover every point
 * that is not strictly inside the base, and two of them share only the ray
 * between them (the corner included), which `onRay` settles:
 *
 * - "front-rear": a point on a ray belongs to the front or rear zone;
 * - "flank": it belongs to the left or right zone.
 *
 * A point on an edge (not a corner) is in that edge's zone: this is how a
 * contact point on the target's boundary is classified. A point strictly
 * inside the base answers "inside".
 */

export type Zone = "front" | "left" | "rear" | "right";
export type OnRay = "front-rear" | "flank";

function inZone(x: Point, y: Point, rx: number, ry: number, sx: number, sy: number, p: Point): boolean {
  const px = p.x - x.x;
  const py = p.y - x.y;
  return (
    cross(y.x - x.x, y.y - x.y, px, py) <= 0 &&
    cross(rx, ry, px, py) >= 0 &&
    cross(sx, sy, p.x - y.x, p.y - y.y) <= 0
  );
}

/**
 * The 45° corner rays of a base as integer direction vectors (n − e at fl,
 * n + e at fr, −n + e at rr, −n − e at rl; each √2 × the frontage long):
 * the lines closedZones divides the plane by, for a board to draw exactly
 * the rays the rule used.
 */
export function cornerRays(corners: BaseCorners): {
  readonly fl: Point;
  readonly fr: Point;
  readonly rr: Point;
  readonly rl: Point;
} {
  const { fl, fr, rl } = corners;
  const ex = fr.x - fl.x;
  const ey = fr.y - fl.y;
  // e turned a quarter counter-clockwise; it must point from the rear edge to the front.
  let nx = -ey;
  let ny = ex;
  if (nx * (fl.x - rl.x) + ny * (fl.y - rl.y) < 0) {
    nx = -nx;
    ny = -ny;
  }
  return {
    fl: { x: nx - ex, y: ny - ey },
    fr: { x: nx + ex, y: ny + ey },
    rr: { x: -nx + ex, y: -ny + ey },
    rl: { x: -nx - ex, y: -ny - ey },
  };
}

/**
 * Every closed zone holding p, in the order front, left, rear, right: one
 * zone off the rays, two on a ray (or at a corner), none strictly inside.
 */
export function closedZones(corners: BaseCorners, p: Point): Zone[] {
  const { fl, fr, rr, rl } = corners;
  const r = cornerRays(corners);
  const out: Zone[] = [];
  if (inZone(fr, fl, r.fr.x, r.fr.y, r.fl.x, r.fl.y, p)) out.push("front");
  if (inZone(fl, rl, r.fl.x, r.fl.y, r.rl.x, r.rl.y, p)) out.push("left");
  if (inZone(rl, rr, r.rl.x, r.rl.y, r.rr.x, r.rr.y, p)) out.push("rear");
  if (inZone(rr, fr, r.rr.x, r.rr.y, r.fr.x, r.fr.y, p)) out.push("right");
  return out;
}

/** The zone of `p` about the base, or "inside" if p is strictly inside it. */
export function zoneOf(corners: BaseCorners, p: Point, onRay: OnRay): Zone | "inside" {
  const zones = closedZones(corners, p);
  const first = zones[0];
  if (first === undefined) return "inside";
  if (zones.length === 1) return first;
  const wanted = onRay === "front-rear" ? ["front", "rear"] : ["left", "right"];
  return zones.find((z) => wanted.includes(z)) ?? first;
}
