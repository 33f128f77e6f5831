import {
  type Action,
  autoDeploy,
  endPhase,
  type GameContext,
  legalActions,
  type Position,
} from "@tercio/musket-and-pike";
import type { Policy } from "../policy.js";

/**
 * A Musket & Pike player. Called for the player to act (the Phasing Player,
 * or the one a pending retreat or advance is asked of). Each action makes
 * progress (place a unit, move one, allocate or resolve an attack, answer a
 * decision, end a phase), so that a game between two policies always ends.
 */
export type MpPolicy = Policy<GameContext, Position, Action>;

export const END_PHASE: Action = { type: "end-phase" };

/** 16.0: set up with the engine's autoDeploy, one unit per call, then end the deployment. */
export function deploymentAction(ctx: GameContext, position: Position): Action {
  const next = autoDeploy(ctx, position)[0];
  if (next) return next;
  if (endPhase(ctx, position).ok) return END_PHASE;
  // autoDeploy found no room for a unit: any legal placement, else end-phase (and the refusal says why).
  return legalActions(ctx, position).find((a) => a.type === "deploy") ?? END_PHASE;
}

/** Where the game stands, for error messages: "16.24, Game-Turn 3, first player, movement". */
export function where(ctx: GameContext, position: Position): string {
  const decision = position.decision ? `, ${position.decision.kind} decision` : "";
  return `${ctx.scenario.id}, Game-Turn ${position.gameTurn}, ${position.phasing} player, ${position.phase}${decision}`;
}

/**
 * A position where the policy has nothing left that lets the game go on:
 * typically a phase that cannot end and no action that could change that.
 * Thrown rather than returning an action the engine will refuse.
 */
export function deadEnd(ctx: GameContext, position: Position, policy: string): Error {
  const end = endPhase(ctx, position);
  const why = end.ok ? "" : `; end-phase is refused: ${end.error.message}`;
  return new Error(
    `dead end (${where(ctx, position)}): the ${policy} policy has no action that lets the game go on${why}`,
  );
}
