import { applyOp, basePolygon, rotationSweep, translationSweep } from "@tercio/geometry";
import { bearingTurn } from "./aim.js";
import { onTable, poseOf, sizeOf } from "./bases.js";
import type { Ctx } from "./context.js";
import { blockerOf, overlapOf } from "./movement/interpenetration.js";
import { endTerrainRefusal, pathTerrainRefusal } from "./movement/terrain.js";
import type { Position, UnitState } from "./position.js";

/**
 * 004 Hand-to-Hand Combat: Retreat: "attacking Cavalry units retreat 6"
 * after the combat is resolved, ending the move facing their erstwhile
 * target". The cavalry charged straight ahead into the target, so it backs
 * straight away from it, keeping its facing, and ends facing it. A retreat
 * that would meet a unit, enter terrain it may not enter, cross a river
 * outside a crossing, end in a town or leave the table stops short at the
 * furthest legal point (the text is silent; research A21), by bisection on
 * whole ticks. Under the retreatFacing reading "target-centre" it then
 * pivots to face the target's centre.
 */
export function retreat(
  ctx: Ctx,
  position: Position,
  id: string,
  target?: string,
): { unit: UnitState; travel: number } {
  const unit = position.units[id];
  if (!unit) throw new Error(`retreat: no unit ${id}`);
  const full = ctx.rules.data.retreat;
  const size = sizeOf(unit);
  const from = poseOf(unit);
  const start = basePolygon(from, size);
  const ok = (t: number) => {
    const to = applyOp(from, size, { op: "advance", ticks: -t }).pose;
    const base = basePolygon(to, size);
    if (!onTable(ctx, base)) return false;
    const region = translationSweep(start, { x: to.x - from.x, y: to.y - from.y });
    if (pathTerrainRefusal(ctx, id, unit, region)) return false;
    if (blockerOf(ctx, position, id, region)) return false;
    if (overlapOf(position, id, base)) return false;
    return endTerrainRefusal(ctx, id, unit, base) === undefined;
  };
  let travel = 0;
  if (ok(full)) travel = full;
  else {
    let lo = 0;
    let hi = full;
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (ok(mid)) lo = mid;
      else hi = mid;
    }
    travel = lo;
  }
  const to = travel === 0 ? from : applyOp(from, size, { op: "advance", ticks: -travel }).pose;
  const backed = { ...unit, x: to.x, y: to.y };
  const victim = target === undefined ? undefined : position.units[target];
  if (ctx.options.retreatFacing === "kept" || !victim) return { unit: backed, travel };
  return {
    unit: faceTarget(ctx, { ...position, units: { ...position.units, [id]: backed } }, id, victim),
    travel,
  };
}

/**
 * The retreatFacing reading "target-centre": a pivot about the centre to
 * face the target's centre (bearingTurn, whole centidegrees), made only if
 * its sweep is clear like any pivot; otherwise the facing is kept.
 */
function faceTarget(ctx: Ctx, position: Position, id: string, victim: UnitState): UnitState {
  const unit = position.units[id] as UnitState;
  const turn = bearingTurn(unit, unit.facing, victim);
  if (turn === null || turn === 0) return unit;
  const size = sizeOf(unit);
  const from = poseOf(unit);
  const to = applyOp(from, size, { op: "pivot", cdeg: turn }).pose;
  const sweep = rotationSweep(basePolygon(from, size), from, from.facing, from.facing + turn);
  const base = basePolygon(to, size);
  const clear =
    onTable(ctx, base) &&
    pathTerrainRefusal(ctx, id, unit, sweep) === undefined &&
    blockerOf(ctx, position, id, sweep) === undefined &&
    overlapOf(position, id, base) === undefined &&
    endTerrainRefusal(ctx, id, unit, base) === undefined;
  return clear ? { ...unit, facing: to.facing } : unit;
}
