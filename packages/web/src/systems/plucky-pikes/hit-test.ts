import { type Ctx, type Position, teamPolygon, type UnitState, unitPolygon } from "@tercio/plucky-pikes";
import type { Point } from "../tabletop/frame.js";
import { inside } from "../tabletop/inside.js";

export { inside };

/** The unit on the table whose footprint is under the point, the last drawn first. */
export function unitAt(ctx: Ctx, position: Position, p: Point): string | undefined {
  const ids = Object.keys(position.units).sort().reverse();
  return ids.find((id) => {
    const u = position.units[id] as UnitState;
    return u.gone === undefined && inside(unitPolygon(ctx, id, u), p);
  });
}

/**
 * The gun whose horse team's model is under the point (the engine's
 * teamPolygon: on the table while the gun is unlimbered and the team has
 * points). Teams are drawn over units, so a press finds a team first.
 */
export function teamAt(ctx: Ctx, position: Position, p: Point): string | undefined {
  const ids = Object.keys(position.units).sort().reverse();
  return ids.find((id) => {
    const u = position.units[id] as UnitState;
    if (u.gone !== undefined) return false;
    const poly = teamPolygon(ctx, u);
    return poly !== undefined && inside(poly, p);
  });
}
