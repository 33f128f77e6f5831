import { applyOp, type Pose } from "@tercio/geometry";
import {
  type Ctx,
  checkMove,
  type MoveCheck,
  type Position,
  type ProgramOp,
  type RuleError,
  sizeOf,
} from "@tercio/horse-and-musket-ch11";
import { draftOf, type MoveDraft, programOf } from "./program.js";

/**
 * What the board draws for a draft, all from checkMove: the ghost where the
 * legal part of the move ends (stopped at the refused leg's clamp, the
 * furthest legal length the engine found), the allowance used and the
 * refusal in the rule's words.
 */
export interface MovePreview {
  readonly program: readonly ProgramOp[];
  readonly check: MoveCheck;
  /** Where the ghost stands. */
  readonly ghost: Pose;
  /** Ticks of the allowance the ghost's move uses. */
  readonly used: number;
  readonly refusal: RuleError | undefined;
  /** The legal part as a draft (what a released drag settles to). */
  readonly settled: MoveDraft;
}

export function previewMove(ctx: Ctx, position: Position, d: MoveDraft): MovePreview | undefined {
  const unit = position.units[d.unit];
  if (!unit) return undefined;
  const program = programOf(d);
  const check = checkMove(ctx, position, d.unit, program);
  // An empty draft asks nothing yet: no refusal to show ("a move needs at least one op").
  if (program.length === 0)
    return { program, check, ghost: check.pose, used: 0, refusal: undefined, settled: d };
  if (check.legal)
    return { program, check, ghost: check.pose, used: check.used, refusal: undefined, settled: d };
  const refused = program[check.legalOps];
  const isLeg = refused !== undefined && refused.op !== "pivot";
  const clamp = isLeg ? (check.clampTicks ?? 0) : 0;
  const sign = refused?.op === "back" ? -1 : 1;
  const ghost =
    clamp > 0 ? applyOp(check.pose, sizeOf(unit), { op: "advance", ticks: sign * clamp }).pose : check.pose;
  // The legal ops, and the refused leg cut back to its clamp: what a released drag settles to.
  const legal = program.slice(0, check.legalOps);
  if (refused && refused.op !== "pivot" && clamp > 0) legal.push({ op: refused.op, ticks: clamp });
  return {
    program,
    check,
    ghost,
    used: check.used + clamp,
    refusal: check.error,
    settled: draftOf(d.unit, legal, d.road),
  };
}
