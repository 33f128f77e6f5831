import { type BaseSize, basePolygon, type Pose, pointInPolygon } from "@tercio/geometry";
import { type Position, unitPolygon } from "@tercio/horse-and-musket-ch11";
import type { Point } from "../tabletop/frame.js";

/**
 * What the pointer is on, in table ticks. Bases are the engine's polygons,
 * so a click on the drawn base is a click on the unit the rules see.
 */

/** The unit whose base holds the point (edges included); the last in id order when bases touch. */
export function unitAt(position: Position, p: Point): string | undefined {
  let found: string | undefined;
  for (const id of Object.keys(position.units).sort()) {
    const u = position.units[id];
    if (u && pointInPolygon(p, unitPolygon(u)) !== "outside") found = id;
  }
  return found;
}

/** Whether the point is on a base at a pose (a ghost). */
export function onBase(pose: Pose, size: BaseSize, p: Point): boolean {
  return pointInPolygon(p, basePolygon(pose, size)) !== "outside";
}

/** The radius of the pivot ring round a base: beyond its corners by half an inch. Display only. */
export function ringRadius(size: BaseSize): number {
  return Math.sqrt(size.frontage * size.frontage + size.depth * size.depth) / 2 + 3048;
}

/** The radius of a charge's turn handle: an inch and a half beyond the pivot ring. Display only. */
export function aimRadius(size: BaseSize): number {
  return ringRadius(size) + 1.5 * 6096;
}

/** Whether the point is on the ring (within `band` ticks of it). */
export function onRing(centre: Point, radius: number, band: number, p: Point): boolean {
  const r = Math.hypot(p.x - centre.x, p.y - centre.y);
  return Math.abs(r - radius) <= band;
}
