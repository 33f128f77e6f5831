import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import { GroupCommit } from "./group-commit.js";
import type { SqliteOptions } from "./sqlite-schema.js";
import type { WriteReply, WriteRequest, WriterData } from "./sqlite-writer-thread.js";
import { type SqliteWrite, SqliteWrites, type WriteOutcome } from "./sqlite-writes.js";
import { type CommitStats, StoreConflict } from "./store.js";
import { threadScript } from "./thread-script.js";

/** Where the store's writes go: each resolves once its batch is durable (or rejects, StoreConflict for a conflict). */
export interface SqliteWriter {
  write(write: SqliteWrite): Promise<readonly string[] | undefined>;
  readonly stats: CommitStats;
  /** Commits whatever is queued, then lets go of the connection. */
  close(): Promise<void>;
}

function settle(
  outcome: WriteOutcome,
  resolve: (value: readonly string[] | undefined) => void,
  reject: (e: Error) => void,
): void {
  if (outcome.ok) resolve(outcome.value);
  else reject(outcome.conflict ? new StoreConflict(outcome.message) : new Error(outcome.message));
}

/**
 * The writes group-committed on the store's own connection, on the event
 * loop: for an in-memory database, which no other thread can open.
 */
export class InlineWriter implements SqliteWriter {
  private readonly group;
  private readonly counts = new BatchCounts();

  constructor(db: Database.Database) {
    const writes = new SqliteWrites(db);
    this.group = new GroupCommit<SqliteWrite, WriteOutcome>((batch) => {
      const started = performance.now();
      const outcomes = writes.commit(batch);
      this.counts.batch(batch.length, performance.now() - started);
      return outcomes;
    });
  }

  get stats(): CommitStats {
    return this.counts.stats(this.group.pending);
  }

  write(write: SqliteWrite): Promise<readonly string[] | undefined> {
    return new Promise((resolve, reject) => this.group.add(write, (o) => settle(o, resolve, reject)));
  }

  async close(): Promise<void> {
    this.group.flush();
  }
}

/**
 * The writes group-committed by a writer thread (sqlite-writer-thread.ts) on
 * its own connection to the file: the event loop goes on serving other
 * games while a batch waits on its fsync. A thread that dies fails the
 * writes it held (none was acknowledged) and the next write starts another.
 */
export class ThreadWriter implements SqliteWriter {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (v: readonly string[] | undefined) => void; reject: (e: Error) => void }
  >();
  private closing: Promise<void> | undefined;
  private readonly counts = new BatchCounts();

  constructor(
    private readonly file: string,
    private readonly options: SqliteOptions,
  ) {
    this.thread();
  }

  get stats(): CommitStats {
    return this.counts.stats(this.pending.size);
  }

  write(write: SqliteWrite): Promise<readonly string[] | undefined> {
    if (this.closing) return Promise.reject(new Error("the store is closed"));
    const id = this.nextId++;
    const request: WriteRequest = { id, write };
    return new Promise((resolve, reject) => {
      const worker = this.thread();
      // Held while a write waits: a short-lived program must not exit before its writes are stored.
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage(request);
    });
  }

  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      const worker = this.worker;
      if (!worker) return resolve();
      worker.once("exit", () => resolve());
      worker.on("message", (m: unknown) => {
        if (m === "closed") void worker.terminate();
      });
      worker.postMessage("close");
    });
    return this.closing;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const data: WriterData = { file: this.file, options: this.options };
    const worker = new Worker(threadScript("sqlite-writer-thread", "the SQLite writer thread"), {
      workerData: data,
    });
    worker.on("message", (reply: WriteReply | "closed") => {
      if (reply === "closed") return;
      this.counts.batch(reply.outcomes.length, reply.ms);
      for (const { id, outcome } of reply.outcomes) {
        const waiting = this.pending.get(id);
        this.pending.delete(id);
        if (waiting) settle(outcome, waiting.resolve, waiting.reject);
      }
      if (this.pending.size === 0) worker.unref();
    });
    worker.on("error", (e) => this.lost(worker, e.message));
    worker.on("exit", (code) => this.lost(worker, `it exited with code ${code}`));
    // Idle, the writer does not keep a process alive by itself.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private lost(worker: Worker, why: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const failed = [...this.pending.values()];
    this.pending.clear();
    for (const w of failed)
      w.reject(new Error(`the SQLite writer thread stopped (${why}); the write was not stored`));
  }
}

/** Writes and transactions counted, for CommitStats. */
class BatchCounts {
  private writes = 0;
  private batches = 0;
  private largest = 0;
  private longestMs = 0;

  batch(size: number, ms: number): void {
    this.writes += size;
    this.batches += 1;
    this.largest = Math.max(this.largest, size);
    this.longestMs = Math.max(this.longestMs, ms);
  }

  stats(waiting: number): CommitStats {
    return {
      writes: this.writes,
      batches: this.batches,
      largestBatch: this.largest,
      longestCommitMs: Math.round(this.longestMs * 10) / 10,
      waiting,
    };
  }
}
