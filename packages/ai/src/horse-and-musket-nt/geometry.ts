import { normalizeCdeg, type Point, type Pose, turnBetween } from "@tercio/geometry";
import type { Position, UnitState } from "@tercio/horse-and-musket-nt";
import { bearing } from "../tabletop/bearing.js";

export { bearing };

/**
 * The players' own geometry: a unit put at a pose, distances for scoring
 * (square roots of exact integers), and the bearing of a point without
 * trigonometry (the kernel's deterministic direction, searched), so that a
 * policy chooses the same on every engine. Nothing here decides legality:
 * the engine's checkMove, planShot and chargePlan do.
 */
export const INCH = 6096;

export function poseOfUnit(u: UnitState): Pose {
  return { x: u.x, y: u.y, facing: u.facing };
}

/** The unit as it would be at the pose (everything else kept). */
export function atPose(u: UnitState, pose: Pose): UnitState {
  return { ...u, x: pose.x, y: pose.y, facing: normalizeCdeg(pose.facing) };
}

/** The position with one unit replaced (a hypothetical: where a move would leave it). */
export function withUnit(position: Position, id: string, u: UnitState): Position {
  return { ...position, units: { ...position.units, [id]: u } };
}

/** The distance between two points in ticks (for scoring only). */
export function distance(a: Point, b: Point): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}

/** How far off the unit's facing a point lies (0 straight ahead, 18000 behind), or 0 for its own centre. */
export function offAxis(pose: Pose, p: Point): number {
  const b = bearing(pose, p);
  return b === null ? 0 : Math.abs(turnBetween(pose.facing, b));
}
