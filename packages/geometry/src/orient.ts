import type { Point } from "./point.js";

/**
 * Orientation and the two products on difference vectors. For table points
 * (point.ts) each difference is at most 2^23, each product at most 2^46 and
 * their sum or difference at most 2^47 < 2^53: exact in doubles, no filter.
 */

/** The z component of u × v. */
export function cross(ux: number, uy: number, vx: number, vy: number): number {
  return ux * vy - uy * vx;
}

/** u · v. */
export function dot(ux: number, uy: number, vx: number, vy: number): number {
  return ux * vx + uy * vy;
}

/**
 * 1 if a, b, c turn counter-clockwise (c left of the line a→b, with y up),
 * -1 if clockwise, 0 if collinear. Exact.
 */
export function orient(a: Point, b: Point, c: Point): number {
  const v = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/** The raw cross product (b − a) × (c − a): twice the signed area of the triangle. */
export function orientValue(a: Point, b: Point, c: Point): number {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

/** |p − q|², exact. */
export function distanceSq(p: Point, q: Point): number {
  const dx = p.x - q.x;
  const dy = p.y - q.y;
  return dx * dx + dy * dy;
}
