import { playGame, randomGame } from "@tercio/ai";
import { hashOf } from "@tercio/core";
import { type GameContext, musketAndPike } from "@tercio/musket-and-pike";
import { listingRandomPolicy } from "./listing-random.js";

/** The target for random Lutzen games on one core (3.3 ms a game). */
export const PLAYOUT_TARGET_GAMES_PER_SECOND = 300;

export interface PlayoutFigure {
  readonly scenario: string;
  readonly games: number;
  /** The generic game loop with every legal action listed at each step (the path before issue 19). */
  readonly listingGamesPerSecond: number;
  /** The fast path (playout.ts): count-and-pick, the deployed opening cached. */
  readonly fastGamesPerSecond: number;
  readonly speedup: number;
  readonly actionsPerGame: number;
  /** Final hashes, the same from both paths (checked). */
  readonly hashes: readonly string[];
}

const MP = musketAndPike();

/**
 * Section 3c: whole random games of one scenario by the two paths, seed by
 * seed in turn (so both see the same machine), and a check that they play
 * the same games. Throws if a hash differs: the fast path is never trusted
 * on its own.
 */
export function playoutBench(ctx: GameContext, seed: number, games: number): PlayoutFigure {
  let listingMs = 0;
  let fastMs = 0;
  let actions = 0;
  const hashes: string[] = [];
  // One of each first, untimed: both paths' code and caches warm.
  randomGame(ctx, seed);
  for (let i = 0; i < games; i++) {
    const s = seed + i;
    let t = performance.now();
    const slow = playGame(MP, ctx, setupOf(ctx), {
      seed: s,
      first: listingRandomPolicy,
      second: listingRandomPolicy,
    });
    listingMs += performance.now() - t;
    t = performance.now();
    const fast = randomGame(ctx, s);
    fastMs += performance.now() - t;
    const hash = hashOf(fast.position);
    if (hash !== hashOf(slow.position))
      throw new Error(
        `the fast playout of ${ctx.scenario.id} seed ${s} ended elsewhere than the engine's game`,
      );
    hashes.push(hash);
    actions += slow.actionCount;
  }
  const listing = (1000 * games) / listingMs;
  const fast = (1000 * games) / fastMs;
  return {
    scenario: ctx.scenario.id,
    games,
    listingGamesPerSecond: listing,
    fastGamesPerSecond: fast,
    speedup: fast / listing,
    actionsPerGame: actions / games,
    hashes,
  };
}

function setupOf(ctx: GameContext) {
  return { scenario: ctx.scenario.id, options: { optionalRules: [] } };
}
