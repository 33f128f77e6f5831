import {
  basePolygon,
  compareFractions,
  firstContact,
  interiorsOverlap,
  normalizeCdeg,
  type Point,
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
import { actsAs, modifiedDie, typeRules } from "../unit-class.js";
import { moveSequenceRefusal } from "./check-move.js";
import type { MoveStep } from "./move.js";
import { offTable, terrainRefusal } from "./obstacles.js";

/**
 * Maneuvering iii, Fall Back: "Move directly back Dx facing the new
 * direction. Cavalry may face original direction instead." Straight back
 * along the facing, then about (the footprint is the same, turned 180º
 * about its centre), or, for Cavalry, facing as before. The distance is the
 * move's Dx, modified, in inches (as the melee's fall back is a fresh Dx,
 * melee.ts). A fall back is exempt from threat zones (Interpenetration).
 * Interpenetration holds: "Skirmishers may move through but not stop upon
 * any Unit and vice-versa", so a fall back passes through a unit where it
 * or that unit is Skirmishers, and never ends upon one. It stops short
 * where its path would first meet a unit it may not pass, terrain its type
 * may not enter, a river away from a crossing, or the table's edge, and
 * short of any unit it would otherwise end upon (a reading: the text does
 * not say, docs/rules).
 */
export interface FallBackPath {
  readonly pose: Pose;
  /** Ticks actually moved (at most the Dx). */
  readonly moved: number;
  /** What stopped it short, when something did: a unit's id, "terrain" or "the table's edge". */
  readonly blockedBy?: string;
}

const INCH = 6096;

/** The base `back` ticks straight back from the unit's place, facing kept, and the ground swept to it. */
function backBy(ctx: Ctx, u: UnitState, back: number): { end: Point[]; swept: Point[] } {
  const start = poseOf(u);
  const v = scaledDirection(start.facing, -back);
  const size = unitSize(ctx, u);
  const end = basePolygon({ x: start.x + v.x, y: start.y + v.y, facing: start.facing }, size);
  return { end, swept: translationSweep(basePolygon(start, size), v) };
}

/**
 * The first unit the whole path of `distance` ticks back meets that it may
 * not pass through, and how many whole ticks back it gets before it would
 * overlap it: the kernel's exact first contact along the path (a base that
 * only slides along a neighbour's side, touching, is not stopped). Measured
 * once along the whole Dx rather than at each trial length, because a
 * trial's rounded direction wobbles by a tick across the path, so a base
 * grazing a neighbour would seem to overlap it at some lengths and not at
 * longer ones.
 */
function unitStop(
  ctx: Ctx,
  position: Position,
  id: string,
  u: UnitState,
  distance: number,
): { readonly id: string; readonly at: number } | undefined {
  const start = unitPolygon(ctx, u);
  const v = scaledDirection(poseOf(u).facing, -distance);
  const through = typeRules(ctx, u).interpenetrates;
  let first: { id: string; num: number; den: number } | undefined;
  for (const otherId of Object.keys(position.units).sort()) {
    if (otherId === id) continue;
    const other = position.units[otherId] as UnitState;
    if (through || typeRules(ctx, other).interpenetrates) continue;
    const hit = firstContact(start, v, unitPolygon(ctx, other));
    if (hit && (!first || compareFractions(hit.t.num, hit.t.den, first.num, first.den) < 0))
      first = { id: otherId, num: hit.t.num, den: hit.t.den };
  }
  if (!first) return undefined;
  // floor(t* x distance): t* is a fraction of safe integers whose product with the distance may not be.
  const at = Number((BigInt(first.num) * BigInt(distance)) / BigInt(first.den));
  return { id: first.id, at };
}

/** What else the path `back` ticks back runs into: the table's edge or terrain its type may not enter. */
function groundBlocker(ctx: Ctx, id: string, u: UnitState, back: number): string | undefined {
  const { end, swept } = backBy(ctx, u, back);
  if (offTable(ctx, end)) return "the table's edge";
  return terrainRefusal(ctx, id, u, swept) ? "terrain" : undefined;
}

/** The first unit (by id) the base `back` ticks back would stand upon. */
function standsUpon(
  ctx: Ctx,
  position: Position,
  id: string,
  u: UnitState,
  back: number,
): string | undefined {
  const { end } = backBy(ctx, u, back);
  return Object.keys(position.units)
    .sort()
    .find((o) => o !== id && interiorsOverlap(end, unitPolygon(ctx, position.units[o] as UnitState)));
}

/** The largest whole tick t in [0, hi] with `blocked(t)` false, for a predicate false at 0 and true at hi that flips once. */
function furthest(hi: number, blocked: (t: number) => boolean): number {
  let lo = 0;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (blocked(mid)) hi = mid;
    else lo = mid;
  }
  return lo;
}

/**
 * How far back the unit gets of `distance` ticks: up to the first unit it
 * may not pass (exact, unitStop), then short of the table's edge and
 * terrain it may not enter (those only grow with the distance, so the
 * furthest clear length is found by bisection on whole ticks). If the base
 * there stands upon a unit it has
 * passed into (a Skirmisher, or any unit for a Skirmisher), it steps back
 * to the tick before it met that unit (a convex base moving in a line meets
 * a convex base over one interval), and again while it stands upon another.
 */
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
  const stop = unitStop(ctx, position, id, u, distance);
  // A unit met exactly at the end of the Dx (t* = 1) is touched, not a stop.
  let blockedBy = stop && stop.at < distance ? stop.id : undefined;
  let t = stop ? Math.min(stop.at, distance) : distance;
  const ground = groundBlocker(ctx, id, u, t);
  if (ground) {
    blockedBy = ground;
    t = furthest(t, (s) => groundBlocker(ctx, id, u, s) !== undefined);
  }
  for (
    let upon = standsUpon(ctx, position, id, u, t);
    upon && t > 0;
    upon = standsUpon(ctx, position, id, u, t)
  ) {
    const other = unitPolygon(ctx, position.units[upon] as UnitState);
    t = furthest(t, (s) => interiorsOverlap(backBy(ctx, u, s).end, other));
    blockedBy = upon;
  }
  return { pose: face(at(t)), moved: t, ...(blockedBy ? { blockedBy } : {}) };
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
