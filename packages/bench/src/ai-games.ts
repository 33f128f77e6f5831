import { aiLevels, createRng, findPolicy, playGame } from "@tercio/ai";
import { type AnySystem, hashOf, seedPrng } from "@tercio/core";
import { formatNumber, table } from "./table.js";

/** Whole games of one AI level against itself on one scenario: how many a second one core plays. */
export interface AiGamesFigure {
  readonly level: string;
  readonly scenario: string;
  readonly games: number;
  readonly actions: number;
  readonly ms: number;
  readonly gamesPerSecond: number;
  /** hashOf each final position: the same seed plays the same game on every machine. */
  readonly hashes: readonly string[];
}

/**
 * Each AI level of `system` against itself, whole games one after another
 * from `seed`, until `count` games are played or `budgetSeconds` has passed
 * (at least one game each: a level slower than the budget still reports).
 */
export function aiGames(
  system: AnySystem,
  ctx: unknown,
  setup: { readonly scenario: string; readonly options: unknown },
  seed: number,
  count: number,
  budgetSeconds: number,
): AiGamesFigure[] {
  return aiLevels(system.id).map((level) => {
    const policy = findPolicy(system.id, level);
    if (!policy) throw new Error(`no AI level ${level} for ${system.id}`);
    const hashes: string[] = [];
    let actions = 0;
    const start = performance.now();
    for (let i = 0; i < count && (i === 0 || performance.now() - start < budgetSeconds * 1000); i++) {
      const game = playGame(system, ctx, setup, { seed: seed + i, first: policy, second: policy });
      actions += game.actionCount;
      hashes.push(hashOf(game.position));
    }
    const ms = performance.now() - start;
    return {
      level,
      scenario: setup.scenario,
      games: hashes.length,
      actions,
      ms,
      gamesPerSecond: (hashes.length * 1000) / ms,
      hashes,
    };
  });
}

export function formatAiGames(title: string, figures: readonly AiGamesFigure[]): string {
  return [
    title,
    table(
      ["level", "scenario", "games", "actions/game", "s/game", "games/s", "first game's hash"],
      figures.map((f) => [
        f.level,
        f.scenario,
        f.games,
        Math.round(f.actions / Math.max(1, f.games)),
        formatNumber(f.ms / 1000 / Math.max(1, f.games)),
        f.gamesPerSecond,
        f.hashes[0] ?? "",
      ]),
    ),
  ].join("\n");
}

/** One AI level's decisions in a game against itself: how many, and how long each took. */
export interface AiDecisionFigure {
  readonly level: string;
  readonly calls: number;
  readonly meanMs: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly finished: boolean;
}

/**
 * One game of `level` against itself from `setup`, every decision timed,
 * cut at `budgetSeconds`; an illegal choice throws (the bench checks as it
 * times).
 */
export function aiDecisions(
  system: AnySystem,
  ctx: unknown,
  setup: { readonly scenario: string; readonly options: unknown },
  level: string,
  seed: number,
  budgetSeconds: number,
): AiDecisionFigure {
  const players = { first: findPolicy(system.id, level), second: findPolicy(system.id, level) };
  if (!players.first || !players.second) throw new Error(`no AI level ${level} for ${system.id}`);
  const rngs = { first: createRng(seed), second: createRng((seed ^ 0x5bd1e995) >>> 0) };
  const opened = system.open(ctx, setup, seedPrng(seed));
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  const times: number[] = [];
  const start = performance.now();
  for (let seat = system.toAct(position); seat !== null; seat = system.toAct(position)) {
    if (performance.now() - start > budgetSeconds * 1000) break;
    const t0 = performance.now();
    const policy = seat === "first" ? players.first : players.second;
    const action = policy.choose(ctx, position, seat === "first" ? rngs.first : rngs.second);
    times.push(performance.now() - t0);
    const step = system.apply(ctx, position, action);
    if (!step.ok) throw new Error(`${level} chose an illegal action: ${step.error.message}`);
    position = step.value.position;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    level,
    calls: times.length,
    meanMs: times.reduce((s, t) => s + t, 0) / Math.max(1, times.length),
    p95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    maxMs: sorted[sorted.length - 1] ?? 0,
    finished: system.toAct(position) === null,
  };
}

/** Whole random games over a tabletop system's listed actions, one scenario's figures. */
export interface RandomGamesFigure {
  readonly scenario: string;
  readonly games: number;
  readonly actions: number;
  readonly ms: number;
  readonly gamesPerSecond: number;
  readonly hashes: readonly string[];
}

/** The random games' summary line and table, each scenario's first hash beside it (the same seed, the same game). */
export function formatRandomGames(seed: number, games: readonly RandomGamesFigure[]): string {
  const total = games.reduce(
    (t, g) => ({ games: t.games + g.games, actions: t.actions + g.actions, ms: t.ms + g.ms }),
    { games: 0, actions: 0, ms: 0 },
  );
  return [
    `Whole random games (seeded picker over legalActions, seeds ${seed}..), one core: ${formatNumber((total.games * 1000) / Math.max(1, total.ms))} games/s, ${Math.round((total.actions * 1000) / Math.max(1, total.ms))} actions/s`,
    table(
      ["scenario", "games", "actions/game", "ms/game", "games/s", "first game's hash"],
      games.map((g) => [
        g.scenario,
        g.games,
        Math.round(g.actions / g.games),
        g.ms / g.games,
        g.gamesPerSecond,
        g.hashes[0] ?? "",
      ]),
    ),
  ].join("\n");
}

/** Each AI level's time per decision against itself, against the issues' target of a second. */
export function formatDecisions(decisions: readonly AiDecisionFigure[]): string {
  return [
    "AI decisions, each level against itself on the first scenario (target: at most 1 s a decision):",
    table(
      ["level", "decisions", "mean ms", "p95 ms", "max ms", "game finished"],
      decisions.map((d) => [
        d.level,
        d.calls,
        d.meanMs,
        d.p95Ms,
        d.maxMs,
        d.finished ? "yes" : "cut at the budget",
      ]),
    ),
  ].join("\n");
}
