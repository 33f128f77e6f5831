import {
  type BaseCorners,
  type BaseSize,
  type Box,
  baseCorners,
  basePolygon,
  boxOf,
  frontCentre,
  frontEdge,
  insideRect,
  type Point,
  type Polygon,
  type Pose,
} from "@tercio/geometry";
import type { Ctx } from "./context.js";
import type { UnitState } from "./position.js";

/**
 * A unit's base on the table: a frontage × depth rectangle about its centre
 * (the kernel's Pose), facing its facing. Depth is designed (rules data).
 */
export function poseOf(unit: UnitState): Pose {
  return { x: unit.x, y: unit.y, facing: unit.facing };
}

export function sizeOf(unit: Pick<UnitState, "frontage" | "depth">): BaseSize {
  return { frontage: unit.frontage, depth: unit.depth };
}

/** The base's polygon (counter-clockwise), for renderers, AIs and every overlap test. */
export function unitPolygon(unit: UnitState): Polygon {
  return basePolygon(poseOf(unit), sizeOf(unit));
}

export function unitCorners(unit: UnitState): BaseCorners {
  return baseCorners(poseOf(unit), sizeOf(unit));
}

export function unitFrontEdge(unit: UnitState): readonly [Point, Point] {
  return frontEdge(poseOf(unit), sizeOf(unit));
}

export function unitFrontCentre(unit: UnitState): Point {
  return frontCentre(poseOf(unit), sizeOf(unit));
}

export function unitBox(unit: UnitState): Box {
  return boxOf(unitPolygon(unit));
}

/** The whole base is on the table (edges touching the table's edge allowed). */
export function onTable(ctx: Ctx, poly: Polygon): boolean {
  return insideRect(poly, 0, 0, ctx.table.width, ctx.table.height);
}

/** The unit at a new pose. */
export function atPose(unit: UnitState, pose: Pose): UnitState {
  return { ...unit, x: pose.x, y: pose.y, facing: pose.facing };
}
