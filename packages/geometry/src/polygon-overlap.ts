import { pointInConvex } from "./convex.js";
import { boxOf, type Point, type Polygon, vertex } from "./point.js";
import { pointInPolygon, polygonOrientation } from "./polygon.js";
import { type Sector, sectorsOverlap } from "./sector.js";
import { onSegment, segmentsCrossProperly } from "./segment.js";

/**
 * A convex region C (a base, a sweep) against a simple polygon P (terrain),
 * exact: does the interior of C meet the interior of P, or the exterior of
 * P? "Enters the woods" and "entirely inside the town" are the two.
 *
 * Let R be the open region (int P or ext P). The interior of C meets R iff
 *
 * 1. an edge of C properly crosses an edge of P, or
 * 2. a vertex of C lies in R, or
 * 3. a vertex of P lies strictly inside C, or
 * 4. at a vertex of one lying on the other's boundary, the open sector of
 *    int C there and the open sector of R there share a direction.
 *
 * Each is sufficient (near the point found, both regions fill a sector, or a
 * half-disc for a proper crossing). Necessary: suppose int C meets R and
 * none of 1–3 holds. If some piece of C's boundary (between points where it
 * meets ∂P) lies in R, an end of that piece is a vertex of C or P on the
 * other's boundary (a boundary point of C met by ∂P is a proper crossing, a
 * vertex, or the start of a collinear overlap, which is a vertex), and at
 * that end the piece's direction lies in R's open sector and on the edge of
 * C's, so nudging it into C gives a shared direction (4). Likewise for a
 * piece of ∂P inside int C. Otherwise ∂C misses R and ∂P misses int C; R is
 * connected, so R ⊆ int C (a path in R leaving C would cross ∂C inside R),
 * and symmetrically int C ⊆ int P: R = int C = int P, whose boundaries then
 * coincide and every vertex of C is on ∂P with equal sectors (4). (R = ext P
 * is unbounded and cannot equal int C.)
 *
 * Cost: n·m proper-crossing tests plus point locations, after a box reject.
 */

function vertexIndex(poly: Polygon, p: Point): number {
  for (let i = 0; i < poly.length; i++) {
    const v = poly[i] as Point;
    if (v.x === p.x && v.y === p.y) return i;
  }
  return -1;
}

/**
 * The open sector at boundary point x of the region to the left of the
 * polygon's edges (the right if `left` is false).
 */
function sectorAt(poly: Polygon, x: Point, left: boolean): Sector | null {
  const k = vertexIndex(poly, x);
  let from: Point;
  let to: Point;
  if (k >= 0) {
    const next = vertex(poly, k + 1);
    const prev = vertex(poly, k - 1);
    from = { x: next.x - x.x, y: next.y - x.y };
    to = { x: prev.x - x.x, y: prev.y - x.y };
  } else {
    let e = -1;
    for (let i = 0; i < poly.length && e < 0; i++)
      if (onSegment(x, poly[i] as Point, vertex(poly, i + 1))) e = i;
    if (e < 0) return null;
    const a = poly[e] as Point;
    const b = vertex(poly, e + 1);
    from = { x: b.x - a.x, y: b.y - a.y };
    to = { x: a.x - b.x, y: a.y - b.y };
  }
  return left ? { from, to } : { from: to, to: from };
}

function interiorMeets(p: Polygon, exterior: boolean, c: Polygon): boolean {
  const oc = polygonOrientation(c);
  if (c.length < 3 || oc === 0) return false;
  const op = polygonOrientation(p);
  // R lies left of P's edges when P is counter-clockwise and R is its interior, or clockwise and R its exterior.
  const rLeft = op > 0 !== exterior;
  const n = p.length;
  const m = c.length;
  for (let i = 0; i < n; i++) {
    const a = p[i] as Point;
    const b = vertex(p, i + 1);
    for (let j = 0; j < m; j++) if (segmentsCrossProperly(a, b, c[j] as Point, vertex(c, j + 1))) return true;
  }
  const touching: Point[] = [];
  for (const v of c) {
    const loc = pointInPolygon(v, p);
    if (loc === "boundary") touching.push(v);
    else if ((loc === "inside") !== exterior) return true;
  }
  for (const w of p) {
    if (!pointInConvex(w, c)) continue;
    if (vertexIndex(c, w) < 0 && !onBoundaryOfConvex(w, c)) return true;
    touching.push(w);
  }
  for (const x of touching) {
    const sc = sectorAt(c, x, oc > 0);
    const sr = sectorAt(p, x, rLeft);
    if (sc && sr && sectorsOverlap(sc, sr)) return true;
  }
  return false;
}

function onBoundaryOfConvex(w: Point, c: Polygon): boolean {
  for (let j = 0; j < c.length; j++) if (onSegment(w, c[j] as Point, vertex(c, j + 1))) return true;
  return false;
}

/**
 * The interiors of a simple polygon (terrain, convex or not) and a convex
 * polygon intersect: the base enters the wood. Touching is not overlap.
 */
export function polygonOverlapsInterior(simple: Polygon, convex: Polygon): boolean {
  const bs = boxOf(simple);
  const bc = boxOf(convex);
  if (bs.minX >= bc.maxX || bc.minX >= bs.maxX || bs.minY >= bc.maxY || bc.minY >= bs.maxY) return false;
  return interiorMeets(simple, false, convex);
}

/**
 * The convex polygon lies entirely in the closed simple polygon (touching
 * its boundary from inside allowed): "entirely inside the town". The convex
 * polygon must have positive area (a base or a sweep); throws otherwise.
 */
export function convexInsidePolygon(convex: Polygon, simple: Polygon): boolean {
  if (convex.length < 3 || polygonOrientation(convex) === 0) {
    throw new RangeError("convexInsidePolygon: the convex polygon has no area");
  }
  const bs = boxOf(simple);
  const bc = boxOf(convex);
  if (bc.minX < bs.minX || bc.maxX > bs.maxX || bc.minY < bs.minY || bc.maxY > bs.maxY) return false;
  return !interiorMeets(simple, true, convex);
}
