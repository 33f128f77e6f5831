import type { Action } from "./actions.js";
import type { Ctx } from "./context.js";
import { DiceSource } from "./dice-source.js";
import type { GameEvent } from "./events.js";
import { declareFire } from "./fire/declare.js";
import { overrunTeams } from "./horse-teams.js";
import { engage } from "./melee/engage.js";
import { react } from "./melee/react.js";
import { move } from "./movement/program.js";
import { moveOfficer } from "./officer-move.js";
import type { Position } from "./position.js";
import { no, type Out, ruleError, yes } from "./rule-error.js";
import { endPhase } from "./sequence.js";

/**
 * Plays one action: a Result, never a throw, for anything a player may
 * send. `given` are die results given at the table (a replay, a client
 * echoing the server's dice), used instead of the position's PRNG.
 */
export type Step = {
  readonly position: Position;
  readonly events: readonly GameEvent[];
  readonly dice: readonly number[];
};

function play(
  ctx: Ctx,
  position: Position,
  action: Action,
  dice: DiceSource,
): Out<{ position: Position; events: GameEvent[] }> {
  if (position.reaction && action.type !== "react")
    return no(ruleError("sequence/reaction", "Melee", "the counter roll waits for its owner's answer"));
  switch (action.type) {
    case "move":
      return move(ctx, position, action);
    case "engage":
      return engage(ctx, position, action, dice);
    case "officer":
      return moveOfficer(ctx, position, action);
    case "fire":
      return declareFire(ctx, position, action);
    case "react":
      return react(ctx, position, action);
    case "initiative":
    case "end-phase":
      if ((action.type === "initiative") !== (position.part === "initiative"))
        return no(
          ruleError(
            "sequence/initiative",
            "The Game Turn",
            position.part === "initiative"
              ? "the turn begins with the initiative roll"
              : "initiative is rolled as a turn begins",
          ),
        );
      return endPhase(ctx, position, dice);
  }
}

export function applyAction(
  ctx: Ctx,
  position: Position,
  action: Action,
  given?: readonly number[],
): Out<Step> {
  if (position.result || position.part === "over")
    return no(ruleError("sequence/game-over", "The Game Turn", "the game is over"));
  const dice = new DiceSource(position.prng, given);
  const out = play(ctx, position, action, dice);
  if (!out.ok) return out;
  // A horse team an enemy unit now stands over is taken, whatever brought the unit there.
  const events = [...out.value.events];
  const played = overrunTeams(ctx, out.value.position, events);
  // Given dice leave the PRNG alone (a client's view keeps its hidden state); rolled dice advance it.
  const prng = given ? position.prng : dice.prng;
  const next = played.prng === prng ? played : { ...played, prng };
  return yes({ position: next, events, dice: dice.rolled });
}
