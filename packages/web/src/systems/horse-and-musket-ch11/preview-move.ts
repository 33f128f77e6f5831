import { applyOp, type BaseSize, type Point, type Pose } from "@tercio/geometry";
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
  /** The centre's path: where it stands, then the end of each leg up to the ghost (a road move's bends). */
  readonly path: readonly Point[];
}

/** The centre after each leg of the first `count` ops, from the start; then `last`. */
function centrePath(
  from: Pose,
  size: BaseSize,
  program: readonly ProgramOp[],
  count: number,
  last: Pose,
): Point[] {
  const out: Point[] = [{ x: from.x, y: from.y }];
  let pose = from;
  for (const op of program.slice(0, count)) {
    pose = applyOp(
      pose,
      size,
      op.op === "pivot" ? op : { op: "advance", ticks: op.op === "back" ? -op.ticks : op.ticks },
    ).pose;
    if (op.op !== "pivot") out.push({ x: pose.x, y: pose.y });
  }
  if (last.x !== pose.x || last.y !== pose.y) out.push({ x: last.x, y: last.y });
  return out;
}

export function previewMove(ctx: Ctx, position: Position, d: MoveDraft): MovePreview | undefined {
  const unit = position.units[d.unit];
  if (!unit) return undefined;
  const program = programOf(d);
  const check = checkMove(ctx, position, d.unit, program);
  // An empty draft asks nothing yet: no refusal to show ("a move needs at least one op").
  const size = sizeOf(unit);
  if (program.length === 0)
    return { program, check, ghost: check.pose, used: 0, refusal: undefined, settled: d, path: [] };
  if (check.legal) {
    const path = centrePath(unit, size, program, program.length, check.pose);
    return { program, check, ghost: check.pose, used: check.used, refusal: undefined, settled: d, path };
  }
  const refused = program[check.legalOps];
  const isLeg = refused !== undefined && refused.op !== "pivot";
  const clamp = isLeg ? (check.clampTicks ?? 0) : 0;
  const sign = refused?.op === "back" ? -1 : 1;
  const ghost =
    clamp > 0 ? applyOp(check.pose, size, { op: "advance", ticks: sign * clamp }).pose : check.pose;
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
    path: centrePath(unit, size, program, check.legalOps, ghost),
  };
}
