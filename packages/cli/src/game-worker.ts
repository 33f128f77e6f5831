/**
 * The worker thread of `tercio arena` and `tercio balance`: plays the games
 * the pool sends it (pool.ts), one at a time. `workerData` carries the global
 * --system and --rules, if given, so that every thread plays the same system
 * with the same rules data.
 */
import { workerData } from "node:worker_threads";
import type { CommonOptions } from "./catalog.js";
import { gamePlayer } from "./games.js";
import { nodeIo } from "./io.js";
import { serveTasks } from "./pool.js";
import { chooseSystem } from "./systems.js";

export type GameWorkerData = CommonOptions;

const data = (workerData ?? {}) as GameWorkerData;
const options: CommonOptions = {
  ...(data.system === undefined ? {} : { system: data.system }),
  ...(data.rules === undefined ? {} : { rules: data.rules }),
};
serveTasks(gamePlayer(chooseSystem(nodeIo, options)));
