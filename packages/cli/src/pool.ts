/**
 * A pool of Node worker threads running one compiled worker script over a list
 * of tasks. Each worker takes the next task as soon as it is free; every
 * result comes back under its task's index, so the results do not depend on
 * how many workers ran them or in which order they finished.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { isMainThread, parentPort, Worker } from "node:worker_threads";

/** Main thread to worker: run this task. */
export interface TaskMessage<T> {
  readonly index: number;
  readonly task: T;
}

/** Worker to main thread: a task's result, or the error its handler threw (a bug). */
export type ResultMessage<R> =
  | { readonly index: number; readonly ok: true; readonly result: R }
  | { readonly index: number; readonly ok: false; readonly error: string };

export interface PoolOptions<T, R> {
  /** The worker script: a compiled .js module that calls `serveTasks`. */
  readonly script: URL;
  readonly tasks: readonly T[];
  /** How many threads; at most one per task. */
  readonly workers: number;
  /** Given to every worker as `workerData` (a rules file's path, say). */
  readonly workerData?: unknown;
  /** Called in the main thread as each task finishes, in the order they finish. */
  readonly onResult?: (result: R, index: number) => void;
  /** Aborting stops the workers at once; the pool's promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** The number of threads to use: the machine's available parallelism, or fewer if asked. */
export function defaultWorkers(): number {
  return availableParallelism();
}

/**
 * A compiled script next to the module at `base` (in dist), or, when that
 * module runs from its TypeScript sources (under Vitest), the same script in
 * the package's dist: worker threads run JavaScript only.
 */
export function compiledScript(name: string, base: string): URL {
  const here = new URL(name, base);
  if (existsSync(here)) return here;
  const built = new URL(`../dist/${name}`, base);
  if (existsSync(built)) return built;
  throw new Error(`the worker script ${name} is not built (looked at ${here.pathname}): run npm run build`);
}

/** Runs every task on up to `workers` threads; the results in task order. */
export function runPool<T, R>(options: PoolOptions<T, R>): Promise<R[]> {
  const { tasks, signal } = options;
  const results: R[] = new Array<R>(tasks.length);
  if (tasks.length === 0) return Promise.resolve(results);
  if (signal?.aborted) return Promise.reject(signal.reason);
  const count = Math.max(1, Math.min(Math.floor(options.workers), tasks.length));

  return new Promise<R[]>((resolve, reject) => {
    const workers: Worker[] = [];
    let next = 0;
    let finished = 0;
    let settled = false;

    const stop = () => {
      for (const w of workers) void w.terminate();
      signal?.removeEventListener("abort", onAbort);
    };
    const failWith = (error: unknown) => {
      if (settled) return;
      settled = true;
      stop();
      reject(error);
    };
    const onAbort = () => failWith(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });

    const give = (worker: Worker) => {
      if (next >= tasks.length) return;
      const index = next++;
      worker.postMessage({ index, task: tasks[index] as T } satisfies TaskMessage<T>);
    };

    for (let k = 0; k < count; k++) {
      const worker = new Worker(options.script, { workerData: options.workerData });
      workers.push(worker);
      worker.on("message", (message: ResultMessage<R>) => {
        if (settled) return;
        if (!message.ok) {
          failWith(new Error(`task ${message.index}: ${message.error}`));
          return;
        }
        results[message.index] = message.result;
        finished++;
        try {
          options.onResult?.(message.result, message.index);
        } catch (e) {
          failWith(e);
          return;
        }
        if (finished === tasks.length) {
          settled = true;
          stop();
          resolve(results);
        } else give(worker);
      });
      worker.on("error", (e) => failWith(e));
      worker.on("exit", (code) => {
        if (!settled) failWith(new Error(`a worker thread exited (code ${code}) with tasks unfinished`));
      });
      give(worker);
    }
  });
}

/**
 * The worker's side: runs `handle` on each task the pool sends and returns its
 * result. A handler that throws is reported to the main thread, which stops.
 */
export function serveTasks<T, R>(handle: (task: T) => R): void {
  const port = parentPort;
  if (isMainThread || !port) throw new Error("serveTasks runs in a worker thread");
  port.on("message", ({ index, task }: TaskMessage<T>) => {
    let reply: ResultMessage<R>;
    try {
      reply = { index, ok: true, result: handle(task) };
    } catch (e) {
      reply = { index, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    }
    port.postMessage(reply);
  });
}
