/**
 * The vocabulary: points, polygons and polylines as plain readonly data, in
 * ticks (units.ts), and the magnitude bound that every exactness argument in
 * this package rests on.
 *
 * Why 2^22. Table coordinates satisfy |x|, |y| <= 2^22 (about 688 inches,
 * far beyond any table). Then a difference of two coordinates is at most
 * 2^23, a product of two differences at most 2^46, and a cross or dot
 * product of two difference vectors (two such products added) at most 2^47:
 * every orientation test and squared distance is an integer below 2^53,
 * computed exactly by plain doubles. Products of two such quantities
 * (about 2^94, as in point-to-segment distance) do not fit, and go through
 * `compareProducts` (exact.ts): a float filter with a proven error bound
 * and a BigInt fallback.
 */

/** A point of the table in ticks: x east, y north (up the table), both safe integers. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * A polygon as its vertices in order, the closing edge implied (last to
 * first), no vertex repeated. Convex inputs may be in either orientation;
 * the polygons this package builds are counter-clockwise (docs/geometry.md).
 */
export type Polygon = readonly Point[];

/** An open chain of vertices: a river bank, a road's centre line, a wall. */
export type Polyline = readonly Point[];

/** The largest |x| or |y| of a table point: 2^22 ticks, about 688 inches. */
export const MAX_COORD = 4_194_304;

/** The largest distance argument (a range, a band's half-width): 2^24 ticks, about 2752 inches. */
export const MAX_DISTANCE = 16_777_216;

/** True if `p` is a point the kernel's exactness argument covers: integer coordinates within ±MAX_COORD. */
export function isTablePoint(p: Point): boolean {
  return (
    Number.isInteger(p.x) && Number.isInteger(p.y) && Math.abs(p.x) <= MAX_COORD && Math.abs(p.y) <= MAX_COORD
  );
}

/** Throws a RangeError unless every point is a table point: for data entering the kernel. */
export function assertTablePoints(points: readonly Point[], what: string): void {
  for (const p of points) {
    if (!isTablePoint(p))
      throw new RangeError(
        `${what}: (${p.x}, ${p.y}) is not a table point (integer ticks within ±${MAX_COORD})`,
      );
  }
}

/** Throws a RangeError unless `r` is a whole number of ticks from 0 to MAX_DISTANCE. */
export function assertDistance(r: number, what: string): void {
  if (!Number.isInteger(r) || r < 0 || r > MAX_DISTANCE) {
    throw new RangeError(`${what}: ${r} is not a distance in whole ticks from 0 to ${MAX_DISTANCE}`);
  }
}

export function add(p: Point, v: Point): Point {
  return { x: p.x + v.x, y: p.y + v.y };
}

export function sub(p: Point, q: Point): Point {
  return { x: p.x - q.x, y: p.y - q.y };
}

/** The polygon moved by the integer vector v. */
export function translatePolygon(poly: Polygon, v: Point): Point[] {
  return poly.map((p) => ({ x: p.x + v.x, y: p.y + v.y }));
}

/** The vertex i of a polygon, wrapping around; for loops that know i is in range modulo the length. */
export function vertex(poly: Polygon, i: number): Point {
  const n = poly.length;
  return poly[((i % n) + n) % n] as Point;
}

/** An axis-aligned box, inclusive. */
export interface Box {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export function boxOf(points: readonly Point[]): Box {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.x > maxX) maxX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
}

/** True if the boxes, each grown by `margin`, share a point (closed). */
export function boxesMeet(a: Box, b: Box, margin: number): boolean {
  return (
    a.minX - margin <= b.maxX &&
    b.minX - margin <= a.maxX &&
    a.minY - margin <= b.maxY &&
    b.minY - margin <= a.maxY
  );
}
