import type { CommonOptions } from "../catalog.js";
import { type CommandResult, fail, runAsync } from "../io.js";
import { parseCount, parseWorkers } from "../matches.js";
import { parseQueueUrl } from "../queue-database.js";
import { serveQueue } from "../queue-worker.js";

export interface WorkerOptions extends CommonOptions {
  /** The queue's database: a postgres:// URL. */
  readonly db?: string | undefined;
  /** Threads, each playing one game at a time (default 1). */
  readonly workers?: string | undefined;
  /** Seconds a game stays claimed without a renewal (default 30). */
  readonly lease?: string | undefined;
  /** Milliseconds between two looks at an empty queue (default 1000). */
  readonly poll?: string | undefined;
  /** Seconds a game may take before it is stopped and failed (default 3600). */
  readonly gameTimeout?: string | undefined;
}

export const DEFAULT_LEASE_SECONDS = 30;
export const DEFAULT_POLL_MS = 1000;
/** An hour: the longest game of any level takes minutes; one still playing after this never ends. */
export const DEFAULT_GAME_TIMEOUT_SECONDS = 3600;

/** How the command is run; tests may pass their own. */
export interface WorkerEnvironment {
  /** Stops the worker; by default SIGINT and SIGTERM do. */
  readonly signal?: AbortSignal;
  /** The log, by default standard error as it comes. */
  readonly log?: (line: string) => void;
}

/**
 * Plays the games that `tercio arena --db` and `tercio balance --db` put on
 * the queue, until stopped; any number of workers on any machines may serve
 * one queue. Stops cleanly on SIGINT or SIGTERM, giving back the games it
 * was playing.
 */
export function workerCommand(options: WorkerOptions, env: WorkerEnvironment = {}): Promise<CommandResult> {
  return runAsync(async (out) => {
    // Each run names its system and carries its rules data: a worker's own would be ignored, so they are refused.
    if (options.system !== undefined || options.rules !== undefined)
      fail(
        "worker: --system and --rules belong to arena and balance: a worker plays each run with the system and rules data it names",
      );
    const db = parseQueueUrl(options.db);
    const threads = options.workers === undefined ? 1 : parseWorkers(options.workers);
    const leaseSeconds = parseCount(options.lease, "--lease", DEFAULT_LEASE_SECONDS, 86_400);
    const pollMs = parseCount(options.poll, "--poll", DEFAULT_POLL_MS, 60_000);
    const gameTimeoutSeconds = parseCount(
      options.gameTimeout,
      "--game-timeout",
      DEFAULT_GAME_TIMEOUT_SECONDS,
      7 * 86_400,
    );
    const log = env.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    const controller = new AbortController();
    const stop = () => controller.abort();
    env.signal?.addEventListener("abort", stop, { once: true });
    if (!env.signal) {
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    }
    try {
      const totals = await serveQueue({
        db,
        threads,
        leaseSeconds,
        pollMs,
        gameTimeoutSeconds,
        signal: controller.signal,
        log,
      });
      out.warn(
        `worker stopped: ${totals.played} game${totals.played === 1 ? "" : "s"} played, ${totals.failed} failed, ${totals.givenBack} given back to the queue`,
      );
    } finally {
      env.signal?.removeEventListener("abort", stop);
      process.removeListener("SIGINT", stop);
      process.removeListener("SIGTERM", stop);
    }
  });
}
