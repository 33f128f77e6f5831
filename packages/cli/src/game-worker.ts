/**
 * The worker thread of `tercio arena` and `tercio balance`: plays the games
 * the pool sends it (pool.ts), one at a time. `workerData` carries the global
 * --rules file, if any, so that every thread plays with the same rules data.
 */
import { workerData } from "node:worker_threads";
import { loadCatalog } from "./catalog.js";
import { gamePlayer } from "./games.js";
import { nodeIo } from "./io.js";
import { serveTasks } from "./pool.js";

export interface GameWorkerData {
  readonly rules?: string | undefined;
}

const data = (workerData ?? {}) as GameWorkerData;
serveTasks(gamePlayer(loadCatalog(nodeIo, data.rules === undefined ? {} : { rules: data.rules })));
