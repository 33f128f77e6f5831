import {
  applyOp,
  basePolygon,
  type Polygon,
  type Pose,
  rotationSweep,
  translationSweep,
} from "@tercio/geometry";
import { bearingTurn } from "./aim.js";
import { onTable, poseOf, sizeOf } from "./bases.js";
import type { Ctx } from "./context.js";
import { blockerOf, overlapOf } from "./movement/interpenetration.js";
import { endTerrainRefusal, pathTerrainRefusal } from "./movement/terrain.js";
import type { Position, UnitState } from "./position.js";
import { type RuleError, ruleError } from "./rule-error.js";

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
export interface RetreatPath {
  /** The unit where the retreat leaves it (moved back, and turned when the reading turns it). */
  readonly unit: UnitState;
  /** Ticks backed, at most `full`. */
  readonly travel: number;
  /** The retreat the rules data gives (6"). */
  readonly full: number;
  readonly from: Pose;
  /** Where the back-step ends, before any pivot to face the target. */
  readonly backed: Pose;
  /** The ground the back-step covers (start base to backed base). */
  readonly swept: Polygon;
  /** Why it stopped short: the refusal of one tick further (absent when it went the full distance). */
  readonly stop?: RuleError;
  /** Under "target-centre": the pivot to face the target (cdeg) and whether it was made (its sweep clear). */
  readonly facing?: { readonly turn: number; readonly made: boolean };
}

/** Why backing `ticks` from `from` is refused, or undefined when it is clear. */
function backRefusal(
  ctx: Ctx,
  position: Position,
  id: string,
  unit: UnitState,
  from: Pose,
  ticks: number,
): RuleError | undefined {
  const size = sizeOf(unit);
  const to = applyOp(from, size, { op: "advance", ticks: -ticks }).pose;
  const base = basePolygon(to, size);
  const rule = "Hand-to-Hand Combat: Retreat";
  if (!onTable(ctx, base))
    return ruleError("move/off-table", rule, `${id}'s retreat would leave the table`, { unit: id });
  const region = translationSweep(basePolygon(from, size), { x: to.x - from.x, y: to.y - from.y });
  const terrain = pathTerrainRefusal(ctx, id, unit, region);
  if (terrain) return terrain;
  const blocker = blockerOf(ctx, position, id, region);
  if (blocker)
    return ruleError("move/interpenetration", rule, `${id}'s retreat would pass through ${blocker}`, {
      unit: id,
      other: blocker,
    });
  const under = overlapOf(position, id, base);
  if (under)
    return ruleError("move/overlap", rule, `${id}'s retreat would end on ${under}`, {
      unit: id,
      other: under,
    });
  return endTerrainRefusal(ctx, id, unit, base);
}

export function retreatPath(ctx: Ctx, position: Position, id: string, target?: string): RetreatPath {
  const unit = position.units[id];
  if (!unit) throw new Error(`retreat: no unit ${id}`);
  const full = ctx.rules.data.retreat;
  const size = sizeOf(unit);
  const from = poseOf(unit);
  const ok = (t: number) => backRefusal(ctx, position, id, unit, from, t) === undefined;
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
  const stop = travel < full ? backRefusal(ctx, position, id, unit, from, travel + 1) : undefined;
  const path = {
    travel,
    full,
    from,
    backed: to,
    swept: translationSweep(basePolygon(from, size), { x: to.x - from.x, y: to.y - from.y }),
    ...(stop ? { stop } : {}),
  };
  const backed = { ...unit, x: to.x, y: to.y };
  const victim = target === undefined ? undefined : position.units[target];
  if (ctx.options.retreatFacing === "kept" || !victim) return { ...path, unit: backed };
  const faced = faceTarget(ctx, { ...position, units: { ...position.units, [id]: backed } }, id, victim);
  return { ...path, unit: faced.unit, ...(faced.turn === 0 ? {} : { facing: faced }) };
}

export function retreat(
  ctx: Ctx,
  position: Position,
  id: string,
  target?: string,
): { unit: UnitState; travel: number } {
  const path = retreatPath(ctx, position, id, target);
  return { unit: path.unit, travel: path.travel };
}

/**
 * The retreatFacing reading "target-centre": a pivot about the centre to
 * face the target's centre (bearingTurn, whole centidegrees), made only if
 * its sweep is clear like any pivot; otherwise the facing is kept.
 */
function faceTarget(
  ctx: Ctx,
  position: Position,
  id: string,
  victim: UnitState,
): { unit: UnitState; turn: number; made: boolean } {
  const unit = position.units[id] as UnitState;
  const turn = bearingTurn(unit, unit.facing, victim);
  if (turn === null || turn === 0) return { unit, turn: 0, made: false };
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
  return clear ? { unit: { ...unit, facing: to.facing }, turn, made: true } : { unit, turn, made: false };
}
