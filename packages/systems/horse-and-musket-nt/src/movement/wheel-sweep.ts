import { convexHull, direction, type Point } from "@tercio/geometry";

/**
 * The ground a wheel covers (Maneuvering i), for interpenetration, terrain,
 * threat zones and the double move, tight where units stand in contact.
 *
 * A rectangle turning about one of its own corners sweeps exactly its
 * start, its end, and the pie of its far corner's arc: seen from the pin,
 * each direction's reach over the base rises from the flank to the far
 * corner and falls to the front, so up to the far corner's start direction
 * the start base reaches furthest, past its end direction the end base
 * does, and between them the far corner itself. For a turn up to 90° that
 * union is convex: the hull of the start base, the end base, and the
 * tangent polygon of the arc (the arc cut into steps of at most 15°, and
 * at each step's middle angle, a whole centidegree, a point beyond the
 * tangents at both ends: R / cos of the larger half).
 *
 * The start base is exact and no margin is put around it, so a unit
 * touching the wheeler's flank or rear on the side it turns away from is
 * not met (the kernel's rotationSweep, built for any pivot, pads every
 * corner by 3 ticks and the arc's first point by R·(1/cos 7.6° − 1), up to
 * 0.06", and meets it). The tangent points are rounded to the nearest tick
 * and the end base is the engine's lattice pose, so the region is the
 * ground covered within the lattice rounding of a turned base (a few
 * ticks; wheel.test.ts measures it). Past 90° the hull also fills the notch at
 * the pin: more than the ground covered, which errs towards blocked.
 */
const STEP = 1500;

/**
 * The region swept by a base turning from `before` to `after` about `pin`
 * (a corner of both), its far corner at `far` in `before`, by `turn`
 * centidegrees (clockwise positive). Integer points, counter-clockwise.
 */
export function wheelSweep(
  before: readonly Point[],
  after: readonly Point[],
  pin: Point,
  far: Point,
  turn: number,
): Point[] {
  const dx = far.x - pin.x;
  const dy = far.y - pin.y;
  const steps = Math.max(1, Math.ceil(Math.abs(turn) / STEP));
  const pts: Point[] = [...before, ...after];
  let prev = 0;
  for (let i = 1; i <= steps; i++) {
    const next = Math.trunc((i * turn) / steps);
    // The kernel turns by whole centidegrees: the middle angle rounded, the point beyond both tangents.
    const mid = Math.trunc((prev + next) / 2);
    const u = direction(mid);
    const scale = 1 / direction(Math.max(mid - prev, next - mid)).y;
    // (dx, dy) turned clockwise by the middle angle: (dx·cos + dy·sin, −dx·sin + dy·cos).
    const rx = dx * u.y + dy * u.x;
    const ry = dy * u.y - dx * u.x;
    pts.push({ x: pin.x + Math.round(rx * scale), y: pin.y + Math.round(ry * scale) });
    prev = next;
  }
  return convexHull(pts);
}
