import type { Polygon, Pose } from "@tercio/geometry";
import type { Ctx } from "../context.js";
import type { Readings } from "../options.js";
import type { Position } from "../position.js";
import { retreatPath } from "../retreat.js";
import type { RuleError } from "../rule-error.js";
import { inchesWords } from "./inches.js";

/**
 * The retreat the engine would make (004 Hand-to-Hand Combat: Retreat), as
 * retreatPath computes it for resolveHandToHand: where from, how far back
 * (6", or short of what stops it, and what that is), the ground covered,
 * and the facing at the end.
 */
export interface RetreatWorking {
  readonly unit: string;
  readonly target?: string;
  readonly rule: "Hand-to-Hand Combat: Retreat";
  readonly from: Pose;
  /** The end of the straight back-step. */
  readonly backed: Pose;
  /** Where the unit stands at the end (backed, then turned under "target-centre" when the pivot is clear). */
  readonly to: Pose;
  readonly travel: number;
  /** travel in words, hundredths of an inch rounded up. */
  readonly text: string;
  /** The retreat the rules give (6"). */
  readonly full: number;
  readonly swept: Polygon;
  /** Why it stopped short: the refusal of one tick further. */
  readonly stop?: RuleError;
  readonly facing: {
    readonly reading: Readings["retreatFacing"];
    /** The pivot to face the target's centre, cdeg (0: none tried). */
    readonly turn: number;
    readonly made: boolean;
  };
}

/** The retreat of a unit from its target (when given), or undefined when the unit does not exist. */
export function retreatWorking(
  ctx: Ctx,
  position: Position,
  unitId: string,
  targetId?: string,
): RetreatWorking | undefined {
  if (!position.units[unitId]) return undefined;
  const path = retreatPath(ctx, position, unitId, targetId);
  return {
    unit: unitId,
    ...(targetId !== undefined ? { target: targetId } : {}),
    rule: "Hand-to-Hand Combat: Retreat",
    from: path.from,
    backed: path.backed,
    to: { x: path.unit.x, y: path.unit.y, facing: path.unit.facing },
    travel: path.travel,
    text: inchesWords(path.travel),
    full: path.full,
    swept: path.swept,
    ...(path.stop ? { stop: path.stop } : {}),
    facing: {
      reading: ctx.options.retreatFacing,
      turn: path.facing?.turn ?? 0,
      made: path.facing?.made ?? false,
    },
  };
}
