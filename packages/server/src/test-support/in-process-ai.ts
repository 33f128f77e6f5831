import { EventEmitter } from "node:events";
import { aiPlayers } from "../ai-player.js";
import type { AiRequest } from "../ai-protocol.js";
import type { AiThread } from "../ai-seats.js";

/** An AI thread's stand-in in the test's own thread: the same players, answering on the next turn of the loop. */
export function inProcessAi(): AiThread {
  const answer = aiPlayers();
  const thread = new EventEmitter() as EventEmitter & AiThread;
  thread.postMessage = (request: AiRequest) =>
    setImmediate(() => {
      const reply = answer(request);
      if (reply) thread.emit("message", reply);
    });
  thread.terminate = async () => 0;
  thread.unref = () => undefined;
  return thread;
}
