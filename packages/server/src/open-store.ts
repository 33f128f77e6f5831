import { DatabaseError } from "pg";
import type { Fence } from "./pg-fence.js";
import { SchemaRefused } from "./pg-schema.js";
import { PgStore } from "./pg-store.js";
import { type SqliteOptions, SqliteStore } from "./sqlite-store.js";
import type { GameStore } from "./store.js";

export interface OpenStoreOptions {
  /** SQLite's synchronous pragma (FULL by default); PostgreSQL always commits synchronously. */
  readonly synchronous?: SqliteOptions["synchronous"];
  /** Where a networked store's troubles after opening go (the server's log). */
  readonly log?: (line: string) => void;
  /** This process shares a PostgreSQL database with other servers: its rooms' writes are fenced (pg-fence.ts). */
  readonly fence?: Fence;
}

/**
 * The games' database cannot be opened. Its message is for the person who
 * started the server, whole (what, where and why, no password), so that it
 * is printed as it is, without a stack.
 */
export class StoreUnavailable extends Error {}

/** A database URL (PostgreSQL); anything else names a SQLite file. */
export function isPostgresUrl(db: string): boolean {
  return /^postgres(ql)?:\/\//i.test(db);
}

/** The database as logs and messages name it: a URL without its password. */
export function storeName(db: string): string {
  if (!isPostgresUrl(db)) return db;
  try {
    const url = new URL(db);
    if (url.password !== "") url.password = "***";
    return url.toString();
  } catch {
    return "the PostgreSQL URL given";
  }
}

/**
 * The store `--db` names: a `postgres://` or `postgresql://` URL is a
 * PostgreSQL database (PgStore), anything else a SQLite file, created if
 * missing (":memory:" forgets). Rejects with StoreUnavailable when it cannot
 * be reached, opened or read.
 */
export async function openStore(db: string, options: OpenStoreOptions = {}): Promise<GameStore> {
  const name = storeName(db);
  if (options.fence && !isPostgresUrl(db))
    throw new StoreUnavailable(
      "several servers share one PostgreSQL database (--db postgres://...), not a SQLite file: --node-url needs one",
    );
  if (!isPostgresUrl(db))
    try {
      return new SqliteStore(db, options.synchronous ? { synchronous: options.synchronous } : {});
    } catch (e) {
      throw new StoreUnavailable(`cannot open ${name}: ${databaseProblem(e)}`);
    }
  if (options.synchronous === "NORMAL")
    throw new StoreUnavailable(
      "synchronous NORMAL is a SQLite setting: PostgreSQL commits every action synchronously",
    );
  try {
    return await PgStore.open(db, {
      ...(options.log ? { log: options.log } : {}),
      ...(options.fence ? { fence: options.fence } : {}),
    });
  } catch (e) {
    // The server answered and said no (a password, a missing database, a schema it refuses), or it was never reached.
    const answered = e instanceof DatabaseError || e instanceof SchemaRefused;
    throw new StoreUnavailable(`cannot ${answered ? "open" : "reach"} ${name}: ${databaseProblem(e)}`);
  }
}

const SOCKET_ERRORS: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused (is PostgreSQL running and listening there?)",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "the host name could not be looked up",
  ETIMEDOUT: "the connection timed out",
  EHOSTUNREACH: "the host is unreachable",
  ENOENT: "no such socket",
};

/** Why, in words: a socket error by its code (Node's may be an AggregateError with no message of its own). */
export function databaseProblem(e: unknown): string {
  const code = (e as { code?: unknown } | undefined)?.code;
  if (typeof code === "string" && SOCKET_ERRORS[code] !== undefined) return SOCKET_ERRORS[code];
  if (e instanceof AggregateError && e.message === "") return databaseProblem(e.errors[0]);
  if (e instanceof Error && e.message !== "") return e.message;
  return String(e);
}
