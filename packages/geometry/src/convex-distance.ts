import { convexWithin, pointInConvex } from "./convex.js";
import { interiorsOverlap } from "./overlap.js";
import { type Point, type Polygon, vertex } from "./point.js";

/**
 * The distance between two convex polygons and a nearest pair of points,
 * in FLOATS: for display (a ruler) and AI scoring only. It never decides
 * legality: rules call convexWithin, which is exact. When the polygons
 * touch or overlap (decided exactly) the distance is 0 and both points are
 * one common point.
 */

export interface NearestPair {
  readonly distance: number;
  /** On A. */
  readonly a: { readonly x: number; readonly y: number };
  /** On B. */
  readonly b: { readonly x: number; readonly y: number };
}

interface Near {
  d2: number;
  px: number;
  py: number;
  qx: number;
  qy: number;
}

/** Nearest point of segment ab to p, in floats, kept in `best` if closer. */
function nearPointSegment(p: Point, a: Point, b: Point, pOnA: boolean, best: Near): void {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  let t = l2 === 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2;
  t = t < 0 ? 0 : Math.min(t, 1);
  const fx = a.x + t * dx;
  const fy = a.y + t * dy;
  const d2 = (p.x - fx) * (p.x - fx) + (p.y - fy) * (p.y - fy);
  if (d2 < best.d2) {
    best.d2 = d2;
    if (pOnA) Object.assign(best, { px: p.x, py: p.y, qx: fx, qy: fy });
    else Object.assign(best, { px: fx, py: fy, qx: p.x, qy: p.y });
  }
}

/** A point common to two convex polygons that meet (found by float edge crossings or containment). */
function commonPoint(a: Polygon, b: Polygon): { x: number; y: number } {
  for (const p of a) if (pointInConvex(p, b)) return { x: p.x, y: p.y };
  for (const q of b) if (pointInConvex(q, a)) return { x: q.x, y: q.y };
  for (let i = 0; i < a.length; i++) {
    const p = a[i] as Point;
    const r = { x: vertex(a, i + 1).x - p.x, y: vertex(a, i + 1).y - p.y };
    for (let j = 0; j < b.length; j++) {
      const q = b[j] as Point;
      const s = { x: vertex(b, j + 1).x - q.x, y: vertex(b, j + 1).y - q.y };
      const den = r.x * s.y - r.y * s.x;
      if (den === 0) continue;
      const t = ((q.x - p.x) * s.y - (q.y - p.y) * s.x) / den;
      const u = ((q.x - p.x) * r.y - (q.y - p.y) * r.x) / den;
      if (t >= 0 && t <= 1 && u >= 0 && u <= 1) return { x: p.x + t * r.x, y: p.y + t * r.y };
    }
  }
  const p = a[0] as Point;
  return { x: p.x, y: p.y };
}

export function convexDistance(a: Polygon, b: Polygon): NearestPair {
  // Overlap or containment (exact, cheap) first; a flat polygon has no interior, hence the vertex tests.
  if (interiorsOverlap(a, b) || pointInConvex(a[0] as Point, b) || pointInConvex(b[0] as Point, a))
    return meeting(a, b);
  const best: Near = { d2: Number.POSITIVE_INFINITY, px: 0, py: 0, qx: 0, qy: 0 };
  for (let i = 0; i < a.length; i++) {
    const p = a[i] as Point;
    for (let j = 0; j < b.length; j++) nearPointSegment(p, b[j] as Point, vertex(b, j + 1), true, best);
  }
  for (let j = 0; j < b.length; j++) {
    const q = b[j] as Point;
    for (let i = 0; i < a.length; i++) nearPointSegment(q, a[i] as Point, vertex(a, i + 1), false, best);
  }
  // Within a tick in floats: decide touching exactly.
  if (best.d2 < 1 && convexWithin(a, b, 0)) return meeting(a, b);
  return { distance: Math.sqrt(best.d2), a: { x: best.px, y: best.py }, b: { x: best.qx, y: best.qy } };
}

function meeting(a: Polygon, b: Polygon): NearestPair {
  const c = commonPoint(a, b);
  return { distance: 0, a: c, b: c };
}
