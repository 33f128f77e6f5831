import type { ScenarioEntry, Seat } from "@tercio/core";
import { table } from "../format.js";
import { combineTimes, type DecisionTimes, type GameRecord, type GameTask, outcome } from "../games.js";
import { type CommandResult, fail, type Io, nodeIo, runAsync } from "../io.js";
import {
  checkSeedRange,
  type MatchEnvironment,
  type MatchOptions,
  parseBot,
  parseGames,
  parseScenarios,
  parseWorkers,
  playGames,
} from "../matches.js";
import { queueTarget } from "../queued-games.js";
import {
  addTallies,
  EMPTY_TALLY,
  percentInterval,
  scoreText,
  summarise,
  type Tally,
  type TallySummary,
  tallyText,
} from "../stats.js";
import { type ChosenSystem, chooseSystem, setupOf } from "../systems.js";
import { gameOptions, parseSeed } from "./new.js";

export interface ArenaOptions extends MatchOptions {
  /** Print the report as JSON. */
  readonly json?: boolean;
  /** Also write the JSON report to this file. */
  readonly out?: string | undefined;
}

export const ARENA_FORMAT = "tercio/arena@2";
export const DEFAULT_ARENA_GAMES = 10;

/** One game of the match, from bot A's point of view. */
export interface ArenaGame {
  /** The game's place in the match: scenario, then seed, then A first before B first. */
  readonly index: number;
  readonly scenario: string;
  readonly seed: number;
  /** The seat bot A played. */
  readonly aPlays: Seat;
  readonly first: string;
  readonly second: string;
  readonly winner: Seat | "draw" | null;
  readonly aResult: "win" | "draw" | "loss" | null;
  readonly level?: string;
  readonly reason: string;
  readonly gameTurns: number;
  readonly actions: number;
  /** Wall-clock milliseconds per decision of each bot: the only part that varies from run to run. */
  readonly time: { readonly a: DecisionTimes; readonly b: DecisionTimes };
  readonly error?: string;
}

/** A's results over some games, with the split by the side A played. */
export interface ArenaTally extends TallySummary {
  readonly asFirst: TallySummary;
  readonly asSecond: TallySummary;
  /** Games without a result (an engine or policy error): not counted above. */
  readonly errors: number;
}

export interface ArenaReport {
  readonly format: typeof ARENA_FORMAT;
  /** The rule system played. */
  readonly system: string;
  readonly a: string;
  readonly b: string;
  readonly gamesPerSide: number;
  readonly seed: number;
  /** The system's options for every game, as given (Musket & Pike: { optionalRules }). */
  readonly options: Readonly<Record<string, unknown>>;
  readonly rules: { readonly version: string; readonly hash: string };
  readonly overall: ArenaTally;
  readonly scenarios: readonly ({ readonly id: string; readonly name: string } & ArenaTally)[];
  /** Wall clock (varies from run to run): the workers, the run's length, each bot's time per decision. */
  readonly timing: {
    readonly workers: number;
    readonly elapsedMs: number;
    readonly a: DecisionTimes;
    readonly b: DecisionTimes;
  };
  readonly games: readonly ArenaGame[];
}

/** Every game of the match, in order: per scenario, per seed, A as First Player then B as First Player. */
export function arenaTasks(
  scenarios: readonly Pick<ScenarioEntry, "id">[],
  a: string,
  b: string,
  games: number,
  seed: number,
  options: GameTask["options"],
): GameTask[] {
  const tasks: GameTask[] = [];
  for (const s of scenarios)
    for (let g = 0; g < games; g++) {
      tasks.push({ scenario: s.id, seed: seed + g, first: a, second: b, options });
      tasks.push({ scenario: s.id, seed: seed + g, first: b, second: a, options });
    }
  return tasks;
}

/** A game record seen from bot A, who played the First Player in even-numbered games. */
export function arenaGame(record: GameRecord, index: number): ArenaGame {
  const aPlays: Seat = index % 2 === 0 ? "first" : "second";
  const bPlays: Seat = aPlays === "first" ? "second" : "first";
  return {
    index,
    scenario: record.scenario,
    seed: record.seed,
    aPlays,
    first: record.first,
    second: record.second,
    winner: record.winner,
    aResult: outcome(record, aPlays),
    ...(record.level === undefined ? {} : { level: record.level }),
    reason: record.reason,
    gameTurns: record.gameTurns,
    actions: record.actions,
    time: { a: record.time[aPlays], b: record.time[bPlays] },
    ...(record.error === undefined ? {} : { error: record.error }),
  };
}

function tallyOf(games: readonly ArenaGame[]): Tally {
  let t = EMPTY_TALLY;
  for (const g of games) {
    if (g.aResult === "win") t = addTallies(t, { wins: 1, draws: 0, losses: 0 });
    else if (g.aResult === "draw") t = addTallies(t, { wins: 0, draws: 1, losses: 0 });
    else if (g.aResult === "loss") t = addTallies(t, { wins: 0, draws: 0, losses: 1 });
  }
  return t;
}

export function arenaTally(games: readonly ArenaGame[]): ArenaTally {
  return {
    ...summarise(tallyOf(games)),
    asFirst: summarise(tallyOf(games.filter((g) => g.aPlays === "first"))),
    asSecond: summarise(tallyOf(games.filter((g) => g.aPlays === "second"))),
    errors: games.filter((g) => g.aResult === null).length,
  };
}

function row(label: string, t: ArenaTally): string[] {
  return [
    label,
    String(t.games),
    tallyText(t),
    percentInterval(t.winRate),
    scoreText(t.score),
    tallyText(t.asFirst),
    tallyText(t.asSecond),
    t.errors === 0 ? "" : String(t.errors),
  ];
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));

/** The report as text; `optionsText` gives the options in the system's words (default: their JSON). */
export function arenaText(report: ArenaReport, optionsText?: string): string {
  const { a, b, overall } = report;
  const n = report.scenarios.length;
  const lines = [
    `Arena: ${a} (A) against ${b} (B); ${n} scenario${n === 1 ? "" : "s"}, ${report.gamesPerSide} game${
      report.gamesPerSide === 1 ? "" : "s"
    } per side on each (seeds ${report.seed} to ${report.seed + report.gamesPerSide - 1}): ${report.games.length} games`,
    `${report.system}; ${
      optionsText ??
      `options: ${Object.keys(report.options).length === 0 ? "none" : JSON.stringify(report.options)}`
    }`,
    "",
    `${a} (A) won ${overall.wins}, drew ${overall.draws} and lost ${overall.losses} of ${overall.games}: win rate ${percentInterval(
      overall.winRate,
    )}, score ${scoreText(overall.score)} (95% intervals)`,
    `  as First Player:  ${tallyText(overall.asFirst)}, win rate ${percentInterval(overall.asFirst.winRate)}, score ${scoreText(overall.asFirst.score)}`,
    `  as Second Player: ${tallyText(overall.asSecond)}, win rate ${percentInterval(overall.asSecond.winRate)}, score ${scoreText(overall.asSecond.score)}`,
    "",
    table(
      [
        "Scenario",
        "Games",
        "W-D-L",
        "A's win rate [95%]",
        "A's score [95%]",
        "A first",
        "A second",
        "Errors",
      ],
      [...report.scenarios.map((s) => row(`${s.id} ${s.name}`, s)), row("All", overall)],
      ["left", "right", "right", "right", "right", "right", "right", "right"],
    ),
    "",
    `Time per decision: ${a} (A) mean ${ms(report.timing.a.meanMs)} ms, max ${ms(report.timing.a.maxMs)} ms; ${b} (B) mean ${ms(
      report.timing.b.meanMs,
    )} ms, max ${ms(report.timing.b.maxMs)} ms (${report.timing.workers} worker${report.timing.workers === 1 ? "" : "s"}, ${(
      report.timing.elapsedMs / 1000
    ).toFixed(1)} s)`,
  ];
  if (overall.errors > 0) {
    lines.push("", `${overall.errors} game${overall.errors === 1 ? "" : "s"} ended without a result:`);
    for (const g of report.games.filter((x) => x.error !== undefined))
      lines.push(`  ${g.scenario} seed ${g.seed} (${g.first} first): ${g.error}`);
  }
  lines.push("", "W-D-L are A's wins, draws and losses; a draw counts half in the score.");
  return `${lines.join("\n")}\n`;
}

/** The options of a match in the system's words ("optional rules: caracolla"), read as its first scenario reads them. */
function optionsWords(
  chosen: ChosenSystem,
  scenarios: readonly Pick<ScenarioEntry, "id">[],
  options: Readonly<Record<string, unknown>>,
): string {
  const first = scenarios[0];
  const setup = first ? setupOf(chosen.system, first.id, options) : undefined;
  const own = setup ? chosen.cli.optionsText?.(setup.options) : undefined;
  return own ?? `options: ${Object.keys(options).length === 0 ? "none" : JSON.stringify(options)}`;
}

/**
 * Plays bot A against bot B on each scenario, every seed twice (A as First
 * Player, then B), on worker threads, and reports A's wins, draws and losses
 * with 95% confidence intervals.
 */
export function arenaCommand(
  a: string,
  b: string,
  options: ArenaOptions,
  io: Io = nodeIo,
  env: MatchEnvironment = {},
): Promise<CommandResult> {
  return runAsync(async (out) => {
    const chosen = chooseSystem(io, options);
    parseBot(chosen, a, "bot A");
    parseBot(chosen, b, "bot B");
    const games = parseGames(options.games, DEFAULT_ARENA_GAMES);
    const seed = options.seed === undefined ? 1 : parseSeed(options.seed);
    checkSeedRange(seed, games);
    const workers = parseWorkers(options.workers);
    const gameOpts = gameOptions(chosen, options);
    const scenarios = parseScenarios(chosen, options.scenarios, gameOpts);
    if (options.out !== undefined && options.out.trim() === "") fail("--out needs a file name");
    const queue = queueTarget(options.db, options.workers, chosen, options.rules, io);

    const tasks = arenaTasks(scenarios, a, b, games, seed, gameOpts);
    const start = performance.now();
    const { records, workers: playedBy } = await playGames(
      {
        tasks,
        workers,
        system: chosen.system.id,
        rules: options.rules,
        label: `arena ${a}-${b}`,
        progress: options.progress !== false,
        stream: env.progressStream ?? process.stderr,
        interruptedMessage: (done) => `interrupted after ${done} of ${tasks.length} games; nothing written`,
      },
      queue,
    );
    const elapsedMs = performance.now() - start;
    const played = records.map(arenaGame);
    const report: ArenaReport = {
      format: ARENA_FORMAT,
      system: chosen.system.id,
      a,
      b,
      gamesPerSide: games,
      seed,
      options: gameOpts,
      rules: { version: chosen.system.rules.version, hash: chosen.system.rules.hash },
      overall: arenaTally(played),
      scenarios: scenarios.map((s) => ({
        id: s.id,
        name: s.name,
        ...arenaTally(played.filter((g) => g.scenario === s.id)),
      })),
      timing: {
        workers: playedBy,
        elapsedMs,
        a: combineTimes(played.map((g) => g.time.a)),
        b: combineTimes(played.map((g) => g.time.b)),
      },
      games: played,
    };
    const json = `${JSON.stringify(report, null, 2)}\n`;
    if (options.out !== undefined) io.writeText(options.out, json);
    if (options.json) out.print(json);
    else {
      out.print(arenaText(report, optionsWords(chosen, scenarios, gameOpts)));
      if (options.out !== undefined) out.print(`wrote ${options.out}`);
    }
    if (report.overall.errors > 0) out.exitCode = 2;
  });
}
