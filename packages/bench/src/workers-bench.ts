import { Worker } from "node:worker_threads";
import type { WorkerJob, WorkerMessage } from "./game-worker.js";
import type { GameRun } from "./games.js";

export interface WorkersFigure {
  readonly scenario: string;
  readonly policy: string;
  readonly gamesPerWorker: number;
  /** Games per second with one worker, and with two running at once. */
  readonly oneWorker: number;
  readonly twoWorkers: number;
  /** twoWorkers / oneWorker: 2 would be perfect scaling on two cores. */
  readonly speedup: number;
  readonly hashes: readonly string[];
}

const WORKER = new URL("./game-worker.js", import.meta.url);

/**
 * Runs `workers` threads at once, each playing the same games (the same
 * seeds: identical work, and a check that threads agree on every hash).
 * The clock starts when every worker has loaded the engine and is ready.
 */
async function runWorkers(job: WorkerJob, workers: number): Promise<{ seconds: number; runs: GameRun[][] }> {
  const threads = Array.from({ length: workers }, () => new Worker(WORKER, { workerData: job }));
  const message = (w: Worker, kind: WorkerMessage["kind"]) =>
    new Promise<WorkerMessage>((resolve, reject) => {
      const onMessage = (m: WorkerMessage) => {
        if (m.kind !== kind) return;
        w.off("message", onMessage);
        resolve(m);
      };
      w.on("message", onMessage);
      w.once("error", reject);
    });
  try {
    await Promise.all(threads.map((w) => message(w, "ready")));
    const done = threads.map((w) => message(w, "done"));
    const start = performance.now();
    for (const w of threads) w.postMessage("go");
    const results = await Promise.all(done);
    const seconds = (performance.now() - start) / 1000;
    return { seconds, runs: results.map((m) => (m.kind === "done" ? m.runs : [])) };
  } finally {
    await Promise.all(threads.map((w) => w.terminate()));
  }
}

/** Section 3b: games per second with one worker thread, then two. */
export async function workersBench(
  scenario: string,
  policy: string,
  seed: number,
  gamesPerWorker: number,
): Promise<WorkersFigure> {
  const job: WorkerJob = {
    scenario,
    policy,
    seeds: Array.from({ length: gamesPerWorker }, (_, i) => seed + i),
  };
  const one = await runWorkers(job, 1);
  const two = await runWorkers(job, 2);
  const hashes = (one.runs[0] ?? []).map((r) => r.hash);
  for (const runs of two.runs) {
    const got = runs.map((r) => r.hash);
    if (got.join() !== hashes.join())
      throw new Error(`worker threads disagree on the games' hashes: ${got} vs ${hashes}`);
  }
  const oneRate = gamesPerWorker / one.seconds;
  const twoRate = (2 * gamesPerWorker) / two.seconds;
  return {
    scenario,
    policy,
    gamesPerWorker,
    oneWorker: oneRate,
    twoWorkers: twoRate,
    speedup: twoRate / oneRate,
    hashes,
  };
}
