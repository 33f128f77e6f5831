import { type Point, type Pose, scaledDirection } from "@tercio/geometry";
import { bearingTurn } from "@tercio/horse-and-musket-ch11";
import { DRAG_TURN_SNAP } from "./drag.js";
import { PIVOT_STEP } from "./steps.js";

/**
 * The turn a player chooses for a charge (004 Movement: Charge Moves:
 * Turning: once, at the start, at most 45º). Headless: the keys step it
 * 5º a press and a drag of the handle points it, both held within the
 * rules data's limit; a typed turn goes to the engine as typed, so a turn
 * beyond the limit is refused in the rule's words. chargeWorkingAt says
 * what the chosen turn reaches.
 *
 * Example: { target: "B-CAV1", turn: -1500 } aims 15º left at B-CAV1.
 */
export interface ChargeAim {
  readonly target: string;
  /** Centidegrees, clockwise positive. */
  readonly turn: number;
}

const clamp = (t: number, limit: number) => Math.max(-limit, Math.min(limit, t));

/** Left (−1) or Right (+1): 5º more, held at the limit. */
export function stepAim(aim: ChargeAim, dir: 1 | -1, limit: number): ChargeAim {
  return { ...aim, turn: clamp(aim.turn + dir * PIVOT_STEP, limit) };
}

/** A drag of the handle: the turn pointing the charger at the pointer, whole degrees, held at the limit. */
export function dragAim(aim: ChargeAim, charger: Pose, limit: number, now: Point): ChargeAim {
  const t = bearingTurn(charger, charger.facing, now);
  if (t === null) return aim;
  return { ...aim, turn: clamp(Math.round(t / DRAG_TURN_SNAP) * DRAG_TURN_SNAP, limit) };
}

/** Where the handle's knob is drawn: `radius` ahead of the charger along the turned facing. */
export function aimKnob(charger: Pose, turn: number, radius: number): Point {
  const v = scaledDirection(charger.facing + turn, Math.round(radius));
  return { x: charger.x + v.x, y: charger.y + v.y };
}

/** "straight ahead", "15º left". */
export function turnWords(turn: number): string {
  return turn === 0 ? "straight ahead" : `${Math.abs(turn) / 100}º ${turn > 0 ? "right" : "left"}`;
}
