import { join } from "node:path";
import { balanceHtml } from "../balance-html.js";
import {
  BALANCE_FORMAT,
  type BalanceReport,
  balanceText,
  scenarioBalance,
  summaryOf,
} from "../balance-report.js";
import { type BalanceConfig, type GameStore, gameKey, openStore } from "../balance-store.js";
import { combineTimes, type GameRecord, type GameTask } from "../games.js";
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
import { chooseSystem } from "../systems.js";
import { gameOptions, parseSeed } from "./new.js";

export interface BalanceOptions extends MatchOptions {
  /** The policy playing both sides (default greedy). */
  readonly bot?: string | undefined;
  /** A folder for games.jsonl, balance.json and balance.html; makes the run resumable. */
  readonly out?: string | undefined;
  readonly json?: boolean;
}

export const DEFAULT_BALANCE_GAMES = 20;
export const DEFAULT_BALANCE_BOT = "greedy";

/**
 * Plays one bot against itself, `games` seeds on each scenario of the chosen
 * system, and sets the results beside the balance each scenario states
 * (Musket & Pike's 16.0; a system whose scenarios state none is measured
 * alone). With --out the games are kept as they finish, so a stopped run
 * goes on where it stopped.
 */
export function balanceCommand(
  options: BalanceOptions,
  io: Io = nodeIo,
  env: MatchEnvironment = {},
): Promise<CommandResult> {
  return runAsync(async (out) => {
    const chosen = chooseSystem(io, options);
    const bot = parseBot(chosen, options.bot ?? DEFAULT_BALANCE_BOT, "--bot");
    const games = parseGames(options.games, DEFAULT_BALANCE_GAMES);
    const seed = options.seed === undefined ? 1 : parseSeed(options.seed);
    checkSeedRange(seed, games);
    const workers = parseWorkers(options.workers);
    const given = gameOptions(chosen, options);
    // Musket & Pike's options always name their optional rules, sorted: a run is resumed by equal options.
    const optionalRules = Array.isArray(given.optionalRules) ? given.optionalRules.map(String).sort() : [];
    const gameOpts = chosen.mp ? { ...given, optionalRules } : given;
    const scenarios = parseScenarios(chosen, options.scenarios, gameOpts).map((s) => ({
      ...s,
      balance: chosen.cli.statedBalance?.(s.id),
    }));
    if (options.out !== undefined && options.out.trim() === "") fail("--out needs a folder name");
    const queue = queueTarget(options.db, options.workers, chosen, options.rules, io);

    const config: BalanceConfig = {
      system: chosen.system.id,
      bot,
      seed,
      options: gameOpts,
      rules: { version: chosen.system.rules.version, hash: chosen.system.rules.hash },
    };
    const store: GameStore | undefined =
      options.out === undefined ? undefined : openStore(options.out, config);
    for (const note of store?.notes ?? []) out.warn(note);

    const planned: GameTask[] = [];
    for (const s of scenarios)
      for (let g = 0; g < games; g++)
        planned.push({ scenario: s.id, seed: seed + g, first: bot, second: bot, options: gameOpts });
    const known = store?.records ?? new Map<string, GameRecord>();
    const missing = planned.filter((t) => !known.has(gameKey(t.scenario, t.seed)));
    const already = planned.length - missing.length;
    const log = (line: string) => (options.json ? out.warn(line) : out.print(line));
    log(
      `Balance: ${bot} against itself, ${games} game${games === 1 ? "" : "s"} on each of ${scenarios.length} scenario${
        scenarios.length === 1 ? "" : "s"
      } of ${chosen.system.id} (seeds ${seed} to ${seed + games - 1})${Object.keys(given).length > 0 ? `, options ${JSON.stringify(given)}` : ""}`,
    );
    if (store)
      log(
        already > 0
          ? `${already} game${already === 1 ? "" : "s"} already in ${store.path}; playing the other ${missing.length}`
          : `playing ${missing.length} games; each is saved in ${store.path} as it ends`,
      );

    const { records: played } = await playGames(
      {
        tasks: missing,
        workers,
        system: chosen.system.id,
        rules: options.rules,
        label: `balance ${bot}`,
        progress: options.progress !== false,
        stream: env.progressStream ?? process.stderr,
        ...(store ? { onRecord: (r: GameRecord) => store.append(r) } : {}),
        interruptedMessage: (done) =>
          store
            ? `interrupted: ${already + done} of ${planned.length} games are saved in ${store.path}; run the same command again to play the rest`
            : `interrupted after ${done} of ${planned.length} games; nothing saved (use --out to keep the games)`,
      },
      queue,
    );
    const all = new Map(known);
    for (const r of played) all.set(gameKey(r.scenario, r.seed), r);
    const records = planned.map((t) => all.get(gameKey(t.scenario, t.seed)) as GameRecord);

    const perScenario = scenarios.map((s) =>
      scenarioBalance(
        s,
        records.filter((r) => r.scenario === s.id),
      ),
    );
    const report: BalanceReport = {
      format: BALANCE_FORMAT,
      system: chosen.system.id,
      systemTitle: chosen.system.title,
      bot,
      gamesPerScenario: games,
      seed,
      options: gameOpts,
      rules: config.rules,
      summary: summaryOf(perScenario),
      scenarios: perScenario,
      time: combineTimes(records.flatMap((r) => [r.time.first, r.time.second])),
    };
    const json = `${JSON.stringify(report, null, 2)}\n`;
    if (options.out !== undefined) {
      io.writeText(join(options.out, "balance.json"), json);
      io.writeText(join(options.out, "balance.html"), balanceHtml(report));
    }
    if (options.json) out.print(json);
    else {
      out.print();
      out.print(balanceText(report));
      if (options.out !== undefined)
        out.print(`\nwrote ${join(options.out, "balance.json")} and ${join(options.out, "balance.html")}`);
    }
    const errors = records.filter((r) => r.error !== undefined);
    for (const r of errors) out.warn(`${r.scenario} seed ${r.seed}: no result: ${r.error}`);
    if (errors.length > 0) out.exitCode = 2;
  });
}
