/**
 * @tercio/geometry: the exact geometry kernel for miniatures on a measured
 * table. Integer ticks (1/6096 inch), integer centidegrees, exact
 * predicates, no trigonometry. See docs/geometry.md.
 */
export { CDEG_PER_TURN, normalizeCdeg, turnBetween } from "./angle.js";
export {
  assertBaseSize,
  assertPose,
  type BaseCorners,
  type BaseSize,
  baseAxes,
  baseCorners,
  basePolygon,
  frontCentre,
  frontEdge,
  MAX_BASE_SIDE,
  type Pose,
  sideCentres,
} from "./base.js";
export { type Contact, firstContact, firstContactAmong, type Touching } from "./contact.js";
export { contactPoints } from "./contact-points.js";
export { convexWithin, insideRect, pointConvexWithin, pointInConvex, segmentConvexWithin } from "./convex.js";
export { convexDistance, type NearestPair } from "./convex-distance.js";
export { direction, scaledDirection } from "./direction.js";
export { lengthWithin, segmentsWithin, segmentWithin, withinDistance } from "./distance.js";
export { partMidpoints } from "./divide.js";
export { compareFractions, compareProducts } from "./exact.js";
export { throughGap } from "./gap.js";
export { convexHull } from "./hull.js";
export {
  applyOp,
  applyProgram,
  type MoveOp,
  type MoveStep,
  type ProgramResult,
  type Travel,
} from "./motion.js";
export {
  ceilDistance,
  compareSquared,
  type Nearest,
  nearestPoints,
  nearestWithin,
  onLattice,
  roundedPoint,
  type SegmentPoint,
  type SquaredDistance,
  squaredWithin,
} from "./nearest.js";
export { cross, distanceSq, dot, orient } from "./orient.js";
export { interiorsOverlap } from "./overlap.js";
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
  translatePolygon,
} from "./point.js";
export { type PointLocation, pointInPolygon, polygonOrientation } from "./polygon.js";
export { convexInsidePolygon, polygonOverlapsInterior } from "./polygon-overlap.js";
export {
  convexCrossesPolyline,
  type SegmentSpan,
  segmentMeetsInterior,
  segmentWithinBand,
  withinBand,
} from "./polyline.js";
export { onSegment, segmentsCrossProperly, segmentsIntersect } from "./segment.js";
export { type Fraction, type ParameterSpan, spanInConvex, spanLengthWithin } from "./segment-span.js";
export { rotationSweep, translationSweep } from "./sweep.js";
export { inches, millimetres, TICKS_PER_INCH, TICKS_PER_MM, ticksToInches } from "./units.js";
export { inWedge } from "./wedge.js";
export { closedZones, cornerRays, type OnRay, type Zone, zoneOf } from "./zone.js";
