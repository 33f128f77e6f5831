import { parentPort } from "node:worker_threads";
import { aiPlayers } from "./ai-player.js";
import type { AiRequest } from "./ai-protocol.js";

/** An AI seats' thread: one request at a time, each answered by the game's own player. */
const answer = aiPlayers();
parentPort?.on("message", (request: AiRequest) => {
  const reply = answer(request);
  if (reply) parentPort?.postMessage(reply);
});
