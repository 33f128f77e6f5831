import { convexWithin, pointConvexWithin, segmentConvexWithin, withinDistance } from "@tercio/geometry";
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
 */
export function inRange(ctx: Ctx, shooter: UnitState, target: UnitState, allRound: boolean): boolean {
  const range = ctx.rules.data.unitTypes[shooter.type].range;
  if (range === null) return false;
  const base = unitPolygon(target);
  switch (ctx.options.rangeFrom) {
    case "front-edge": {
      if (allRound) return convexWithin(unitPolygon(shooter), base, range);
      const [a, b] = unitFrontEdge(shooter);
      return segmentConvexWithin(a, b, base, range);
    }
    case "front-centre":
      return pointConvexWithin(unitFrontCentre(shooter), base, range);
    case "centre":
      return withinDistance(shooter, target, range);
  }
}
