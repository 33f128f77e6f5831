import {
  baseCorners,
  convexWithin,
  frontCentre,
  interiorsOverlap,
  type Point,
  type Polygon,
  scaledDirection,
} from "@tercio/geometry";
import { poseOf, sizeOf, unitPolygon } from "../bases.js";
import type { Ctx } from "../context.js";
import type { Readings } from "../options.js";
import type { UnitState } from "../position.js";

/**
 * 004 Shooting: Adjudge Field of Fire: "a single target within 45º of
 * their frontal facing". The arc is a convex polygon reaching beyond the
 * table, so "is the target within it" is one exact convex test on integer
 * points (no angles):
 *
 * - "corner-rays" (default): the front zone of research §1, bounded by the
 *   front edge and the rays from the front corners at 45º outwards, n − e
 *   and n + e (n the forward normal, e the front edge): ±45º of the facing;
 * - "wedge-45": a ±45º wedge from the front centre (the same half-angle
 *   from one point);
 * - "wedge-22.5": a ±22.5º wedge from the front centre (45º in all).
 *
 * The polygons stay within the kernel's coordinate bound for tables up to
 * 144" a side (the scenario schema's limit).
 *
 * The target is within the arc when any part of its base is; with
 * fireOnRay "out", a target that only touches the arc's edge is not.
 */
export function fieldOfFire(ctx: Ctx, shooter: UnitState, reading: Readings["fieldOfFire"]): Polygon {
  const far = ctx.reach;
  const pose = poseOf(shooter);
  const size = sizeOf(shooter);
  if (reading === "corner-rays") {
    const { fl, fr } = baseCorners(pose, size);
    const ex = fr.x - fl.x;
    const ey = fr.y - fl.y;
    // e turned a quarter anticlockwise points forward for a base whose front edge runs left to right.
    const nx = -ey;
    const ny = ex;
    // Rays n ± e have length √2·frontage; scale them past the table's diagonal.
    const k = Math.ceil(far / Math.max(1, shooter.frontage)) + 1;
    const left: Point = { x: fl.x + k * (nx - ex), y: fl.y + k * (ny - ey) };
    const right: Point = { x: fr.x + k * (nx + ex), y: fr.y + k * (ny + ey) };
    return [fr, right, left, fl];
  }
  const half = reading === "wedge-45" ? 4500 : 2250;
  const apex = frontCentre(pose, size);
  // Edges of 1.5 × the reach: the far side, a chord at cos(45º) of that, still lies beyond the table.
  const edge = Math.ceil((3 * far) / 2);
  const l = scaledDirection(pose.facing - half, edge);
  const r = scaledDirection(pose.facing + half, edge);
  return [apex, { x: apex.x + r.x, y: apex.y + r.y }, { x: apex.x + l.x, y: apex.y + l.y }];
}

/** The arc the rule tests and its answer: the polygon a board draws is the one the target was tested against. */
export interface FireArc {
  readonly polygon: Polygon;
  readonly within: boolean;
}

/** The shooter's arc under the fieldOfFire reading, and whether the target's base is within it (fireOnRay). */
export function fireArc(ctx: Ctx, shooter: UnitState, target: UnitState): FireArc {
  const polygon = fieldOfFire(ctx, shooter, ctx.options.fieldOfFire);
  const base = unitPolygon(target);
  const within =
    ctx.options.fireOnRay === "in" ? convexWithin(polygon, base, 0) : interiorsOverlap(polygon, base);
  return { polygon, within };
}

/** Whether the target's base is within the shooter's arc (ignoring the all-round fire of towns). */
export function inFieldOfFire(ctx: Ctx, shooter: UnitState, target: UnitState): boolean {
  return fireArc(ctx, shooter, target).within;
}
