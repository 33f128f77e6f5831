import {
  ceilDistance,
  distanceSq,
  nearestPoints,
  type Point,
  type Pose,
  roundedPoint,
} from "@tercio/geometry";
import type { ProgramOp } from "./actions.js";
import { sideCentre, unitPolygon } from "./bases.js";
import type { Ctx } from "./context.js";
import { playProgram } from "./movement/program.js";
import type { Position, UnitState } from "./position.js";
import { no, type Out, ruleError, yes } from "./rule-error.js";
import { sideOfTarget } from "./sides.js";
import { sightOrigins } from "./sight/line-of-sight.js";
import type { UnitSide } from "./vocabulary.js";

/**
 * Pre-measuring: "Distances between Units may be measured at any time."
 * The engine's ruler: pure queries that measure with the rules' own
 * geometry, for any two units, whoever's turn it is and whatever the
 * units have done, and change nothing: no position, no dice, no roll-off
 * (a measurement close to a limit is only a length here; the Grey Areas
 * roll-off belongs to the action that tests it against the limit).
 *
 * - `nearest`: between the two bases, exactly (the kernel's nearestPoints):
 *   the distance of "over 12" away from all enemy Units" and of contact.
 * - `los`: from the first unit's front centre (a town's holder: its side's
 *   centre nearest, Terrain iii) to the centre of the side of the second
 *   it is in (Front, Left, Right & Rear Sides): the LoS distance, which is
 *   a shot's range and a charge's reach. A length, not a sight: the line
 *   may be blocked (sideSight says whether it is).
 * - `measureMove`: each corner's travel of a proposed move program, before
 *   the Dx is rolled or whatever it showed ("no corner exceeding the total
 *   distance allowed").
 *
 * Lengths are in ticks, rounded UP to the tick (`ceilDistance`), so a
 * reading at or under a whole-tick limit is within it exactly; the squared
 * lengths are exact.
 */
export interface UnitMeasure {
  readonly from: string;
  readonly to: string;
  readonly nearest: {
    /** The nearest points, rounded to the tick for drawing. */
    readonly onFrom: Point;
    readonly onTo: Point;
    /** Ticks, rounded up; 0 when the bases touch or overlap. */
    readonly ticks: number;
    readonly meet: boolean;
  };
  /** The LoS distance, or undefined when the first unit's front centre is inside the second. */
  readonly los?: {
    readonly side: UnitSide;
    readonly origin: Point;
    readonly centre: Point;
    /** Squared, exact (ticks²), as sideSight's `d2`. */
    readonly d2: number;
    readonly ticks: number;
  };
}

function unitOf(position: Position, id: string): Out<UnitState> {
  const u = position.units[id];
  return u ? yes(u) : no(ruleError("action/unknown-unit", "Pre-measuring", `there is no unit ${id}`));
}

/** The distances between two units (Pre-measuring): the bases' nearest points, and the LoS distance. */
export function measureUnits(ctx: Ctx, position: Position, fromId: string, toId: string): Out<UnitMeasure> {
  const a = unitOf(position, fromId);
  if (!a.ok) return a;
  const b = unitOf(position, toId);
  if (!b.ok) return b;
  const n = nearestPoints(unitPolygon(ctx, a.value), unitPolygon(ctx, b.value));
  const nearest = {
    onFrom: roundedPoint(n.onA),
    onTo: roundedPoint(n.onB),
    ticks: n.meet ? 0 : ceilDistance(n.squared),
    meet: n.meet,
  };
  const side = sideOfTarget(ctx, a.value, b.value);
  if (side === "inside") return yes({ from: fromId, to: toId, nearest });
  const centre = sideCentre(ctx, b.value, side);
  // The nearest origin; ties to the first in sightOrigins' order (front, right, rear, left), as sideSight.
  let origin: Point | undefined;
  let d2 = 0;
  for (const o of sightOrigins(ctx, position, fromId).points) {
    const d = distanceSq(o, centre);
    if (origin === undefined || d < d2) {
      origin = o;
      d2 = d;
    }
  }
  if (!origin) return yes({ from: fromId, to: toId, nearest });
  const ticks = ceilDistance({ p: d2, q: 1, l: 1 });
  return yes({ from: fromId, to: toId, nearest, los: { side, origin, centre, d2, ticks } });
}

export interface MoveMeasure {
  /** Where the unit would stand. */
  readonly pose: Pose;
  /** Each corner's travel, fl, fr, rl, rr (ticks; floats for a wheel's arcs). */
  readonly corners: readonly [number, number, number, number];
  /** The longest: what the allowance is held to. */
  readonly travel: number;
}

/** Each corner's travel of a proposed move (Pre-measuring), with no roll and no check of the move's legality. */
export function measureMove(
  ctx: Ctx,
  position: Position,
  id: string,
  program: readonly ProgramOp[],
): Out<MoveMeasure> {
  const u = unitOf(position, id);
  if (!u.ok) return u;
  const { x, y, facing, type, formation } = u.value;
  const played = playProgram(ctx, type, { x, y, facing }, formation, program);
  return yes({ pose: played.pose, corners: played.corners, travel: Math.max(...played.corners) });
}
