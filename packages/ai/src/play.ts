import {
  type Action,
  actor,
  apply,
  type GameContext,
  type GameEvent,
  type GameResult,
  legalActions,
  newGame,
  type OptionalRule,
  type Position,
} from "@tercio/musket-and-pike";
import { type Policy, where } from "./policy.js";
import { createRng, type PolicyRng } from "./rng.js";

export interface PlayOptions {
  /** The game's seed (the engine's dice) and the policies' own generators. */
  readonly seed: number;
  /** Optional rules for this game (11.0-15.0), beside any the scenario imposes. */
  readonly optionalRules?: readonly OptionalRule[];
  /** The policy playing the First Player. */
  readonly first: Policy;
  /** The policy playing the Second Player. */
  readonly second: Policy;
  /** Give up after this many actions (default 200000): a stalled game is a bug. */
  readonly maxActions?: number;
  /** Called with the opening's events, then with each action and what it did (for a log). */
  readonly onEvents?: (events: readonly GameEvent[], action?: Action) => void;
}

export interface PlayedGame {
  /** The final position: phase "game-over", with its result. */
  readonly position: Position;
  readonly result: GameResult;
  /** Every action in order: with the seed, a saved game (engine makeSavedGame). */
  readonly actions: Action[];
  /** The Game-Turn in which the game ended. */
  readonly gameTurns: number;
  readonly actionCount: number;
}

export const DEFAULT_MAX_ACTIONS = 200_000;

/** The second policy's generator is seeded apart from the first's. */
const SECOND_SEED_MASK = 0x5bd1e995;

/**
 * Plays a whole game between two policies, from the scenario's opening
 * (newGame) to its result (16.0). The same seed and policies always give the
 * same game. Throws if a policy chooses an action the engine refuses, or if
 * the game has not ended after `maxActions` actions.
 */
export function playGame(ctx: GameContext, options: PlayOptions): PlayedGame {
  const opened = newGame(ctx, { seed: options.seed, optionalRules: options.optionalRules ?? [] });
  if (!opened.ok) throw new Error(`cannot open scenario ${ctx.scenario.id}: ${opened.error.message}`);
  options.onEvents?.(opened.value.events);
  const rngs: Record<"first" | "second", PolicyRng> = {
    first: createRng(options.seed),
    second: createRng((options.seed ^ SECOND_SEED_MASK) >>> 0),
  };
  const max = options.maxActions ?? DEFAULT_MAX_ACTIONS;
  const actions: Action[] = [];
  let position = opened.value.position;
  while (position.phase !== "game-over") {
    if (actions.length >= max) {
      throw new Error(`no result after ${max} actions (${where(ctx, position)}): the game is stalling`);
    }
    const side = actor(position);
    const policy = side === "first" ? options.first : options.second;
    const action = policy.choose(ctx, position, rngs[side]);
    const step = apply(ctx, position, action);
    if (!step.ok) {
      // No legal action at all is a dead end in the rules engine, not the policy's fault.
      const stuck = legalActions(ctx, position).length === 0;
      throw new Error(
        stuck
          ? `dead end at action ${actions.length + 1} (${where(ctx, position)}): the engine allows no action at all, and refuses ${JSON.stringify(action)}: ${step.error.message}`
          : `the ${policy.name} policy (${side} player) chose an illegal action at action ${actions.length + 1} (${where(ctx, position)}): ${JSON.stringify(action)}: ${step.error.message}`,
      );
    }
    actions.push(action);
    options.onEvents?.(step.value.events, action);
    position = step.value.position;
  }
  const { result } = position;
  if (!result) throw new Error(`the game ended without a result (${where(ctx, position)})`);
  return { position, result, actions, gameTurns: position.gameTurn, actionCount: actions.length };
}
