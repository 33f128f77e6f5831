import {
  type BaseCorners,
  type BaseSize,
  baseCorners,
  basePolygon,
  frontCentre,
  type Point,
  type Pose,
  sideCentres,
} from "@tercio/geometry";
import type { Ctx } from "./context.js";
import type { UnitState } from "./position.js";
import type { Formation, UnitSide, UnitType } from "./vocabulary.js";

/**
 * A unit on the table: its footprint from the rules data (Figures &
 * Basing; a column is a single base marked as column, Maneuvering iv), its
 * corners, sides and front-centre point.
 */
export function sizeOf(ctx: Ctx, type: UnitType, formation: Formation): BaseSize {
  const t = ctx.rules.data.unitTypes[type];
  if (formation === "column") return t.column;
  if (formation === "skirmish") return t.skirmish ?? t.base;
  return t.base;
}

export function poseOf(u: UnitState): Pose {
  return { x: u.x, y: u.y, facing: u.facing };
}

export function unitSize(ctx: Ctx, u: UnitState): BaseSize {
  return sizeOf(ctx, u.type, u.formation);
}

export function unitCorners(ctx: Ctx, u: UnitState): BaseCorners {
  return baseCorners(poseOf(u), unitSize(ctx, u));
}

export function unitPolygon(ctx: Ctx, u: UnitState): Point[] {
  return basePolygon(poseOf(u), unitSize(ctx, u));
}

/** Line of Sight: "measured from a Firing or Charging Unit's front center point". */
export function unitFrontCentre(ctx: Ctx, u: UnitState): Point {
  return frontCentre(poseOf(u), unitSize(ctx, u));
}

/** The centre of one side ("to the center of a side of the Target Unit Base"). */
export function sideCentre(ctx: Ctx, u: UnitState, side: UnitSide): Point {
  return sideCentres(poseOf(u), unitSize(ctx, u))[side];
}

/** A side as a segment between its two corners, in the base's own order. */
export function sideSegment(ctx: Ctx, u: UnitState, side: UnitSide): readonly [Point, Point] {
  const c = unitCorners(ctx, u);
  switch (side) {
    case "front":
      return [c.fl, c.fr];
    case "right":
      return [c.fr, c.rr];
    case "rear":
      return [c.rr, c.rl];
    case "left":
      return [c.rl, c.fl];
  }
}
