/**
 * The PostgreSQL database that carries the game queue (`--db` of arena,
 * balance and worker): its URL checked, a pool of connections opened, the
 * queue's tables made, each failure a one-line message without a password.
 */
import { databaseProblem, isPostgresUrl, storeName } from "@tercio/server";
import { DatabaseError, Pool } from "pg";
import { fail } from "./io.js";
import { prepareQueueSchema } from "./queue-schema.js";

/** A checked queue URL and the name it goes by in messages (its password hidden). */
export interface QueueDatabase {
  readonly url: string;
  readonly name: string;
}

/** `--db`: a postgres:// or postgresql:// URL with a host, refused in words otherwise. */
export function parseQueueUrl(text: string | undefined, flag = "--db"): QueueDatabase {
  const url = (text ?? "").trim();
  if (url === "") fail(`${flag} needs a PostgreSQL URL: postgres://user:password@host:5432/database`);
  if (!isPostgresUrl(url))
    fail(
      `${flag} must be a PostgreSQL URL, postgres://user:password@host:5432/database, not "${storeName(url)}"`,
    );
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail(`${flag}: "${storeName(url)}" is not a valid URL`);
  }
  if (parsed.hostname === "" && !parsed.searchParams.has("host"))
    fail(`${flag}: "${storeName(url)}" names no host`);
  return { url, name: storeName(url) };
}

export interface OpenQueueOptions {
  /** Connections at most: one per thread of a worker, and one for its heartbeats. */
  readonly maxConnections: number;
  /** Where troubles of idle connections go (a worker's log). */
  readonly log?: (line: string) => void;
}

/**
 * A pool on the queue's database, reached once and with the queue's tables
 * made; fails (a UserError) when the server cannot be reached or refuses.
 */
export async function openQueue(db: QueueDatabase, options: OpenQueueOptions): Promise<Pool> {
  const pool = new Pool({
    connectionString: db.url,
    max: options.maxConnections,
    connectionTimeoutMillis: 10_000,
  });
  // A connection dropped while idle (the database restarted): the pool replaces it; without a listener Node would stop.
  pool.on("error", (e) => options.log?.(`PostgreSQL: an idle connection failed: ${e.message}`));
  try {
    await prepareQueueSchema(pool);
    return pool;
  } catch (e) {
    await pool.end().catch(() => undefined);
    const answered = e instanceof DatabaseError;
    return fail(`cannot ${answered ? "use" : "reach"} the queue at ${db.name}: ${databaseProblem(e)}`);
  }
}
