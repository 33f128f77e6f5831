import { type Point, type Pose, turnBetween } from "@tercio/geometry";
import { bearing } from "../tabletop/bearing.js";
import { atPose, distance, poseOfUnit, withUnit } from "../tabletop/pose.js";

export { atPose, bearing, distance, poseOfUnit, withUnit };

/**
 * The players' own geometry: a unit put at a pose, distances for scoring
 * (square roots of exact integers), and the bearing of a point without
 * trigonometry (the kernel's deterministic direction, searched), so that a
 * policy chooses the same on every engine. Nothing here decides legality:
 * the engine's checkMove, planShot and chargePlan do.
 */
export const INCH = 6096;

/** How far off the unit's facing a point lies (0 straight ahead, 18000 behind), or 0 for its own centre. */
export function offAxis(pose: Pose, p: Point): number {
  const b = bearing(pose, p);
  return b === null ? 0 : Math.abs(turnBetween(pose.facing, b));
}
