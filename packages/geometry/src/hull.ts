import { orientValue } from "./orient.js";
import type { Point } from "./point.js";

/**
 * The convex hull of integer points (Andrew's monotone chain), exact: every
 * turn is an orientation sign on table points. Counter-clockwise, strictly
 * convex (collinear points dropped), starting from the leftmost (then lowest)
 * point. One or two points for degenerate input.
 */
export function convexHull(points: readonly Point[]): Point[] {
  const pts = [...points].sort((p, q) => p.x - q.x || p.y - q.y);
  const uniq: Point[] = [];
  for (const p of pts) {
    const last = uniq[uniq.length - 1];
    if (!last || last.x !== p.x || last.y !== p.y) uniq.push(p);
  }
  if (uniq.length < 3) return uniq;
  const lower: Point[] = [];
  for (const p of uniq) {
    while (
      lower.length >= 2 &&
      orientValue(lower[lower.length - 2] as Point, lower[lower.length - 1] as Point, p) <= 0
    ) {
      lower.pop();
    }
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = uniq.length - 1; i >= 0; i--) {
    const p = uniq[i] as Point;
    while (
      upper.length >= 2 &&
      orientValue(upper[upper.length - 2] as Point, upper[upper.length - 1] as Point, p) <= 0
    ) {
      upper.pop();
    }
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  const hull = lower.concat(upper);
  // All collinear: the chain collapses to the two extreme points.
  return hull.length < 3 && uniq.length >= 2 ? [uniq[0] as Point, uniq[uniq.length - 1] as Point] : hull;
}
