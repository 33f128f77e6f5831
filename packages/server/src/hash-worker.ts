import { parentPort } from "node:worker_threads";
import type { HashRequest } from "./hash-protocol.js";
import { hashReplicas } from "./hash-replicas.js";

/** A hash thread: its games' replicas, each message answered in the order it came. */
const answer = hashReplicas();
parentPort?.on("message", (request: HashRequest) => {
  const reply = answer(request);
  if (reply) parentPort?.postMessage(reply);
});
