/**
 * A worker thread of the scaling bench (workers-bench.ts): loads the engine,
 * says it is ready, then on "go" plays its games and posts their runs.
 */
import { parentPort, workerData } from "node:worker_threads";
import { defaultCatalog } from "@tercio/musket-and-pike";
import { type GameRun, timedGame } from "./games.js";
import { contextFor } from "./scenarios.js";

export interface WorkerJob {
  readonly scenario: string;
  readonly policy: string;
  readonly seeds: readonly number[];
}

export type WorkerMessage = { readonly kind: "ready" } | { readonly kind: "done"; readonly runs: GameRun[] };

const port = parentPort;
if (!port) throw new Error("game-worker.js runs as a worker thread");
const job = workerData as WorkerJob;
const ctx = contextFor(defaultCatalog(), job.scenario);
port.on("message", (message: unknown) => {
  if (message !== "go") return;
  const runs = job.seeds.map((seed) => timedGame(ctx, job.policy, seed));
  port.postMessage({ kind: "done", runs } satisfies WorkerMessage);
  port.close();
});
port.postMessage({ kind: "ready" } satisfies WorkerMessage);
