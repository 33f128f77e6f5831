import type { Action } from "./actions.js";
import { charge } from "./charge/charge.js";
import type { Ctx } from "./context.js";
import { DiceSource } from "./dice-source.js";
import type { GameEvent } from "./events.js";
import { fire } from "./fire/fire.js";
import { fallBack } from "./movement/fall-back.js";
import { move, rollMove } from "./movement/move.js";
import { reform } from "./movement/reform.js";
import type { Position } from "./position.js";
import { rally } from "./rally.js";
import { removeBroken } from "./removal.js";
import { no, type Out, ruleError, yes } from "./rule-error.js";
import { endPhase } from "./sequence.js";

/**
 * Plays one action: a Result, never a throw, for anything a player may
 * send. `given` are die results given at the table (a replay, a client
 * echoing the server's dice), used instead of the position's PRNG.
 */
export type Step = { readonly position: Position; readonly events: readonly GameEvent[] };

function play(
  ctx: Ctx,
  position: Position,
  action: Action,
  dice: DiceSource,
): Out<{ position: Position; events: GameEvent[] }> {
  switch (action.type) {
    case "fire":
      return fire(ctx, position, action.unit, action.target, dice);
    case "roll-move":
      return rollMove(ctx, position, action.unit, dice);
    case "move":
      return move(ctx, position, action.unit, action.program, dice);
    case "reform":
      return reform(ctx, position, action.unit, action.dx, action.dy, action.formation, dice);
    case "fall-back":
      return fallBack(ctx, position, action.unit, action.keepFacing ?? false, dice);
    case "charge":
      return charge(ctx, position, action.unit, action.target, dice);
    case "rally":
      return rally(ctx, position, action.unit, dice);
    case "end-phase":
      return endPhase(ctx, position, dice);
  }
}

export function applyAction(
  ctx: Ctx,
  position: Position,
  action: Action,
  given?: readonly number[],
): Out<Step> {
  if (position.result || position.phase === "over")
    return no(ruleError("sequence/game-over", "Play Sequence", "the game is over"));
  const dice = new DiceSource(position.prng, given, ctx.die);
  const out = play(ctx, position, action, dice);
  if (!out.ok) return out;
  // 1.1: "If a Unit has 15+ Hits it is removed", at once.
  const removed =
    action.type === "fire"
      ? removeBroken(ctx, out.value.position)
      : { position: out.value.position, events: [] };
  const events = [...out.value.events, ...removed.events];
  // Given dice leave the PRNG alone (a client's view keeps its hidden state); rolled dice advance it.
  const prng = given ? position.prng : dice.prng;
  const next = removed.position.prng === prng ? removed.position : { ...removed.position, prng };
  return yes({ position: next, events });
}
