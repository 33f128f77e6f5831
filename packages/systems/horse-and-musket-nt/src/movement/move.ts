import type { ProgramOp } from "../actions.js";
import type { Ctx } from "../context.js";
import type { DiceSource } from "../dice-source.js";
import type { GameEvent } from "../events.js";
import { RollOffJudge, refusedEvent } from "../grey-areas.js";
import type { Position, UnitState } from "../position.js";
import { no, type Out, ruleError, yes } from "../rule-error.js";
import { withoutHold } from "../terrain.js";
import { dieModifier } from "../unit-class.js";
import { checkMove, moveSequenceRefusal } from "./check-move.js";

/**
 * 1.2 Move, played: rolling the move's Dx (the unit is then moving and may
 * not fire), then the program checked with the judge that rolls off what is
 * too close to call. A lost roll-off is kept (its dice, its answer) and the
 * unit, still rolled, may try another move.
 */
export type MoveStep = { readonly position: Position; readonly events: GameEvent[] };

export function rollMove(ctx: Ctx, position: Position, id: string, dice: DiceSource): Out<MoveStep> {
  const refused = moveSequenceRefusal(position, id, false);
  if (refused) return no(refused);
  const u = position.units[id] as UnitState;
  const r = dice.roll();
  if (!r.ok) return r;
  const modifier = dieModifier(ctx, id);
  return yes({
    position: { ...position, units: { ...position.units, [id]: { ...u, acted: "rolled", roll: r.value } } },
    events: [
      {
        type: "die-rolled",
        value: r.value,
        purpose: "move",
        unit: id,
        ...(modifier !== 0 ? { modifier } : {}),
      },
      { type: "move-rolled", unit: id, roll: r.value },
    ],
  });
}

export function move(
  ctx: Ctx,
  position: Position,
  id: string,
  program: readonly ProgramOp[],
  dice: DiceSource,
): Out<MoveStep> {
  const u = position.units[id];
  if (!u) return no(ruleError("action/unknown-unit", "1.2 Move", `there is no unit ${id}`));
  const judge = new RollOffJudge(position.settled, dice, u.side);
  const check = checkMove(ctx, position, id, program, judge, { clamp: false });
  if (judge.error) return no(judge.error);
  const settled = { ...position.settled, ...judge.settled };
  if (!check.legal) {
    const error =
      check.error ?? ruleError("move/program", "1.2 Move", `${id}'s move is refused`, { unit: id });
    if (judge.rolled)
      return yes({ position: { ...position, settled }, events: [...judge.events, refusedEvent(id, error)] });
    return no(error);
  }
  const moved: UnitState = withoutHold({
    ...u,
    x: check.pose.x,
    y: check.pose.y,
    facing: check.pose.facing,
    acted: "moved",
  });
  return yes({
    position: { ...position, settled, units: { ...position.units, [id]: moved } },
    events: [
      ...judge.events,
      {
        type: "moved",
        unit: id,
        x: moved.x,
        y: moved.y,
        facing: moved.facing,
        travel: Math.ceil(check.travel),
        allowance: check.limit,
        keepsBonus: check.keepsBonus,
        doubled: check.doubled,
      },
    ],
  });
}
