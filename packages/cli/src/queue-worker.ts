/**
 * `tercio worker`: takes games from the queue, plays each on a worker
 * thread with the code a local run uses (queue-thread.ts), and stores its
 * record. Every thread is a lane that claims one game at a time. While a
 * game is played its lease is renewed; a worker killed mid-game stops
 * renewing it, and once the lease runs out another worker takes the game.
 * Told to stop (SIGINT, SIGTERM), a worker gives its games back at once.
 */
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { databaseProblem } from "@tercio/server";
import type { Pool } from "pg";
import { buildId } from "./build-id.js";
import type { GameRecord } from "./games.js";
import { compiledScript } from "./pool.js";
import {
  type Claim,
  claimGame,
  completeGame,
  failGame,
  releaseGame,
  removeAbandonedRuns,
  renewClaim,
} from "./queue-claims.js";
import { openQueue, type QueueDatabase } from "./queue-database.js";
import { parseSetup, parseTask, type QueuedJob } from "./queue-payloads.js";
import { TaskFailed, TaskThread } from "./task-thread.js";

export interface QueueWorkerOptions {
  readonly db: QueueDatabase;
  /** Games played at once, one per thread. */
  readonly threads: number;
  /** Seconds a claim lasts unrenewed: how soon a killed worker's game is played again. */
  readonly leaseSeconds: number;
  /** Milliseconds between two looks at an empty queue. */
  readonly pollMs: number;
  /**
   * Seconds a game may take: one still playing then is stopped and failed.
   * A game that never ends (a policy's bug) would otherwise hold its lane,
   * renew its lease and keep its run waiting for ever, without a word.
   */
  readonly gameTimeoutSeconds: number;
  /** Stops the worker: the games being played go back to the queue. */
  readonly signal: AbortSignal;
  /** The worker's log (standard error). */
  readonly log: (line: string) => void;
}

/** A game taken this many times without being finished is failed: something kills every worker that plays it. */
export const MAX_ATTEMPTS = 5;
/** Seconds to wait after a database error before trying again. */
const RETRY_SECONDS = 5;
/** Milliseconds between two removals of abandoned runs. */
const PURGE_EVERY_MS = 10 * 60 * 1000;

export interface WorkerTotals {
  played: number;
  failed: number;
  givenBack: number;
}

/** Serves the queue until the signal; resolves with what was done. Fails (UserError) when the database cannot be used. */
export async function serveQueue(options: QueueWorkerOptions): Promise<WorkerTotals> {
  const { db, threads, log } = options;
  // One connection per lane, one more for the renewals running beside them.
  const pool = await openQueue(db, { maxConnections: threads * 2 + 1, log });
  const me = `${hostname()}:${process.pid}`;
  const totals: WorkerTotals = { played: 0, failed: 0, givenBack: 0 };
  log(
    `worker ${me}: ${threads} thread${threads === 1 ? "" : "s"} taking games of build ${buildId()} from ${db.name} (lease ${options.leaseSeconds} s); Ctrl-C stops`,
  );
  const purge = setInterval(() => void purgeAbandoned(pool, log), PURGE_EVERY_MS);
  purge.unref();
  try {
    await purgeAbandoned(pool, log);
    const lanes = Array.from(
      { length: threads },
      (_, k) => new Lane(pool, `${me}/${k + 1}`, options, totals),
    );
    await Promise.all(lanes.map((lane) => lane.serve()));
  } finally {
    clearInterval(purge);
    await pool.end().catch(() => undefined);
  }
  return totals;
}

async function purgeAbandoned(pool: Pool, log: (line: string) => void): Promise<void> {
  const removed = await removeAbandonedRuns(pool).catch(() => 0);
  if (removed > 0)
    log(`removed ${removed} run${removed === 1 ? "" : "s"} whose command had been gone over an hour`);
}

/** Resolves after `ms`, or at once when the signal fires. */
async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}

/** "UserError: unknown policy" with its stack: the first line, without the error's class. */
function firstLine(message: string): string {
  return (message.split("\n")[0] ?? "").replace(/^(User)?Error: /, "");
}

/** One thread's loop: claim, play, store, again. */
class Lane {
  private readonly thread = new TaskThread<QueuedJob, GameRecord | null>(
    compiledScript("queue-thread.js", import.meta.url),
  );

  constructor(
    private readonly pool: Pool,
    private readonly name: string,
    private readonly options: QueueWorkerOptions,
    private readonly totals: WorkerTotals,
  ) {}

  async serve(): Promise<void> {
    const { signal, pollMs, log, leaseSeconds } = this.options;
    try {
      while (!signal.aborted) {
        let claim: Claim | undefined;
        try {
          claim = await claimGame(this.pool, this.name, leaseSeconds, buildId());
        } catch (e) {
          log(
            `${this.name}: the queue's database: ${databaseProblem(e)}; trying again in ${RETRY_SECONDS} s`,
          );
          await pause(RETRY_SECONDS * 1000, signal);
          continue;
        }
        if (claim) await this.play(claim);
        else await pause(pollMs, signal);
      }
    } finally {
      await this.thread.stop();
    }
  }

  /** Checks the claimed job, plays it with its lease renewed, and stores what came of it. */
  private async play(claim: Claim): Promise<void> {
    const label = `run ${claim.runId} game ${claim.game}`;
    if (claim.attempts > MAX_ATTEMPTS)
      return this.fail(
        claim,
        label,
        `taken ${claim.attempts - 1} times and never finished (each worker that played it was stopped or cut off from the database): not tried again`,
      );
    const setup = parseSetup(claim.setup);
    if (!setup.ok) return this.fail(claim, label, setup.error);
    const task = parseTask(claim.task);
    if (!task.ok) return this.fail(claim, label, task.error);
    const t = task.value;
    const attempt = claim.attempts > 1 ? `, attempt ${claim.attempts}` : "";
    this.options.log(
      `${label} (${t.scenario} seed ${t.seed}, ${t.first} against ${t.second}${attempt}): playing`,
    );

    const { signal } = this.options;
    const stop = () => void this.thread.stop();
    signal.addEventListener("abort", stop, { once: true });
    const renewing = this.renewWhilePlaying(claim);
    const { gameTimeoutSeconds } = this.options;
    let timedOut = false;
    let timeout: NodeJS.Timeout | undefined;
    try {
      // The run's system is loaded first (a new thread, after a stopped game, loads it again): the clock is the game's.
      await this.thread.run({ setup: setup.value, load: true });
      timeout = setTimeout(() => {
        timedOut = true;
        void this.thread.stop();
      }, gameTimeoutSeconds * 1000);
      const start = performance.now();
      const record = await this.thread.run({ setup: setup.value, task: t });
      // The game has answered: storing its record, however slow, is not stopped by the clock.
      clearTimeout(timeout);
      if (!record) throw new Error("the thread answered a game with no record");
      await this.store(claim, label, record, performance.now() - start);
    } catch (e) {
      if (signal.aborted) await this.giveBack(claim, label);
      else if (timedOut)
        await this.fail(
          claim,
          label,
          `not finished after ${gameTimeoutSeconds} s (--game-timeout): stopped, as a game that never ends would be`,
        );
      else if (e instanceof TaskFailed) await this.fail(claim, label, firstLine(e.message));
      else await this.fail(claim, label, e instanceof Error ? e.message : String(e));
    } finally {
      clearTimeout(timeout);
      clearInterval(renewing);
      signal.removeEventListener("abort", stop);
    }
  }

  /** Renews the lease at a third of its length, so that two renewals may fail before it runs out. */
  private renewWhilePlaying(claim: Claim): NodeJS.Timeout {
    const { leaseSeconds, log } = this.options;
    return setInterval(
      () => {
        renewClaim(this.pool, claim, leaseSeconds).catch((e: unknown) =>
          log(
            `${this.name}: could not renew the lease of run ${claim.runId} game ${claim.game}: ${databaseProblem(e)}`,
          ),
        );
      },
      (leaseSeconds * 1000) / 3,
    );
  }

  private async store(claim: Claim, label: string, record: GameRecord, ms: number): Promise<void> {
    const { log } = this.options;
    try {
      const stored = await completeGame(this.pool, claim, JSON.stringify(record));
      if (!stored) {
        log(`${label}: played, but the run has ended or another worker holds the game now; not stored`);
        return;
      }
      this.totals.played++;
      log(
        `${label}: ${record.winner ?? `no result (${record.error ?? record.reason})`} (${(ms / 1000).toFixed(1)} s)`,
      );
    } catch (e) {
      log(
        `${label}: could not store the record (${databaseProblem(e)}); the game will be played again when its lease runs out`,
      );
    }
  }

  /** The job cannot be played: marked failed, for its command to report; never tried again. */
  private async fail(claim: Claim, label: string, error: string): Promise<void> {
    const { log } = this.options;
    this.totals.failed++;
    log(`${label}: failed: ${error}`);
    try {
      await failGame(this.pool, claim, error);
    } catch (e) {
      log(`${label}: could not mark it failed (${databaseProblem(e)})`);
    }
  }

  private async giveBack(claim: Claim, label: string): Promise<void> {
    const { log } = this.options;
    this.totals.givenBack++;
    try {
      await releaseGame(this.pool, claim);
      log(`${label}: given back to the queue`);
    } catch (e) {
      log(
        `${label}: could not give it back (${databaseProblem(e)}); another worker takes it when its lease runs out`,
      );
    }
  }
}
