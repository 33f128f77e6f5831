/**
 * `tercio arena --db` and `tercio balance --db`: the same tasks a local run
 * gives its worker threads, put on the queue in PostgreSQL as one run, and
 * their records read back as `tercio worker` processes (on any machine)
 * finish them. Each record is set under its task's index, as the thread
 * pool sets it, so that the report is the local run's, game for game.
 */
import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { databaseProblem } from "@tercio/server";
import type { Pool } from "pg";
import { buildId } from "./build-id.js";
import type { GameRecord, GameTask, RunGamesOptions } from "./games.js";
import { fail, type Io, UserError } from "./io.js";
import { createProgress, type Progress } from "./progress.js";
import { openQueue, parseQueueUrl, type QueueDatabase } from "./queue-database.js";
import { parseRecord, type RunSetup } from "./queue-payloads.js";
import { collectOutcomes, type JobOutcome, publishRun, removeRun, renewRun } from "./queue-runs.js";
import type { ChosenSystem } from "./systems.js";

/** Where a run's games go and what they are played with. */
export interface QueueTarget {
  readonly db: QueueDatabase;
  readonly setup: RunSetup;
}

/** Milliseconds between two looks for finished games. */
const POLL_MS = 200;
/** Milliseconds between two renewals of the run (well inside RUN_LEASE_SECONDS). */
const RENEW_MS = 10_000;

/**
 * --db of arena and balance: the queue, and the setup its workers need (the
 * --rules file's text itself, since their machines need not have the file).
 */
export function queueTarget(
  db: string | undefined,
  workers: string | undefined,
  chosen: ChosenSystem,
  rules: string | undefined,
  io: Io,
): QueueTarget | undefined {
  if (db === undefined) return undefined;
  if (workers !== undefined)
    fail(
      "--workers does not go with --db: the games are played by `tercio worker` processes (give them --workers)",
    );
  const { version, hash } = chosen.system.rules;
  return {
    db: parseQueueUrl(db),
    setup: {
      system: chosen.system.id,
      ...(rules === undefined ? {} : { rulesText: io.readText(rules) }),
      rules: { version, hash },
      build: buildId(),
    },
  };
}

/** "arena-greedy-random-3f2a9c01-5d6e7f80": the command's label, a digest of what it plays, and a fresh part. */
export function runIdOf(label: string, setup: RunSetup, tasks: readonly GameTask[]): string {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  const digest = createHash("sha256")
    .update(JSON.stringify({ system: setup.system, rules: setup.rules, tasks }))
    .digest("hex")
    .slice(0, 8);
  return `${slug}-${digest}-${randomBytes(4).toString("hex")}`;
}

/** The records of a queued run in task order, and how many worker threads played them. */
export interface QueuedResult {
  readonly records: GameRecord[];
  readonly workers: number;
}

/** Puts the tasks on the queue and waits for every record; Ctrl-C takes the run off the queue (exit 130). */
export async function runQueuedGames(target: QueueTarget, options: RunGamesOptions): Promise<QueuedResult> {
  const { tasks } = options;
  if (tasks.length === 0) return { records: [], workers: 0 };
  const pool = await openQueue(target.db, { maxConnections: 2 });
  const runId = runIdOf(options.label, target.setup, tasks);
  const progress = options.progress
    ? createProgress({ total: tasks.length, label: options.label, stream: options.stream })
    : undefined;
  const controller = new AbortController();
  const onSigint = () => controller.abort(new Error("interrupted"));
  process.once("SIGINT", onSigint);
  const waiting = new Waiting(tasks, options, progress);
  try {
    await publishRun(pool, runId, target.setup, tasks).catch((e: unknown) => lost(target.db, e));
    if (options.progress)
      options.stream.write(
        `${options.label}: ${tasks.length} games on the queue at ${target.db.name} as run ${runId}; tercio worker --db <the same URL> of this build (${target.setup.build}) plays them\n`,
      );
    await waitForAll(pool, runId, target.db, waiting, controller.signal);
    return { records: waiting.records, workers: waiting.workers.size };
  } catch (e) {
    if (controller.signal.aborted) {
      progress?.finish();
      return fail(options.interruptedMessage(waiting.done), 130);
    }
    throw e;
  } finally {
    process.removeListener("SIGINT", onSigint);
    progress?.finish();
    // Done, failed or stopped: nobody will read the rest, so no worker should play it.
    await removeRun(pool, runId).catch(() => undefined);
    await pool.end().catch(() => undefined);
  }
}

/** The records come in as the workers finish them. */
class Waiting {
  readonly records: GameRecord[];
  readonly workers = new Set<string>();
  done = 0;

  constructor(
    private readonly tasks: readonly GameTask[],
    private readonly options: RunGamesOptions,
    private readonly progress: Progress | undefined,
  ) {
    this.records = new Array<GameRecord>(tasks.length);
  }

  get complete(): boolean {
    return this.done === this.tasks.length;
  }

  /** One finished game: its record under its index; a failed game stops the run, in words. */
  take(outcome: JobOutcome): void {
    const task = this.tasks[outcome.game];
    // Only this command writes the run's games, so an index out of range is no game of this run.
    if (task === undefined || this.records[outcome.game] !== undefined) return;
    const what = `game ${outcome.game} (${task.scenario} seed ${task.seed}, ${task.first} against ${task.second})`;
    if (!outcome.ok) fail(`${what} failed on worker ${outcome.worker}: ${outcome.error}`);
    const record = parseRecord(outcome.result, task);
    if (typeof record === "string") fail(`${what}: ${record} (worker ${outcome.worker})`);
    this.records[outcome.game] = record;
    this.workers.add(outcome.worker);
    this.done++;
    this.options.onRecord?.(record, outcome.game);
    this.progress?.tick(`${record.scenario} seed ${record.seed}: ${record.winner ?? "error"}`);
  }
}

async function waitForAll(
  pool: Pool,
  runId: string,
  db: QueueDatabase,
  waiting: Waiting,
  signal: AbortSignal,
): Promise<void> {
  let renewed = performance.now();
  while (!waiting.complete) {
    const outcomes = await collectOutcomes(pool, runId).catch((e: unknown) => lost(db, e));
    for (const o of outcomes.sort((a, b) => a.game - b.game)) waiting.take(o);
    if (waiting.complete) return;
    await sleep(POLL_MS, undefined, { signal });
    if (performance.now() - renewed > RENEW_MS) {
      await renewRun(pool, runId).catch((e: unknown) => lost(db, e));
      renewed = performance.now();
    }
  }
}

function lost(db: QueueDatabase, e: unknown): never {
  if (e instanceof UserError) throw e;
  return fail(`lost the queue at ${db.name}: ${databaseProblem(e)}`);
}
