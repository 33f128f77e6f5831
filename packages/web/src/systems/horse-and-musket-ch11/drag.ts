import { applyOp, type BaseSize, type Pose, scaledDirection } from "@tercio/geometry";
import { bearingTurn } from "@tercio/horse-and-musket-ch11";
import type { Point } from "../tabletop/frame.js";
import { type MoveDraft, normTurn, programOf } from "./program.js";

/**
 * Drags turned into a move draft. The drag only proposes lengths and turns;
 * checkMove decides what of them is legal.
 */

// The facing's direction scaled long enough that its rounding is far below a tick on the table.
const LONG = 1 << 24;

/** The signed distance, ticks, of a point ahead of a pose along its facing (negative: behind). */
export function alongFacing(pose: Pose, p: Point): number {
  const d = scaledDirection(pose.facing, LONG);
  return Math.round(((p.x - pose.x) * d.x + (p.y - pose.y) * d.y) / LONG);
}

/** The pose after the draft's first pivot: the leg runs along its facing. */
export function legPose(from: Pose, d: MoveDraft): Pose {
  return { x: from.x, y: from.y, facing: normTurn(from.facing + d.startPivot) };
}

/** The pose after the draft's legs and the pivots between them, before its pivot at the end. */
export function poseBeforeEnd(from: Pose, size: BaseSize, d: MoveDraft): Pose {
  if (d.leg === 0) return legPose(from, d);
  let pose = from;
  for (const op of programOf({ ...d, endPivot: 0 }))
    pose = applyOp(
      pose,
      size,
      op.op === "pivot" ? op : { op: "advance", ticks: op.op === "back" ? -op.ticks : op.ticks },
    ).pose;
  return pose;
}

/**
 * A leg drag: the leg the draft had when the drag began plus the pointer's
 * travel along the (pivoted) facing since then. Forward is an advance,
 * backward a step back (a road move stays ahead).
 */
export function dragLeg(from: Pose, start: MoveDraft, grab: Point, now: Point): MoveDraft {
  const pose = legPose(from, start);
  const leg = start.leg + alongFacing(pose, now) - alongFacing(pose, grab);
  return { ...start, leg: start.road ? Math.max(0, leg) : leg };
}

/** Turns are snapped to whole degrees while dragging a ring: the readout stays legible. */
export const DRAG_TURN_SNAP = 100;

/**
 * A pivot drag on a ring about `centre`: the turn that points the facing
 * at the pointer (the engine's bearingTurn, whole centidegrees), snapped to
 * whole degrees. `which` says which pivot of the draft it sets.
 */
export function dragPivot(
  d: MoveDraft,
  which: "start" | "end",
  centre: Pose,
  facingBefore: number,
  now: Point,
): MoveDraft {
  const turn = bearingTurn(centre, facingBefore, now);
  if (turn === null) return d;
  const snapped = normTurn(Math.round(turn / DRAG_TURN_SNAP) * DRAG_TURN_SNAP);
  return which === "start" ? { ...d, startPivot: snapped } : { ...d, endPivot: snapped };
}
