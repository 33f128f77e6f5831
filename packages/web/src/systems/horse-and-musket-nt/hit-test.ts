import { type Ctx, type Position, type UnitState, unitPolygon } from "@tercio/horse-and-musket-nt";
import type { Point } from "../tabletop/frame.js";
import { inside } from "../tabletop/inside.js";

export { inside };

/** The unit whose base is under the point, the last drawn first. */
export function unitAt(ctx: Ctx, position: Position, p: Point): string | undefined {
  const ids = Object.keys(position.units).sort().reverse();
  return ids.find((id) => inside(unitPolygon(ctx, position.units[id] as UnitState), p));
}
