import { parentPort, workerData } from "node:worker_threads";
import { GroupCommit } from "./group-commit.js";
import { connect, type SqliteOptions } from "./sqlite-schema.js";
import { type SqliteWrite, SqliteWrites, type WriteOutcome } from "./sqlite-writes.js";

/**
 * The SQLite writer thread: every write of the store, group-committed on its
 * own connection, so the server's event loop never waits on an fsync. It
 * answers each batch with one message of outcomes, sent after the commit.
 */
export interface WriterData {
  readonly file: string;
  readonly options: SqliteOptions;
}

export interface WriteRequest {
  readonly id: number;
  readonly write: SqliteWrite;
}

export interface WriteReply {
  readonly outcomes: readonly { readonly id: number; readonly outcome: WriteOutcome }[];
  /** How long the batch's transaction took, ms. */
  readonly ms: number;
}

const port = parentPort;
if (!port) throw new Error("sqlite-writer-thread runs as a worker thread");
const data = workerData as WriterData;
const db = connect(data.file, data.options);
const writes = new SqliteWrites(db);

// One reply per batch, posted after its commit: the outcomes travel together.
const group = new GroupCommit<WriteRequest, undefined>((batch) => {
  const started = performance.now();
  const outcomes = writes.commit(batch.map((r) => r.write));
  const reply: WriteReply = {
    outcomes: batch.map((r, i) => ({ id: r.id, outcome: outcomes[i] as WriteOutcome })),
    ms: performance.now() - started,
  };
  port.postMessage(reply);
  return batch.map(() => undefined);
});

port.on("message", (request: WriteRequest | "close") => {
  if (request === "close") {
    group.flush();
    db.close();
    port.postMessage("closed");
    return;
  }
  group.add(request, () => undefined);
});
