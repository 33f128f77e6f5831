export { CDEG_PER_TURN, normalizeCdeg, turnBetween } from "./angle.js";
export { direction, scaledDirection } from "./direction.js";
export { compareProducts } from "./exact.js";
export { cross, distanceSq, dot, orient } from "./orient.js";
export {
  assertDistance,
  assertTablePoints,
  type Box,
  boxOf,
  isTablePoint,
  MAX_COORD,
  MAX_DISTANCE,
  type Point,
  type Polygon,
  type Polyline,
} from "./point.js";
export { inches, millimetres, TICKS_PER_INCH, TICKS_PER_MM, ticksToInches } from "./units.js";
