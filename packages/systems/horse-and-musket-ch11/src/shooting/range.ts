import { type Nearest, nearestPoints, nearestWithin, type Polygon } from "@tercio/geometry";
import { unitFrontCentre, unitFrontEdge, unitPolygon } from "../bases.js";
import type { Ctx } from "../context.js";
import type { UnitState } from "../position.js";

/**
 * 004 Shooting: Measure Range: 12" for Infantry and Skirmishers, 48" for
 * Artillery, inclusive (a target at exactly 12" is in range), exact. The
 * rangeFrom reading says where from, always to the nearest point of the
 * target's base: the shooter's front edge (default), its front centre, or
 * its centre (then to the target's centre). A unit with all-round fire (in
 * a town) measures "front-edge" from its whole base: it has no one front.
 *
 * The measure is the kernel's exact nearest pair of the two parts
 * (nearestPoints): the rule decides on it and a board draws it, so the
 * ruler shown is the one the rule read.
 */
export interface RangeMeasure {
  /** The part of the shooter measured from: its front edge, front centre, centre, or whole base (all-round fire). */
  readonly fromPart: "front-edge" | "front-centre" | "centre" | "base";
  /** The part of the target measured to: its base, or its centre (rangeFrom "centre"). */
  readonly toPart: "base" | "centre";
  /** Those parts as polygons (a segment or a point is a polygon of two or one vertices). */
  readonly from: Polygon;
  readonly to: Polygon;
  /** The nearest points of the two parts, exactly. */
  readonly nearest: Nearest;
}

export function rangeMeasure(
  ctx: Ctx,
  shooter: UnitState,
  target: UnitState,
  allRound: boolean,
): RangeMeasure {
  const measure = (
    fromPart: RangeMeasure["fromPart"],
    from: Polygon,
    toPart: RangeMeasure["toPart"],
    to: Polygon,
  ) => ({
    fromPart,
    toPart,
    from,
    to,
    nearest: nearestPoints(from, to),
  });
  switch (ctx.options.rangeFrom) {
    case "front-edge":
      return allRound
        ? measure("base", unitPolygon(shooter), "base", unitPolygon(target))
        : measure("front-edge", unitFrontEdge(shooter), "base", unitPolygon(target));
    case "front-centre":
      return measure("front-centre", [unitFrontCentre(shooter)], "base", unitPolygon(target));
    case "centre":
      return measure("centre", [{ x: shooter.x, y: shooter.y }], "centre", [{ x: target.x, y: target.y }]);
  }
}

/** The shooter's range in ticks, or null for a type that does not shoot (Cavalry). */
export function rangeOf(ctx: Ctx, shooter: UnitState): number | null {
  return ctx.rules.data.unitTypes[shooter.type].range;
}

export function inRange(ctx: Ctx, shooter: UnitState, target: UnitState, allRound: boolean): boolean {
  const range = rangeOf(ctx, shooter);
  if (range === null) return false;
  return nearestWithin(rangeMeasure(ctx, shooter, target, allRound).nearest, range);
}
