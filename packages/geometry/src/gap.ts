import { compareFractions, compareProducts } from "./exact.js";
import { type Nearest, nearestPoints, type SegmentPoint } from "./nearest.js";
import { dot } from "./orient.js";
import { assertDistance, type Point, type Polygon } from "./point.js";
import { clipBy, fullClip } from "./segment-span.js";

/**
 * "A gap 4" wide is needed to trace LoS through": does a sight line pass
 * through a gap narrower than that between two blockers?
 *
 * The reading. The gap between two disjoint convex blockers is where they
 * come nearest: the BRIDGE, the segment joining a nearest pair. A sight
 * line passing between them crosses it. Only the narrowest place counts:
 * a sight line that passes between the two blockers away from the bridge,
 * where the gap has widened, is not "through the gap" (the gap there is
 * wider than at its narrowest, and the rule names one width per gap).
 *
 * When the nearest pair is not unique (two parallel sides facing each
 * other, as between two squared-up bases) every nearest pair is a bridge of
 * the same length and direction, and they fill a rectangle: the gap is that
 * whole strip, so the answer does not depend on which pair nearestPoints
 * reports, and it is the same with p and q swapped or a and b reversed.
 *
 * Exact, with no rational point rounded. The bridge direction w is an
 * integer vector: a vertex-to-vertex difference, or the normal of the edge
 * holding the foot of the perpendicular. With u = w turned a quarter, the
 * strip is lo <= u·x <= hi, hA <= w·x <= hB: hA = the largest w·x over p,
 * hB = the least over q (the supporting lines through the nearest pair),
 * and [lo, hi] the overlap of the u-extents of p's and q's faces on those
 * lines (a vertex or an edge each). All are integers below 2^47, so the
 * segment is clipped against the strip with the same exact fractions as
 * spanInConvex.
 */

/** Where a nearest pair's point is a vertex (num 0 or den), that vertex; undefined for a foot inside an edge. */
function vertexOf(s: SegmentPoint): Point | undefined {
  if (s.num === 0) return s.from;
  if (s.num === s.den) return s.to;
  return undefined;
}

/** An integer vector w along the bridge, from p towards q (w·(onB − onA) > 0). */
function bridgeDirection(n: Nearest): Point {
  const va = vertexOf(n.onA);
  const vb = vertexOf(n.onB);
  if (va && vb) return { x: vb.x - va.x, y: vb.y - va.y };
  // A foot of the perpendicular on an edge: the bridge is along the edge's normal.
  const foot = va ? n.onB : n.onA;
  const other = (va ?? vb) as Point;
  const w = { x: foot.from.y - foot.to.y, y: foot.to.x - foot.from.x };
  // Orient w from p to q: towards the vertex when the foot is on p, away from it when on q.
  const side = dot(w.x, w.y, other.x - foot.from.x, other.y - foot.from.y);
  return side > 0 === (foot === n.onA) ? w : { x: -w.x, y: -w.y };
}

/** A polygon's extreme value h of w·x, and the extent [lo, hi] of u·x over its vertices with w·x = h (its face). */
interface Face {
  readonly h: number;
  readonly lo: number;
  readonly hi: number;
}

/** The face of the polygon furthest along w (`max`) or furthest against it. */
function face(poly: Polygon, w: Point, u: Point, max: boolean): Face {
  let h = max ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  let lo = 0;
  let hi = 0;
  for (const x of poly) {
    const hx = dot(w.x, w.y, x.x, x.y);
    const ux = dot(u.x, u.y, x.x, x.y);
    if (max ? hx > h : hx < h) {
      h = hx;
      lo = ux;
      hi = ux;
    } else if (hx === h) {
      lo = Math.min(lo, ux);
      hi = Math.max(hi, ux);
    }
  }
  return { h, lo, hi };
}

/**
 * The closed segment ab meets the closed strip between the nearest faces:
 * clip P(t) against lo <= u·P <= hi and hA <= w·P <= hB, each bound an
 * e + t·f <= 0 of integers below 2^48.
 */
function meetsStrip(a: Point, b: Point, w: Point, u: Point, fa: Face, fb: Face): boolean {
  const ua = dot(u.x, u.y, a.x, a.y);
  const ud = dot(u.x, u.y, b.x - a.x, b.y - a.y);
  const wa = dot(w.x, w.y, a.x, a.y);
  const wd = dot(w.x, w.y, b.x - a.x, b.y - a.y);
  const c = fullClip();
  const holds =
    clipBy(c, Math.max(fa.lo, fb.lo) - ua, -ud) &&
    clipBy(c, ua - Math.min(fa.hi, fb.hi), ud) &&
    clipBy(c, fa.h - wa, -wd) &&
    clipBy(c, wa - fb.h, wd);
  return holds && compareFractions(c.loN, c.loD, c.hiN, c.hiD) <= 0;
}

/**
 * The sight segment ab passes through a gap narrower than `width` (whole
 * ticks) between the convex polygons p and q (either orientation): true iff
 * p and q do not meet (touching or overlapping blockers leave no gap: the
 * caller treats them as one), their exact nearest distance is STRICTLY less
 * than `width` (a gap of exactly `width` is wide enough), and ab (closed:
 * touching counts) meets a bridge of a nearest pair (see above).
 */
export function throughGap(a: Point, b: Point, p: Polygon, q: Polygon, width: number): boolean {
  assertDistance(width, "throughGap");
  const n = nearestPoints(p, q);
  if (n.meet) return false;
  // distance < width ⇔ p·q/l < width², width² <= 2^48 exact.
  if (compareProducts(n.squared.p, n.squared.q, width * width, n.squared.l) >= 0) return false;
  const w = bridgeDirection(n);
  const u = { x: -w.y, y: w.x };
  return meetsStrip(a, b, w, u, face(p, w, u, true), face(q, w, u, false));
}
