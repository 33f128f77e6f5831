import {
  basePolygon,
  interiorsOverlap,
  normalizeCdeg,
  type Pose,
  scaledDirection,
  translationSweep,
} from "@tercio/geometry";
import { poseOf, unitPolygon, unitSize } from "../bases.js";
import type { Ctx } from "../context.js";
import type { DiceSource } from "../dice-source.js";
import type { Position, UnitState } from "../position.js";
import { no, type Out, type RuleError, ruleError, yes } from "../rule-error.js";
import { withoutHold } from "../terrain.js";
import { actsAs, modifiedDie } from "../unit-class.js";
import { moveSequenceRefusal } from "./check-move.js";
import type { MoveStep } from "./move.js";
import { offTable, terrainRefusal } from "./obstacles.js";

/**
 * Maneuvering iii, Fall Back: "Move directly back Dx facing the new
 * direction. Cavalry may face original direction instead." Straight back
 * along the facing, then about (the footprint is the same, turned 180º
 * about its centre), or, for Cavalry, facing as before. The distance is the
 * move's Dx, modified, in inches (as the melee's fall back is a fresh Dx,
 * melee.ts). A fall back is exempt from threat zones (Interpenetration); it
 * stops short where it would first meet another unit, terrain its type may
 * not enter, a river away from a crossing, or the table's edge (a reading:
 * the text does not say, docs/rules).
 */
export interface FallBackPath {
  readonly pose: Pose;
  /** Ticks actually moved (at most the Dx). */
  readonly moved: number;
  /** What stopped it short, when something did. */
  readonly blockedBy?: string;
}

const INCH = 6096;

function clear(ctx: Ctx, position: Position, id: string, u: UnitState, back: number): string | undefined {
  const start = poseOf(u);
  const v = scaledDirection(start.facing, -back);
  const size = unitSize(ctx, u);
  const end = basePolygon({ x: start.x + v.x, y: start.y + v.y, facing: start.facing }, size);
  if (offTable(ctx, end)) return "the table's edge";
  const swept = translationSweep(basePolygon(start, size), v);
  for (const otherId of Object.keys(position.units).sort()) {
    if (otherId === id) continue;
    if (interiorsOverlap(swept, unitPolygon(ctx, position.units[otherId] as UnitState))) return otherId;
  }
  const terrain = terrainRefusal(ctx, id, u, swept);
  return terrain ? "terrain" : undefined;
}

/** How far back the unit gets of `distance` ticks, by bisection on whole ticks (blocking only grows with the distance). */
export function fallBackPath(
  ctx: Ctx,
  position: Position,
  id: string,
  distance: number,
  keepFacing: boolean,
): FallBackPath {
  const u = position.units[id] as UnitState;
  const start = poseOf(u);
  const face = (p: Pose): Pose => (keepFacing ? p : { ...p, facing: normalizeCdeg(p.facing + 18000) });
  const at = (t: number): Pose => {
    const v = scaledDirection(start.facing, -t);
    return { x: start.x + v.x, y: start.y + v.y, facing: start.facing };
  };
  if (distance <= 0) return { pose: face(start), moved: 0 };
  const whole = clear(ctx, position, id, u, distance);
  if (!whole) return { pose: face(at(distance)), moved: distance };
  let lo = 0;
  let hi = distance;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (clear(ctx, position, id, u, mid)) hi = mid;
    else lo = mid;
  }
  return { pose: face(at(lo)), moved: lo, blockedBy: whole };
}

export function fallBackRefusal(
  ctx: Ctx,
  position: Position,
  id: string,
  keepFacing: boolean,
): RuleError | undefined {
  const refused = moveSequenceRefusal(position, id, true);
  if (refused) return refused;
  const u = position.units[id] as UnitState;
  if (keepFacing && actsAs(ctx, u) !== "cavalry")
    return ruleError(
      "move/fall-back",
      "Maneuvering iii",
      `only Cavalry may face their original direction after a Fall Back (${id})`,
      {
        unit: id,
      },
    );
  return undefined;
}

export function fallBack(
  ctx: Ctx,
  position: Position,
  id: string,
  keepFacing: boolean,
  _dice: DiceSource,
): Out<MoveStep> {
  const refused = fallBackRefusal(ctx, position, id, keepFacing);
  if (refused) return no(refused);
  const u = position.units[id] as UnitState;
  const distance = modifiedDie(ctx, id, u.roll) * INCH;
  const p = fallBackPath(ctx, position, id, distance, keepFacing);
  const moved: UnitState = withoutHold({
    ...u,
    x: p.pose.x,
    y: p.pose.y,
    facing: p.pose.facing,
    acted: "fell-back",
  });
  return yes({
    position: { ...position, units: { ...position.units, [id]: moved } },
    events: [
      {
        type: "fell-back",
        unit: id,
        x: moved.x,
        y: moved.y,
        facing: moved.facing,
        distance: p.moved,
        ...(p.blockedBy ? { blockedBy: p.blockedBy } : {}),
      },
    ],
  });
}
