import { CDEG_QUARTER, normalizeCdeg } from "./angle.js";
import { scaledDirection } from "./direction.js";
import { isTablePoint, type Point } from "./point.js";

/**
 * A unit's footprint. The pose is the CENTRE of the base in ticks and its
 * facing in centidegrees (0 north, clockwise). With
 *
 *   a = scaledDirection(facing + 9000, frontage / 2)   (towards the right flank)
 *   b = scaledDirection(facing, depth / 2)             (forward)
 *
 * the corners are c + b − a (front-left), c + b + a (front-right),
 * c − b + a (rear-right) and c − b − a (rear-left): integer points, a
 * parallelogram centrally symmetric about c, the same on every engine
 * (direction.ts), and an exact rectangle at multiples of 90°. It differs
 * from the true rectangle by the rounding of a and b (half a tick a
 * component), so its angles are 90° within about 1/frontage radians.
 *
 * The edge midpoints are c + b (front centre), c − b (rear), c − a (left)
 * and c + a (right): integers by construction, so no half-ticks arise.
 * Every corner is c plus an offset that depends on the facing and size
 * only, which makes a pivot (the centre kept, the facing changed) and a
 * wheel (a corner kept exactly, motion.ts) exact.
 */

export interface Pose {
  /** The centre of the base, in ticks. */
  readonly x: number;
  readonly y: number;
  /** Centidegrees, 0 = north, clockwise positive; any integer (normalised where used). */
  readonly facing: number;
}

export interface BaseSize {
  /** The width of the front edge in ticks: a positive even integer. */
  readonly frontage: number;
  /** Front to rear in ticks: a positive even integer. */
  readonly depth: number;
}

export interface BaseCorners {
  readonly fl: Point;
  readonly fr: Point;
  readonly rr: Point;
  readonly rl: Point;
}

/** The largest frontage or depth: 2^20 ticks, about 172 inches. */
export const MAX_BASE_SIDE = 1_048_576;

/** Throws a RangeError unless both sides are positive even integers up to MAX_BASE_SIDE. */
export function assertBaseSize(size: BaseSize): void {
  for (const [name, v] of [
    ["frontage", size.frontage],
    ["depth", size.depth],
  ] as const) {
    if (!Number.isInteger(v) || v <= 0 || v % 2 !== 0 || v > MAX_BASE_SIDE) {
      throw new RangeError(
        `base ${name} ${v}: a positive even number of ticks up to ${MAX_BASE_SIDE} is needed`,
      );
    }
  }
}

/** Throws a RangeError unless the centre is a table point and the facing a safe integer. */
export function assertPose(pose: Pose): void {
  if (!isTablePoint(pose) || !Number.isSafeInteger(pose.facing)) {
    throw new RangeError(
      `pose (${pose.x}, ${pose.y}, ${pose.facing}): a table point and whole centidegrees needed`,
    );
  }
}

/** The half-axes of the base at a facing: `right` = a (centre to right edge midpoint), `forward` = b. */
export function baseAxes(facing: number, size: BaseSize): { readonly right: Point; readonly forward: Point } {
  const f = normalizeCdeg(facing);
  return {
    right: scaledDirection(f + CDEG_QUARTER, size.frontage / 2),
    forward: scaledDirection(f, size.depth / 2),
  };
}

export function baseCorners(pose: Pose, size: BaseSize): BaseCorners {
  const { right: a, forward: b } = baseAxes(pose.facing, size);
  const { x, y } = pose;
  return {
    fl: { x: x + b.x - a.x, y: y + b.y - a.y },
    fr: { x: x + b.x + a.x, y: y + b.y + a.y },
    rr: { x: x - b.x + a.x, y: y - b.y + a.y },
    rl: { x: x - b.x - a.x, y: y - b.y - a.y },
  };
}

/**
 * The footprint as a polygon, COUNTER-CLOCKWISE (the package's convention):
 * front-right, front-left, rear-left, rear-right. (Facing north: NE, NW, SW, SE.)
 */
export function basePolygon(pose: Pose, size: BaseSize): Point[] {
  const c = baseCorners(pose, size);
  return [c.fr, c.fl, c.rl, c.rr];
}

/** The midpoint of the front edge: c + b, an integer point. */
export function frontCentre(pose: Pose, size: BaseSize): Point {
  const { forward: b } = baseAxes(pose.facing, size);
  return { x: pose.x + b.x, y: pose.y + b.y };
}

/** The front edge from front-left to front-right. */
export function frontEdge(pose: Pose, size: BaseSize): readonly [Point, Point] {
  const c = baseCorners(pose, size);
  return [c.fl, c.fr];
}

/** The four edge midpoints, all integer points (see the file's comment). */
export function sideCentres(
  pose: Pose,
  size: BaseSize,
): { readonly front: Point; readonly right: Point; readonly rear: Point; readonly left: Point } {
  const { right: a, forward: b } = baseAxes(pose.facing, size);
  const { x, y } = pose;
  return {
    front: { x: x + b.x, y: y + b.y },
    right: { x: x + a.x, y: y + a.y },
    rear: { x: x - b.x, y: y - b.y },
    left: { x: x - a.x, y: y - a.y },
  };
}
