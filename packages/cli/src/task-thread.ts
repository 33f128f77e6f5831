/**
 * One worker thread running a script that calls `serveTasks` (pool.ts),
 * given one task at a time as they come: the queue worker's threads, which,
 * unlike the pool's, do not know their tasks in advance.
 */
import { Worker } from "node:worker_threads";
import type { ResultMessage, TaskMessage } from "./pool.js";

/** The task's handler threw: its message (the thread goes on). */
export class TaskFailed extends Error {}

export class TaskThread<T, R> {
  private worker: Worker | undefined;
  private next = 0;
  private pending:
    | { readonly index: number; resolve(result: R): void; reject(error: Error): void }
    | undefined;

  constructor(private readonly script: URL) {}

  /** Runs the task; rejects with TaskFailed when its handler throws, with another Error when the thread dies. */
  run(task: T): Promise<R> {
    if (this.pending) return Promise.reject(new Error("the thread is busy"));
    const worker = this.started();
    const index = this.next++;
    return new Promise<R>((resolve, reject) => {
      this.pending = { index, resolve, reject };
      worker.postMessage({ index, task } satisfies TaskMessage<T>);
    });
  }

  /** Stops the thread, and the task it runs; the next run starts a new one. */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.settle((p) => p.reject(new Error("the thread was stopped")));
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script);
    // A stopped thread's exit (code 1, as every terminated thread's) comes later, maybe once the next
    // task is running on a new thread: what a thread no longer current says concerns no task.
    const current = () => this.worker === worker;
    worker.on("message", (m: ResultMessage<R>) => {
      if (!current() || m.index !== this.pending?.index) return;
      if (m.ok) this.settle((p) => p.resolve(m.result));
      else this.settle((p) => p.reject(new TaskFailed(m.error)));
    });
    // A dead thread is replaced at the next task: the one it ran fails, the worker goes on.
    const died = (why: string) => {
      if (!current()) return;
      this.worker = undefined;
      this.settle((p) => p.reject(new Error(why)));
    };
    worker.on("error", (e) => died(`the worker thread failed: ${e.message}`));
    worker.on("exit", (code) => died(`the worker thread exited (code ${code})`));
    this.worker = worker;
    return worker;
  }

  private settle(how: (p: NonNullable<TaskThread<T, R>["pending"]>) => void): void {
    const p = this.pending;
    this.pending = undefined;
    if (p) how(p);
  }
}
