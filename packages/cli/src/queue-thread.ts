/**
 * A worker thread of `tercio worker`: plays the games of any run it is
 * given, with the same gamePlayer a local run's worker thread uses
 * (game-worker.ts), so that the same task gives the same record. Each run
 * names its system and rules data; a thread keeps a player per setup.
 */
import { buildId } from "./build-id.js";
import type { CommonOptions } from "./catalog.js";
import { type GameRecord, gamePlayer } from "./games.js";
import { MemoryIo } from "./memory-io.js";
import { serveTasks } from "./pool.js";
import type { QueuedGame, QueuedJob, RunSetup } from "./queue-payloads.js";
import { chooseSystem } from "./systems.js";

/** The name the run's rules text goes by: messages about the data name it. */
const RULES_FILE = "the run's rules data";

const players = new Map<string, (task: QueuedGame["task"]) => GameRecord>();

/** The run's system and rules, loaded as a local run loads its --rules file, and checked against the run's hash. */
function playerFor(setup: RunSetup): (task: QueuedGame["task"]) => GameRecord {
  // Workers claim only their own build's runs; a row changed by hand is still refused here.
  if (setup.build !== buildId())
    throw new Error(
      `this worker is build ${buildId()}, the run's ${setup.build}: run the same Tercio on every machine`,
    );
  const key = `${setup.system} ${setup.rules.hash} ${setup.rulesText === undefined ? "built-in" : "given"}`;
  const known = players.get(key);
  if (known) return known;
  const io = new MemoryIo(setup.rulesText === undefined ? {} : { [RULES_FILE]: setup.rulesText });
  const options: CommonOptions = {
    system: setup.system,
    ...(setup.rulesText === undefined ? {} : { rules: RULES_FILE }),
  };
  const chosen = chooseSystem(io, options);
  const { version, hash } = chosen.system.rules;
  if (hash !== setup.rules.hash)
    throw new Error(
      `this worker's ${setup.system} rules data are ${version} (${hash}), the run's ${setup.rules.version} (${setup.rules.hash}): run the same Tercio on every machine`,
    );
  const player = gamePlayer(chosen);
  players.set(key, player);
  return player;
}

serveTasks<QueuedJob, GameRecord | null>((job) => {
  // Loading alone answers nothing: the worker times the game that follows.
  if ("load" in job) {
    playerFor(job.setup);
    return null;
  }
  return playerFor(job.setup)(job.task);
});
