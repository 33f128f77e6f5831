import { segmentWithin } from "./distance.js";
import { boxesMeet, boxOf, type Point, type Polygon, type Polyline } from "./point.js";
import { polygonOrientation } from "./polygon.js";
import { clipToConvex } from "./segment-span.js";

/**
 * Polylines: rivers (crossed only at bridges and fords), roads (a band of
 * half-width about the centre line), walls.
 */

/** An inclusive run of whole segments [first, last] of a polyline (segment i joins vertices i and i + 1). */
export type SegmentSpan = readonly [first: number, last: number];

/**
 * The segment ab meets the INTERIOR of the convex polygon: Cyrus–Beck
 * clipping of P(t) = a + t(b − a), t in [0, 1], with the interval's ends as
 * exact fractions (clipToConvex, shared with spanInConvex). `ccw` names the
 * polygon's orientation.
 */
export function segmentMeetsInterior(a: Point, b: Point, poly: Polygon, ccw: boolean): boolean {
  return clipToConvex(a, b, poly, ccw) !== null;
}

function excepted(i: number, spans: readonly SegmentSpan[]): boolean {
  for (const [first, last] of spans) if (first <= i && i <= last) return true;
  return false;
}

/**
 * The convex region (a base, a sweep) meets the polyline through its
 * INTERIOR anywhere outside the excepted spans (bridges, fords). Touching
 * does not count: a base may stand on the bank, its edge on the river line.
 * The spans are whole segments, so a region over a span's end vertex also
 * meets the next segment near that vertex and counts as crossing: scenario
 * data makes a bridge span wider than the bases that use it.
 */
export function convexCrossesPolyline(
  convex: Polygon,
  line: Polyline,
  exceptSegments: readonly SegmentSpan[] = [],
): boolean {
  const o = polygonOrientation(convex);
  if (convex.length < 3 || o === 0) return false;
  const box = boxOf(convex);
  for (let i = 0; i + 1 < line.length; i++) {
    if (excepted(i, exceptSegments)) continue;
    const a = line[i] as Point;
    const b = line[i + 1] as Point;
    if (!boxesMeet(box, boxOf([a, b]), 0)) continue;
    if (segmentMeetsInterior(a, b, convex, o > 0)) return true;
  }
  return false;
}

/** p is within halfWidth of the polyline (inclusive, exact): "on the road". */
export function withinBand(p: Point, line: Polyline, halfWidth: number): boolean {
  if (line.length === 1) return segmentWithin(p, line[0] as Point, line[0] as Point, halfWidth);
  for (let i = 0; i + 1 < line.length; i++) {
    if (segmentWithin(p, line[i] as Point, line[i + 1] as Point, halfWidth)) return true;
  }
  return false;
}

/**
 * Every point of the segment ab is within halfWidth of the polyline: a
 * SUFFICIENT test (true means true; false may be a path the band does hold).
 * The band of one polyline segment (a stadium) is convex, so ab is in it if
 * both ends are. Across a bend at vertex w between segments i and i + 1,
 * ab is in the union of their stadiums if a is in one, b in the other, and
 * ab passes within halfWidth of w: the disc about w lies in both stadiums,
 * so ab splits at a point in that disc into two pieces, each with both ends
 * in one stadium. Paths over several bends should be split at the road's
 * vertices (a move along a road is a sequence of such segments).
 */
export function segmentWithinBand(a: Point, b: Point, line: Polyline, halfWidth: number): boolean {
  const n = line.length - 1;
  if (n < 1) {
    const w = line[0];
    return w !== undefined && segmentWithin(a, w, w, halfWidth) && segmentWithin(b, w, w, halfWidth);
  }
  const inStadium = (p: Point, i: number) =>
    segmentWithin(p, line[i] as Point, line[i + 1] as Point, halfWidth);
  for (let i = 0; i < n; i++) {
    const ai = inStadium(a, i);
    const bi = inStadium(b, i);
    if (ai && bi) return true;
    if (i + 1 < n) {
      const w = line[i + 1] as Point;
      if (((ai && inStadium(b, i + 1)) || (bi && inStadium(a, i + 1))) && segmentWithin(w, a, b, halfWidth))
        return true;
    }
  }
  return false;
}
