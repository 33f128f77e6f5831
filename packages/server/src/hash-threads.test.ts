import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { HashRequest } from "./hash-protocol.js";
import { type HashThread, HashThreads } from "./hash-threads.js";

/** A thread that keeps what it is sent and answers nothing until told to die. */
function silentThread(sent: HashRequest[]): HashThread & { die(): void } {
  const thread = new EventEmitter() as EventEmitter & HashThread & { die(): void };
  thread.postMessage = (requests) => sent.push(...requests);
  thread.terminate = async () => 1;
  thread.unref = () => undefined;
  thread.die = () => thread.emit("exit", 1);
  return thread;
}

/** The pool posts what a turn of the event loop asked for once the turn is done. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

const seed = (game: string) => (): HashRequest & { kind: "seed" } => ({
  kind: "seed",
  game,
  system: "s",
  version: "1",
  rulesHash: "r",
  setup: { scenario: "x", options: {} },
  hashFormat: 2,
  position: {},
});

describe("room threads' pool", () => {
  it("a thread that dies owes nothing: its unanswered hashes are made here, and the next action seeds a new thread", async () => {
    const sent: HashRequest[][] = [];
    const threads: ReturnType<typeof silentThread>[] = [];
    const logged: string[] = [];
    const pool = new HashThreads(
      1,
      (line) => logged.push(line),
      () => {
        const s: HashRequest[] = [];
        sent.push(s);
        const t = silentThread(s);
        threads.push(t);
        return t;
      },
    );
    const here = { hash: "h", publicHash: "p" };
    const owed = pool.hashAfter("g1", seed("g1"), { a: 1 }, () => here);
    await tick();
    expect(sent[0]?.map((r) => r.kind)).toEqual(["seed", "apply"]);
    threads[0]?.die();
    await expect(owed).resolves.toEqual(here);
    expect(pool.stats).toEqual({ threaded: 0, here: 1, crashes: 1 });
    expect(logged).toHaveLength(1);

    void pool.hashAfter("g1", seed("g1"), { a: 2 }, () => here);
    await tick();
    expect(sent[1]?.map((r) => r.kind)).toEqual(["seed", "apply"]);
    await pool.close();
  });

  it("a thread that owes an answer too long is stopped as hung: the game goes on, hashed here", async () => {
    let t = 0;
    const logged: string[] = [];
    const pool = new HashThreads(
      1,
      (line) => logged.push(line),
      () => silentThread([]),
      () => t,
    );
    const here = { hash: "h", publicHash: "p" };
    const owed = pool.hashAfter("g1", seed("g1"), { a: 1 }, () => here);
    t = 60_000;
    await new Promise((resolve) => setTimeout(resolve, 2_600));
    await expect(owed).resolves.toEqual(here);
    expect(logged.join()).toMatch(/no answer in 10 s/);
    await pool.close();
  });
});
