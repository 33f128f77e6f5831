import { normalizeCdeg, type Point, type Pose } from "@tercio/geometry";

/**
 * A tabletop player's hypotheticals, for any system whose units stand at a
 * pose: where a unit is, the unit put at another pose, the position with it
 * there, and a distance for scoring (the square root of an exact integer;
 * never a rule: the engines decide legality).
 */
export function poseOfUnit(u: Pose): Pose {
  return { x: u.x, y: u.y, facing: u.facing };
}

/** The unit as it would be at the pose (everything else kept). */
export function atPose<U extends Pose>(u: U, pose: Pose): U {
  return { ...u, x: pose.x, y: pose.y, facing: normalizeCdeg(pose.facing) };
}

/** The position with one unit replaced (a hypothetical: where a move would leave it). */
export function withUnit<P extends { readonly units: Readonly<Record<string, U>> }, U>(
  position: P,
  id: string,
  u: U,
): P {
  return { ...position, units: { ...position.units, [id]: u } };
}

/** The distance between two points in ticks (for scoring only). */
export function distance(a: Point, b: Point): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}
