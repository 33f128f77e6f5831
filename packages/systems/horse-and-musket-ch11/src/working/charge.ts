import {
  baseCorners,
  basePolygon,
  closedZones,
  contactPoints,
  cornerRays,
  type Point,
  type Polygon,
  type Pose,
  type Touching,
} from "@tercio/geometry";
import { poseOf, sizeOf, unitPolygon } from "../bases.js";
import { chargePath, chargeTurns } from "../charge.js";
import type { Ctx } from "../context.js";
import type { Readings } from "../options.js";
import type { Position } from "../position.js";
import type { RuleError } from "../rule-error.js";
import type { ContactSide } from "../vocabulary.js";
import { type HandToHandWorking, handToHandWorking } from "./hand-to-hand.js";
import { inchesWords } from "./inches.js";
import type { Segment } from "./types.js";

/**
 * Every charge a unit could make now (004 Movement: Charge Moves), one
 * entry per enemy unit, from the engine's own aiming and path: the turns
 * chargeTurns offers (the aim at the target's centre, then straight
 * ahead), each tried with chargePath as legalActions tries them. A
 * reachable target shows the path (start, turn, turned pose, end, travel
 * against the allowance), the side struck and how it was decided (the
 * charger's front centre and the target's corner rays, as segments), and
 * where the bases touch; the fight that would follow is
 * handToHandWorking on the position after the charge.
 */
export interface CornerRay extends Segment {
  /** The target's corner the ray leaves: front-left, front-right, rear-right, rear-left. */
  readonly corner: "fl" | "fr" | "rr" | "rl";
}

export interface ChargeReach {
  readonly target: string;
  readonly ok: true;
  readonly path: {
    readonly start: Pose;
    /** The turn at the start, cdeg (clockwise positive), within the 45º limit. */
    readonly turn: number;
    readonly turned: Pose;
    readonly end: Pose;
    /** The centre's travel in ticks, and in words. */
    readonly travel: number;
    readonly text: string;
    /** 12" for cavalry: no road bonus when charging. */
    readonly allowance: number;
    /** The line of the centre's whole allowance ahead of the turned pose. */
    readonly reach: Segment;
    /** The ground the advance covers, tested for terrain. */
    readonly swept: Polygon;
  };
  readonly side: ContactSide;
  readonly sideRule: "Hand-to-Hand Combat: Flank or Rear Attacks";
  /** The point the side is read at: the charger's front centre at the end. */
  readonly sidePoint: Point;
  /** The point lies on a corner ray; the contactOnRay reading gave the side. */
  readonly onRay: boolean;
  readonly onRayReading: Readings["contactOnRay"];
  /** The target's four corner rays, reaching beyond the table: the zones between them are its sides. */
  readonly cornerRays: readonly CornerRay[];
  readonly targetBase: Polygon;
  readonly touching: Touching;
  /**
   * Where the bases touch at the exact instant of contact (the ends of the
   * common stretch, or the one point), rounded to the tick; the charger
   * stops on the tick lattice up to 3 ticks short of it.
   */
  readonly contactPoints: readonly Point[];
  readonly combat: HandToHandWorking;
}

export interface ChargeRefused {
  readonly target: string;
  readonly ok: false;
  /** The turn whose refusal this is: the first the engine tries. */
  readonly turn: number;
  readonly refusal: RuleError;
}

export type ChargeOption = ChargeReach | ChargeRefused;

/** The charger's options against every enemy unit, by target id; empty for an unknown unit. */
export function chargeWorking(ctx: Ctx, position: Position, chargerId: string): ChargeOption[] {
  const charger = position.units[chargerId];
  if (!charger) return [];
  const out: ChargeOption[] = [];
  for (const targetId of Object.keys(position.units).sort()) {
    const target = position.units[targetId];
    if (!target || target.side === charger.side) continue;
    let refused: ChargeRefused | undefined;
    let reached: ChargeReach | undefined;
    for (const turn of chargeTurns(ctx, charger, target)) {
      const option = chargeWorkingAt(ctx, position, chargerId, targetId, turn);
      if (!option) break;
      if (option.ok) {
        reached = option;
        break;
      }
      refused ??= option;
    }
    const entry = reached ?? refused;
    if (entry) out.push(entry);
  }
  return out;
}

/**
 * One charge with the turn the player chose (004 Movement: Charge Moves:
 * Turning: once, at the start, at most 45º): chargePath for that turn and,
 * when it reaches the target, the side struck and the fight, as
 * chargeWorking gives them. Undefined when either unit does not exist.
 */
export function chargeWorkingAt(
  ctx: Ctx,
  position: Position,
  chargerId: string,
  targetId: string,
  turn: number,
): ChargeOption | undefined {
  const charger = position.units[chargerId];
  const target = position.units[targetId];
  if (!charger || !target) return undefined;
  const path = chargePath(ctx, position, chargerId, targetId, turn);
  if (!path.ok) return { target: targetId, ok: false, turn, refusal: path.error };
  const p = path.value;
  const size = sizeOf(charger);
  const corners = baseCorners(poseOf(target), sizeOf(target));
  const rays = cornerRays(corners);
  const k = Math.ceil(ctx.reach / Math.max(1, target.frontage)) + 1;
  const ray = (corner: CornerRay["corner"]): CornerRay => ({
    corner,
    from: corners[corner],
    to: { x: corners[corner].x + k * rays[corner].x, y: corners[corner].y + k * rays[corner].y },
  });
  const after: Position = {
    ...position,
    units: {
      ...position.units,
      [chargerId]: { ...charger, x: p.pose.x, y: p.pose.y, facing: p.pose.facing, acted: "moved" },
    },
    contacts: [...position.contacts, { attacker: chargerId, defender: targetId, side: p.side }],
  };
  const combat = handToHandWorking(ctx, after, { attacker: chargerId, defender: targetId, side: p.side });
  if (!combat) throw new Error("chargeWorkingAt: both units exist");
  return {
    target: targetId,
    ok: true,
    path: {
      start: poseOf(charger),
      turn,
      turned: p.turned,
      end: p.pose,
      travel: p.travel,
      text: inchesWords(p.travel),
      allowance: ctx.rules.data.unitTypes[charger.type].allowance,
      reach: {
        from: { x: p.turned.x, y: p.turned.y },
        to: { x: p.turned.x + p.reach.x, y: p.turned.y + p.reach.y },
      },
      swept: p.swept,
    },
    side: p.side,
    sideRule: "Hand-to-Hand Combat: Flank or Rear Attacks",
    sidePoint: p.sidePoint,
    onRay: closedZones(corners, p.sidePoint).length > 1,
    onRayReading: ctx.options.contactOnRay,
    cornerRays: [ray("fl"), ray("fr"), ray("rr"), ray("rl")],
    targetBase: unitPolygon(target),
    touching: p.touching,
    contactPoints: contactPoints(basePolygon(p.turned, size), p.reach, p.t, unitPolygon(target)),
    combat,
  };
}
