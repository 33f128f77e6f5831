import { direction } from "./direction.js";
import { roundHalfAway } from "./exact.js";
import { convexHull } from "./hull.js";
import type { Point, Polygon } from "./point.js";

/**
 * Swept regions: the ground a base covers during one motion, for
 * interpenetration, terrain entry and "begins and remains over 12"".
 */

/**
 * The region swept by the convex polygon A translated by the integer vector
 * v: exactly the convex hull of A and A + v (a convex set moved along a
 * segment sweeps the Minkowski sum of it and the segment, which is that
 * hull). Integer hull, counter-clockwise.
 */
export function translationSweep(a: Polygon, v: Point): Point[] {
  const pts: Point[] = [];
  for (const p of a) pts.push(p, { x: p.x + v.x, y: p.y + v.y });
  return convexHull(pts);
}

/** The largest step of the arc subdivision: 15°. */
const STEP = 1500;
/**
 * 1 / cos(7.6°), from the kernel's own cosine: every step is at most 15.01°
 * (integer sample angles), so half a step is under 7.6° and an arc step of
 * radius r lies inside the chord pushed out to r / cos(7.6°).
 */
const SECANT = 1 / direction(760).y;
/** Ticks of margin on every radius, inner and outer, and at the ends: more than the 0.71-tick rounding. */
const MARGIN = 3;

/**
 * A conservative region containing every position of the convex polygon A
 * as it turns about `pivot` from the angle `fromCdeg` to `toCdeg`
 * (clockwise positive; A is given at `fromCdeg`, and the turn is
 * to − from as signed, not reduced: −18000 and 18000 sweep opposite
 * halves; at most a full turn). Counter-clockwise convex
 * polygon with integer vertices.
 *
 * Construction. A turned copy of A is the hull of its turned vertices, so
 * it suffices to enclose each vertex's arc. Split the turn into steps of at
 * most 15° at integer angles; for a vertex at radius r, the arc over one
 * step lies in the trapezoid between the radii at the step's ends, outside
 * the chord at radius r − 3 and inside the chord at r / cos(7.6°) + 3 (an
 * arc point's projection on the step's bisector is between r·cos(α/2) and
 * r). The trapezoids' rounded corners move by under 0.71 tick, less than
 * the 3-tick margins, and each arc end is also covered by a square of
 * half-side 3 about the rounded end point. The hull of all these points and
 * of A contains every intermediate position, and the rounded end position,
 * with some ticks to spare; it may be larger than the true swept region
 * (the hull fills the inside of the arc), which errs towards "blocked".
 */
export function rotationSweep(a: Polygon, pivot: Point, fromCdeg: number, toCdeg: number): Point[] {
  const turn = toCdeg - fromCdeg;
  if (!Number.isSafeInteger(turn) || Math.abs(turn) > 36000) {
    throw new RangeError(
      `rotationSweep: a turn of ${turn} centidegrees (whole, at most a full turn) expected`,
    );
  }
  const steps = Math.max(1, Math.ceil(Math.abs(turn) / STEP));
  const pts: Point[] = [...a];
  const angles: number[] = [];
  for (let i = 0; i <= steps; i++) angles.push(Math.trunc((i * turn) / steps));
  for (const v of a) {
    const dx = v.x - pivot.x;
    const dy = v.y - pivot.y;
    const r = Math.sqrt(dx * dx + dy * dy);
    if (r === 0) continue;
    const inner = r > MARGIN ? (r - MARGIN) / r : 0;
    const outer = (r * SECANT + MARGIN) / r;
    for (const t of angles) {
      const u = direction(t);
      // (dx, dy) turned clockwise by t: (dx·cos + dy·sin, −dx·sin + dy·cos).
      const rx = dx * u.y + dy * u.x;
      const ry = dy * u.y - dx * u.x;
      pts.push(at(pivot, rx, ry, inner), at(pivot, rx, ry, outer));
    }
    for (const t of [angles[0] as number, angles[steps] as number]) {
      const u = direction(t);
      const e = at(pivot, dx * u.y + dy * u.x, dy * u.y - dx * u.x, 1);
      pts.push(
        { x: e.x - MARGIN, y: e.y - MARGIN },
        { x: e.x + MARGIN, y: e.y - MARGIN },
        { x: e.x + MARGIN, y: e.y + MARGIN },
        { x: e.x - MARGIN, y: e.y + MARGIN },
      );
    }
  }
  return convexHull(pts);
}

function at(pivot: Point, rx: number, ry: number, scale: number): Point {
  return { x: pivot.x + roundHalfAway(rx * scale), y: pivot.y + roundHalfAway(ry * scale) };
}
