import { findPolicy, type Policy, playGame } from "@tercio/ai";
import { hashOf } from "@tercio/core";
import type { GameContext } from "@tercio/musket-and-pike";

/** One whole game between two copies of a policy, timed. */
export interface GameRun {
  readonly scenario: string;
  readonly policy: string;
  readonly seed: number;
  readonly actions: number;
  readonly gameTurns: number;
  readonly ms: number;
  /** hashOf(final position): the same seed must give the same hash on every machine and run. */
  readonly hash: string;
  readonly winner: string;
}

export function policyNamed(name: string): Policy {
  const policy = findPolicy(name);
  if (!policy) throw new Error(`no policy "${name}"`);
  return policy;
}

export function timedGame(ctx: GameContext, policy: string, seed: number): GameRun {
  const p = policyNamed(policy);
  const start = performance.now();
  const game = playGame(ctx, { seed, first: p, second: p });
  const ms = performance.now() - start;
  return {
    scenario: ctx.scenario.id,
    policy,
    seed,
    actions: game.actionCount,
    gameTurns: game.gameTurns,
    ms,
    hash: hashOf(game.position),
    winner: game.result.winner,
  };
}
