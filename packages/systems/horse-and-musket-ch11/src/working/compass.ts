import { normalizeCdeg } from "@tercio/geometry";

/**
 * Directions in words from whole centidegrees, by integer arithmetic only
 * (scenarios: 0 north, clockwise; x east, y north).
 */
export const COMPASS_POINTS = [
  "north",
  "north-east",
  "east",
  "south-east",
  "south",
  "south-west",
  "west",
  "north-west",
] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** The nearest of the eight points: each covers 45º centred on it, a boundary (22.5º) going clockwise. */
export function compassPoint(cdeg: number): CompassPoint {
  const i = Math.floor(normalizeCdeg(cdeg + 2250) / 4500);
  return COMPASS_POINTS[i % 8] as CompassPoint;
}

/**
 * Where something lies relative to a facing, from the turn that would face
 * it (−18000, 18000], clockwise positive: "ahead" within 22.5º, then
 * "ahead and to the right", "to the right", "behind and to the right",
 * "behind" beyond 157.5º (the same on the left).
 */
export function relativeDirection(turn: number): string {
  const a = Math.abs(turn);
  const hand = turn > 0 ? "right" : "left";
  if (a <= 2250) return "ahead";
  if (a <= 6750) return `ahead and to the ${hand}`;
  if (a <= 11250) return `to the ${hand}`;
  if (a <= 15750) return `behind and to the ${hand}`;
  return "behind";
}
