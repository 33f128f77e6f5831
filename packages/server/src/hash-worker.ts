import { parentPort } from "node:worker_threads";
import type { HashReply, HashRequest } from "./hash-protocol.js";
import { hashReplicas } from "./hash-replicas.js";

/** A hash thread: its games' replicas, each batch of requests answered in order, with one message. */
const answer = hashReplicas();
parentPort?.on("message", (requests: readonly HashRequest[]) => {
  const replies: HashReply[] = [];
  for (const request of requests) {
    const reply = answer(request);
    if (reply) replies.push(reply);
  }
  if (replies.length > 0) parentPort?.postMessage(replies);
});
