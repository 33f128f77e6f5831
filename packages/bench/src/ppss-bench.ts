import { aiLevels, type Policy, playGame, rngInt } from "@tercio/ai";
import { hashOf } from "@tercio/core";
import {
  type Action,
  builtInScenarios,
  type Ctx,
  legalActions,
  PLUCKY_PIKES,
  type Position,
  pluckyPikesSystem,
} from "@tercio/plucky-pikes";
import {
  type AiDecisionFigure,
  type AiGamesFigure,
  aiDecisions,
  aiGames,
  formatAiGames,
  formatDecisions,
  formatRandomGames,
  type RandomGamesFigure,
} from "./ai-games.js";

/**
 * Section 12: Plucky Pikes and Stalwart Shot (001): whole random games per
 * second (a seeded picker over legalActions, the listing path every host
 * uses), each AI level's time per decision in a game against itself, and
 * each level's whole games on the first scenario.
 */
const SYSTEM = pluckyPikesSystem;

export interface PpssSizes {
  /** Scenarios drawn from (the first n). */
  readonly scenarios: number;
  /** Random games per scenario. */
  readonly games: number;
  /** Seconds of AI play per level (a game is cut there). */
  readonly aiSeconds: number;
}

export const FULL_PPSS: PpssSizes = { scenarios: 10, games: 3, aiSeconds: 20 };
export const QUICK_PPSS: PpssSizes = { scenarios: 3, games: 1, aiSeconds: 3 };
export const TINY_PPSS: PpssSizes = { scenarios: 1, games: 1, aiSeconds: 1 };

function contextOf(scenario: string): Ctx {
  const setup = SYSTEM.parseSetup({ scenario, options: {} });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = SYSTEM.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  return ctx.value;
}

/** Uniform over the listed actions, ending a move or a declaration one time in four (so games end). */
export const PPSS_RANDOM_PICKER: Policy<Ctx, Position, Action> = {
  name: "bench-random",
  choose(ctx, position, rng) {
    const offered = legalActions(ctx, position);
    const others = offered.filter((a) => a.type !== "end-phase");
    const end = offered.find((a) => a.type === "end-phase");
    if (end && (others.length === 0 || rngInt(rng, 4) === 0)) return end;
    return others[rngInt(rng, others.length)] ?? (offered[0] as Action);
  },
};

export type PpssGamesFigure = RandomGamesFigure;

export type PpssDecisionFigure = AiDecisionFigure;

export interface PpssReport {
  readonly seed: number;
  readonly games: readonly PpssGamesFigure[];
  readonly decisions: readonly PpssDecisionFigure[];
  readonly aiGames: readonly AiGamesFigure[];
}

export function ppssGames(scenarios: readonly string[], seed: number, count: number): PpssGamesFigure[] {
  return scenarios.map((scenario) => {
    const ctx = contextOf(scenario);
    let actions = 0;
    const hashes: string[] = [];
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const game = playGame(
        SYSTEM,
        ctx,
        { scenario, options: {} },
        { seed: seed + i, first: PPSS_RANDOM_PICKER, second: PPSS_RANDOM_PICKER },
      );
      actions += game.actionCount;
      hashes.push(hashOf(game.position));
    }
    const ms = performance.now() - start;
    return { scenario, games: count, actions, ms, gamesPerSecond: (count * 1000) / ms, hashes };
  });
}

/** One game of a level against itself, every decision timed, cut at `budgetSeconds`. */
export function ppssDecisions(
  level: string,
  scenario: string,
  seed: number,
  budgetSeconds: number,
): PpssDecisionFigure {
  return aiDecisions(SYSTEM, contextOf(scenario), { scenario, options: {} }, level, seed, budgetSeconds);
}

export function ppssBench(opts: {
  seed: number;
  quick: boolean;
  sizes?: PpssSizes;
  untimed?: boolean;
}): PpssReport {
  const sizes = opts.sizes ?? (opts.quick ? QUICK_PPSS : FULL_PPSS);
  const scenarios = builtInScenarios()
    .slice(0, sizes.scenarios)
    .map((s) => s.id);
  const first = scenarios[0] ?? "cerignola-trenches";
  const games = ppssGames(scenarios, opts.seed, sizes.games);
  const decisions = aiLevels(PLUCKY_PIKES).map((level) =>
    ppssDecisions(level, first, opts.seed, sizes.aiSeconds),
  );
  const played = opts.untimed
    ? []
    : aiGames(
        SYSTEM,
        contextOf(first),
        { scenario: first, options: {} },
        opts.seed,
        opts.quick ? 1 : 3,
        opts.quick ? 5 : 60,
      );
  return { seed: opts.seed, games, decisions, aiGames: played };
}

export function formatPpssReport(r: PpssReport): string {
  return [
    formatRandomGames(r.seed, r.games),
    "",
    formatDecisions(r.decisions),
    "",
    r.aiGames.length === 0
      ? "(AI games skipped)"
      : formatAiGames("Each AI level against itself, whole games on the first scenario:", r.aiGames),
  ].join("\n");
}
