/**
 * What `tercio arena` and `tercio balance` share: their options (bots,
 * scenarios, games, seeds, workers) and running a list of games on worker
 * threads, or on the queue of a database, with a progress report.
 */
import { findPolicy } from "@tercio/ai";
import type { ScenarioEntry } from "@tercio/core";
import type { CommonOptions } from "./catalog.js";
import type { GameWorkerData } from "./game-worker.js";
import type { GameRecord, GameTask, RunGamesOptions } from "./games.js";
import { fail } from "./io.js";
import { compiledScript, defaultWorkers, runPool } from "./pool.js";
import { createProgress, type ProgressStream } from "./progress.js";
import { type QueueTarget, runQueuedGames } from "./queued-games.js";
import { type ChosenSystem, levelsOf } from "./systems.js";

export interface MatchOptions extends CommonOptions {
  /** Games per scenario (per side arrangement in arena). */
  readonly games?: string | undefined;
  /** The first game's seed; game g is played with seed + g. */
  readonly seed?: string | undefined;
  /** Comma-separated rule numbers or names; default every scenario. */
  readonly scenarios?: string | undefined;
  /** Comma-separated optional rules (Musket & Pike 11.0-15.0). */
  readonly optional?: string | undefined;
  /** key=value options of the chosen system (repeatable). */
  readonly option?: readonly string[] | undefined;
  /** Worker threads; default the machine's available parallelism. */
  readonly workers?: string | undefined;
  /** false (--no-progress): no progress report on stderr. */
  readonly progress?: boolean | undefined;
  /** A PostgreSQL URL: the games go on its queue, for `tercio worker` processes to play. */
  readonly db?: string | undefined;
}

/** How a command runs its games; tests may pass their own stream. */
export interface MatchEnvironment {
  /** Where the progress report goes (default process.stderr). */
  readonly progressStream?: ProgressStream;
}

const MAX_GAMES = 100_000;

/** A whole number from `min` to `max`, or the default when the option is absent. */
export function parseCount(text: string | undefined, flag: string, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const t = text.trim();
  const n = /^\d+$/.test(t) ? Number(t) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max)
    fail(`${flag} must be a whole number from 1 to ${max}, not "${text}"`);
  return n;
}

export function parseGames(text: string | undefined, fallback: number): number {
  return parseCount(text, "--games", fallback, MAX_GAMES);
}

/** --workers: at least 1, at most the machine's available parallelism (more would only queue). */
export function parseWorkers(text: string | undefined): number {
  const available = defaultWorkers();
  if (text === undefined) return available;
  return Math.min(parseCount(text, "--workers", available, 1024), available);
}

/** The seeds base, base + 1, ... base + games - 1 must all be valid seeds. */
export function checkSeedRange(base: number, games: number): void {
  if (base + games - 1 > 0xffffffff)
    fail(`--seed ${base} with --games ${games} runs past the last seed, 4294967295`);
}

/** A bot by AI level of the chosen system, refused with the list of its levels. */
export function parseBot(chosen: ChosenSystem, name: string, what: string): string {
  const levels = levelsOf(chosen);
  if (!findPolicy(chosen.system.id, name))
    fail(`${what}: unknown policy "${name}"; choose from ${levels.join(", ")}`);
  return name;
}

/**
 * --scenarios 16.24,brentford: in the order given, each once, each found by
 * the system (Musket & Pike takes rule numbers and names); default every
 * scenario of the system in its order.
 */
export function parseScenarios(
  chosen: ChosenSystem,
  text: string | undefined,
  options: unknown = {},
): ScenarioEntry[] {
  const all = chosen.system.scenarios();
  if (text === undefined) return [...all];
  const names = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (names.length === 0) fail("--scenarios names no scenario");
  const found: ScenarioEntry[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const setup = chosen.system.parseSetup({ scenario: name, options });
    const s = setup.ok ? all.find((e) => e.id === setup.value.scenario) : undefined;
    if (!s) unknown.push(name);
    else if (!found.includes(s)) found.push(s);
  }
  if (unknown.length > 0)
    fail(
      `--scenarios: no scenario ${unknown.map((u) => `"${u}"`).join(", ")}; ${
        chosen.mp ? "use a rule number (16.11 to 16.51) or a name" : `use an id of ${chosen.system.id}`
      } (see: tercio scenario list)`,
    );
  return found;
}

/** "16.31 Brentford" */
export function scenarioLabel(s: Pick<ScenarioEntry, "id" | "name">): string {
  return `${s.id} ${s.name}`;
}

/**
 * Plays the tasks on worker threads; the records in task order. Ctrl-C stops
 * the workers and fails with `interruptedMessage` (exit code 130).
 */
export async function runGames(options: RunGamesOptions): Promise<GameRecord[]> {
  const { tasks } = options;
  const progress = options.progress
    ? createProgress({ total: tasks.length, label: options.label, stream: options.stream })
    : undefined;
  const controller = new AbortController();
  const onSigint = () => controller.abort(new Error("interrupted"));
  process.once("SIGINT", onSigint);
  let done = 0;
  const workerData: GameWorkerData = {
    ...(options.system === undefined ? {} : { system: options.system }),
    ...(options.rules === undefined ? {} : { rules: options.rules }),
  };
  try {
    return await runPool<GameTask, GameRecord>({
      script: compiledScript("game-worker.js", import.meta.url),
      tasks,
      workers: options.workers,
      workerData,
      signal: controller.signal,
      onResult(record, index) {
        done++;
        options.onRecord?.(record, index);
        progress?.tick(`${record.scenario} seed ${record.seed}: ${record.winner ?? "error"}`);
      },
    });
  } catch (e) {
    if (controller.signal.aborted) {
      progress?.finish();
      return fail(options.interruptedMessage(done), 130);
    }
    throw e;
  } finally {
    process.removeListener("SIGINT", onSigint);
    progress?.finish();
  }
}

/** A match's records in task order, and how many threads played them. */
export interface PlayedGames {
  readonly records: GameRecord[];
  readonly workers: number;
}

/**
 * The tasks played here on `workers` threads, or, given a queue, by the
 * `tercio worker` processes serving it: the same records either way.
 */
export async function playGames(
  options: RunGamesOptions,
  queue: QueueTarget | undefined,
): Promise<PlayedGames> {
  if (queue) return runQueuedGames(queue, options);
  const records = await runGames(options);
  return { records, workers: Math.min(options.workers, options.tasks.length) };
}
