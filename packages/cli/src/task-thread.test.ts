import { describe, expect, it } from "vitest";
import { TaskFailed, TaskThread } from "./task-thread.js";

/** A task of the test thread: spin until stopped, wait for the gate to open, or fail; then answer. */
interface Task {
  readonly spin?: true;
  readonly gate?: SharedArrayBuffer;
  readonly fail?: true;
  readonly answer?: string;
}

/** The protocol of serveTasks (pool.ts), written out: a data: URL module cannot import the package's. */
const script = new URL(
  `data:text/javascript,${encodeURIComponent(`
import { parentPort } from "node:worker_threads";
parentPort.on("message", ({ index, task }) => {
  if (task.spin) for (;;);
  if (task.gate) Atomics.wait(new Int32Array(task.gate), 0, 0);
  if (task.fail) parentPort.postMessage({ index, ok: false, error: "Error: refused" });
  else parentPort.postMessage({ index, ok: true, result: task.answer });
});
`)}`,
);

/** The task's outcome, caught as soon as it settles (a rejection left unawaited would be reported unhandled). */
function outcome(p: Promise<string>): Promise<{ ok: true; value: string } | { ok: false; error: Error }> {
  return p.then(
    (value) => ({ ok: true, value }),
    (e: unknown) => ({ ok: false, error: e instanceof Error ? e : new Error(String(e)) }),
  );
}

describe("a task thread", { timeout: 20_000 }, () => {
  it("answers tasks one at a time, and a handler's error fails its task only", async () => {
    const thread = new TaskThread<Task, string>(script);
    try {
      expect(await thread.run({ answer: "one" })).toBe("one");
      await expect(thread.run({ fail: true })).rejects.toThrow(TaskFailed);
      expect(await thread.run({ answer: "two" })).toBe("two");
    } finally {
      await thread.stop();
    }
  });

  // The queue worker stops a game's thread at its --game-timeout without waiting for the thread to be
  // gone, and goes on with the next game on a new thread: the old thread's exit (code 1, as every
  // terminated thread's) came while the next game was being played, and failed it.
  it("a stopped thread's exit, however late, does not fail the task the next thread is given", async () => {
    const thread = new TaskThread<Task, string>(script);
    try {
      expect(await thread.run({ answer: "up" })).toBe("up");
      const spinning = outcome(thread.run({ spin: true }));
      const stopping = thread.stop();
      const gate = new SharedArrayBuffer(4);
      const next = outcome(thread.run({ gate, answer: "next" }));
      // The stopped thread's exit has been reported; only then may the next task answer.
      expect(await stopping).toBeUndefined();
      Atomics.store(new Int32Array(gate), 0, 1);
      Atomics.notify(new Int32Array(gate), 0);
      expect(await next).toEqual({ ok: true, value: "next" });
      expect(await spinning).toEqual({ ok: false, error: new Error("the thread was stopped") });
    } finally {
      await thread.stop();
    }
  });
});
