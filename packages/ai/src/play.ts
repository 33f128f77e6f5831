import { type GameOutcome, type GameSetup, type RuleSystem, type Seat, seedPrng } from "@tercio/core";
import type { Policy } from "./policy.js";
import { createRng, type PolicyRng } from "./rng.js";

export interface PlayOptions<Ctx, Pos, Act, Ev> {
  /** The game's seed (the system's dice) and the policies' own generators. */
  readonly seed: number;
  /** The policy in the first seat. */
  readonly first: Policy<Ctx, Pos, Act>;
  /** The policy in the second seat. */
  readonly second: Policy<Ctx, Pos, Act>;
  /** Give up after this many actions (default 200000): a stalled game is a bug. */
  readonly maxActions?: number;
  /** Called with the opening's events, then with each action and what it did (for a log). */
  readonly onEvents?: (events: readonly Ev[], action?: Act) => void;
}

export interface PlayedGame<Pos, Act> {
  /** The final position: no seat is to act, and it has a result. */
  readonly position: Pos;
  readonly result: GameOutcome;
  /** Every action in order: with the setup and the seed, a saved game (core's makeSave). */
  readonly actions: Act[];
  /** The game turn in which the game ended (the system's status). */
  readonly gameTurns: number;
  readonly actionCount: number;
}

export const DEFAULT_MAX_ACTIONS = 200_000;

/** The second policy's generator is seeded apart from the first's. */
const SECOND_SEED_MASK = 0x5bd1e995;

/** The generators of the two seats' policies for a game's seed (the bench replays them). */
export function seatRngs(seed: number): Record<Seat, PolicyRng> {
  return { first: createRng(seed), second: createRng((seed ^ SECOND_SEED_MASK) >>> 0) };
}

/**
 * Plays a whole game of any rule system between two policies: opens the
 * setup with the seed's generator, asks the seat the system says is to act
 * (`toAct`) for its action and applies it, until no seat is to act. The
 * same system, setup, seed and policies always give the same game. Throws if
 * the setup does not open, if a policy chooses an action the system refuses,
 * or if the game has not ended after `maxActions` actions.
 */
export function playGame<C, P, A, E, O>(
  system: RuleSystem<C, P, A, E, O>,
  ctx: C,
  setup: GameSetup<O>,
  options: PlayOptions<C, P, A, E>,
): PlayedGame<P, A> {
  const where = (position: P) => `${setup.scenario}, ${system.status(ctx, position).text}`;
  const opened = system.open(ctx, setup, seedPrng(options.seed));
  if (!opened.ok) throw new Error(`cannot open scenario ${setup.scenario}: ${opened.error.message}`);
  options.onEvents?.(opened.value.events);
  const rngs = seatRngs(options.seed);
  const max = options.maxActions ?? DEFAULT_MAX_ACTIONS;
  const actions: A[] = [];
  let position = opened.value.position;
  for (let seat = system.toAct(position); seat !== null; seat = system.toAct(position)) {
    if (actions.length >= max) {
      throw new Error(`no result after ${max} actions (${where(position)}): the game is stalling`);
    }
    const policy = seat === "first" ? options.first : options.second;
    const action = policy.choose(ctx, position, rngs[seat]);
    const step = system.apply(ctx, position, action);
    if (!step.ok) {
      // No legal action at all is a dead end in the rule system, not the policy's fault.
      const stuck = system.legalActions(ctx, position).length === 0;
      throw new Error(
        stuck
          ? `dead end at action ${actions.length + 1} (${where(position)}): the system allows no action at all, and refuses ${JSON.stringify(action)}: ${step.error.message}`
          : `the ${policy.name} policy (${seat} seat) chose an illegal action at action ${actions.length + 1} (${where(position)}): ${JSON.stringify(action)}: ${step.error.message}`,
      );
    }
    actions.push(action);
    options.onEvents?.(step.value.events, action);
    position = step.value.position;
  }
  const result = system.result(position);
  if (!result) throw new Error(`the game ended without a result (${where(position)})`);
  const { turn } = system.status(ctx, position);
  return { position, result, actions, gameTurns: turn, actionCount: actions.length };
}
