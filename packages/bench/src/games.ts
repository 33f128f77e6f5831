import { type MpPolicy, mpPolicy, playGame } from "@tercio/ai";
import { hashOf } from "@tercio/core";
import { type GameContext, musketAndPike } from "@tercio/musket-and-pike";

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

/** Musket & Pike as the rule system playGame drives (the rules data is in each game's context). */
const MP = musketAndPike();

export function policyNamed(name: string): MpPolicy {
  const policy = mpPolicy(name);
  if (!policy) throw new Error(`no policy "${name}"`);
  return policy;
}

export function timedGame(ctx: GameContext, policy: string, seed: number): GameRun {
  const p = policyNamed(policy);
  const start = performance.now();
  const setup = { scenario: ctx.scenario.id, options: { optionalRules: [] } };
  const game = playGame(MP, ctx, setup, { seed, first: p, second: p });
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
