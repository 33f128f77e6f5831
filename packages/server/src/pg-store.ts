import type { Seat as Side } from "@tercio/core";
import type { ChatLine, SeatSetup } from "@tercio/protocol";
import {
  DatabaseError,
  Pool,
  type PoolClient,
  type QueryResult,
  type QueryResultRow,
  TypeOverrides,
  types,
} from "pg";
import { checkFence, type Fence, ownNewGame } from "./pg-fence.js";
import {
  ACTION_COLUMNS,
  actionValues,
  endingText,
  insertGame,
  updateSummary,
  type Value,
} from "./pg-rows.js";
import { preparePgSchema } from "./pg-schema.js";
import {
  type GameStore,
  type GameSummary,
  type GameTable,
  StoreConflict,
  type StoredAction,
  type StoredGame,
} from "./store.js";
import { type ActionRow, actionOf, type GameRow, gameOf } from "./store-rows.js";

export interface PgOptions {
  /** Where the pool's own troubles go (a connection lost while idle); the server's log. */
  readonly log?: (line: string) => void;
  /** Connections to the database at most (default 10). */
  readonly maxConnections?: number;
  /** Milliseconds to wait for a connection before giving up (default 10 s). */
  readonly connectTimeoutMs?: number;
  /**
   * This process shares the database with others (pg-ownership.ts): each
   * write of a game's room is refused (NotOwner) unless this session holds
   * the game, and a game it creates is its own.
   */
  readonly fence?: Fence;
}

/** PostgreSQL's unique_violation: a primary key or UNIQUE constraint refused a row. */
const UNIQUE_VIOLATION = "23505";

/**
 * The times are milliseconds (bigint columns), well inside a double's exact
 * integers; `pg` would return them as strings. Per pool, not `pg`'s global
 * parsers, so nothing else in the process is changed.
 */
function parsers(): TypeOverrides {
  const overrides = new TypeOverrides(types);
  overrides.setTypeParser(types.builtins.INT8, Number);
  return overrides;
}

/** The pool the store runs on: its own type parsers, its troubles logged. */
export function pgPool(url: string, options: PgOptions = {}): Pool {
  const log = options.log ?? (() => undefined);
  const pool = new Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    types: parsers(),
  });
  // An idle connection dropped (the database restarted): the pool replaces it; without a listener the process would stop.
  pool.on("error", (e) => log(`PostgreSQL: an idle connection failed: ${e.message}`));
  return pool;
}

/** The connections already set to commit synchronously (pg's pool hands the same client out again). */
const durable = new WeakSet<PoolClient>();

/**
 * A connection of the pool, set the first time it is handed out to commit
 * synchronously whatever the server's, database's or role's default: a
 * COMMIT then returns only once it is in the write-ahead log on disk, which
 * is what the room's acknowledgement promises. A SET on the connection, so
 * that the URL's own startup `options`, if any, are left as given.
 */
export async function durableClient(pool: Pool): Promise<PoolClient> {
  const client = await pool.connect();
  if (durable.has(client)) return client;
  try {
    await client.query("SET synchronous_commit = on");
  } catch (e) {
    client.release(e instanceof Error ? e : new Error(messageOf(e)));
    throw e;
  }
  durable.add(client);
  return client;
}

/**
 * BEGIN, the work, COMMIT on one durable connection; ROLLBACK if anything
 * fails. A connection whose ROLLBACK fails too is broken (the network, the
 * database gone) and is thrown away rather than handed to the next caller.
 * The store's transactions, and the CLI's job queue's.
 */
export async function pgTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await durableClient(pool);
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (e) {
    await client.query("ROLLBACK").catch((r: unknown) => {
      broken = r instanceof Error ? r : new Error(messageOf(r));
    });
    throw e;
  } finally {
    client.release(broken);
  }
}

/**
 * The networked store: the same tables and meaning as the SQLite file
 * (sqlite-store.ts), in PostgreSQL through a pool of connections, so that
 * several server processes can share it. Every query is parameterised.
 */
export class PgStore implements GameStore {
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly pool: Pool,
    private readonly fence: Fence | undefined,
  ) {}

  /** Connects, then creates the tables or checks their schema; rejects when the database cannot be reached or read. */
  static async open(url: string, options: PgOptions = {}): Promise<PgStore> {
    const pool = pgPool(url, options);
    try {
      const client = await durableClient(pool);
      try {
        await preparePgSchema(client);
      } finally {
        client.release();
      }
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw e;
    }
    return new PgStore(pool, options.fence);
  }

  async createGame(game: StoredGame): Promise<void> {
    const { text, values } = insertGame(game);
    const fence = this.fence;
    if (!fence) {
      await this.query(text, values);
      return;
    }
    await this.transaction(async (client) => {
      await client.query(text, [...values]);
      await ownNewGame(client, fence, game.id);
    });
  }

  async getGame(id: string): Promise<StoredGame | undefined> {
    const { rows } = await this.query<GameRow>("SELECT * FROM games WHERE id = $1", [id]);
    return rows[0] && gameOf(rows[0]);
  }

  async actions(id: string, afterSeq = 0, limit?: number): Promise<StoredAction[]> {
    // LIMIT NULL is no limit.
    const { rows } = await this.query<ActionRow>(
      `SELECT ${ACTION_COLUMNS} FROM actions WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [id, afterSeq, limit ?? null],
    );
    return rows.map(actionOf);
  }

  async findAction(id: string, side: Side, actionId: string): Promise<StoredAction | undefined> {
    const { rows } = await this.query<ActionRow>(
      `SELECT ${ACTION_COLUMNS} FROM actions WHERE game_id = $1 AND side = $2 AND action_id = $3`,
      [id, side, actionId],
    );
    return rows[0] && actionOf(rows[0]);
  }

  /**
   * One transaction: the action, then the summary only if the game is at the
   * action before. A second server appending at the same seq waits on the
   * first's key, then finds it taken: StoreConflict, for one of them only.
   */
  async append(id: string, action: StoredAction, summary: GameSummary): Promise<void> {
    await this.transaction(async (client) => {
      await this.fenced(client, id);
      await conflictIfTaken(
        client.query(
          `INSERT INTO actions (game_id, ${ACTION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          actionValues(id, action),
        ),
        `game ${id} already has action ${action.seq} or id ${action.actionId}`,
      );
      const { text, values } = updateSummary(id, summary);
      const updated = await client.query(text, [...values]);
      if (updated.rowCount !== 1) throw new StoreConflict(`game ${id} is not at action ${summary.seq - 1}`);
    });
  }

  async setWebhook(id: string, side: Side, url: string | null): Promise<void> {
    await this.transaction(async (client) => {
      // FOR UPDATE: another server setting the other seat's webhook waits, and keeps this one.
      const { rows } = await client.query<{ seats: string }>(
        "SELECT seats FROM games WHERE id = $1 FOR UPDATE",
        [id],
      );
      const row = rows[0];
      if (!row) return;
      const seats = JSON.parse(row.seats) as Record<Side, SeatSetup>;
      if (seats[side].kind !== "human") return;
      seats[side] = url === null ? { kind: "human" } : { kind: "human", webhook: url };
      await client.query("UPDATE games SET seats = $2 WHERE id = $1", [id, JSON.stringify(seats)]);
    });
  }

  async setTable(id: string, table: GameTable, summary?: GameSummary): Promise<void> {
    const said = [id, table.drawOffer, endingText(table.ending), table.rematch];
    await this.write(id, async (run) => {
      if (!summary) {
        await run("UPDATE games SET draw_offer = $2, ending = $3, rematch = $4 WHERE id = $1", said);
        return;
      }
      const concluded = await run(
        `UPDATE games SET draw_offer = $2, ending = $3, rematch = $4, status = $5, turn = $6, updated_at = $7
          WHERE id = $1 AND seq = $8`,
        [...said, summary.status, summary.turn, summary.updatedAt, summary.seq],
      );
      if (concluded.rowCount !== 1) throw new StoreConflict(`game ${id} is not at action ${summary.seq}`);
    });
  }

  async chatLines(id: string): Promise<ChatLine[]> {
    const { rows } = await this.query<ChatLine>(
      "SELECT n, side, text, at FROM chat WHERE game_id = $1 ORDER BY n",
      [id],
    );
    return rows;
  }

  async addChat(id: string, line: ChatLine): Promise<void> {
    await this.write(id, (run) =>
      conflictIfTaken(
        run("INSERT INTO chat (game_id, n, side, text, at) VALUES ($1, $2, $3, $4, $5)", [
          id,
          line.n,
          line.side,
          line.text,
          line.at,
        ]),
        `game ${id} already has chat line ${line.n}`,
      ),
    );
  }

  async markDelivered(id: string): Promise<void> {
    await this.query("UPDATE games SET delivered = true WHERE id = $1 AND NOT delivered", [id]);
  }

  async deleteUndelivered(before: number): Promise<string[]> {
    return this.transaction(async (client) => {
      // Locked: a join marking one delivered meanwhile waits, then finds it gone (as it would a moment later).
      const { rows } = await client.query<{ id: string }>(
        "SELECT id FROM games WHERE NOT delivered AND created_at < $1 ORDER BY id FOR UPDATE",
        [before],
      );
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) return ids;
      await client.query("DELETE FROM actions WHERE game_id = ANY($1)", [ids]);
      await client.query("DELETE FROM chat WHERE game_id = ANY($1)", [ids]);
      await client.query("DELETE FROM games WHERE id = ANY($1)", [ids]);
      return ids;
    });
  }

  async gamesCreatedSince(creator: string, since: number): Promise<number> {
    const { rows } = await this.query<{ n: number }>(
      "SELECT count(*) AS n FROM games WHERE creator = $1 AND created_at >= $2",
      [creator, since],
    );
    return rows[0]?.n ?? 0;
  }

  async playingGames(): Promise<string[]> {
    const { rows } = await this.query<{ id: string }>("SELECT id FROM games WHERE status = 'playing'");
    return rows.map((r) => r.id);
  }

  /** Waits for the queries under way, then closes every connection; again, it does nothing more. */
  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }

  /** Refuses the write (NotOwner) when this process shares the database and no longer holds the game. */
  private async fenced(client: PoolClient, id: string): Promise<void> {
    if (this.fence) await checkFence(client, this.fence, id);
  }

  /**
   * A room's write of one statement: on its own when this process is alone
   * over the database, else in a transaction with the fence's check.
   */
  private async write<T>(
    id: string,
    work: (run: (text: string, values: readonly Value[]) => Promise<QueryResult>) => Promise<T>,
  ): Promise<T> {
    if (!this.fence) return work((text, values) => this.query(text, values));
    return this.transaction(async (client) => {
      await this.fenced(client, id);
      return work((text, values) => client.query(text, [...values]));
    });
  }

  /** One statement on its own (its own transaction), on a durable connection. */
  private async query<R extends QueryResultRow = QueryResultRow>(
    text: string,
    values: readonly Value[] = [],
  ): Promise<QueryResult<R>> {
    const client = await durableClient(this.pool);
    let broken: Error | undefined;
    try {
      return await client.query<R>(text, [...values]);
    } catch (e) {
      // The server's refusal leaves the connection usable; anything else (the network) may not have.
      if (!(e instanceof DatabaseError)) broken = e instanceof Error ? e : new Error(messageOf(e));
      throw e;
    } finally {
      client.release(broken);
    }
  }

  private transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return pgTransaction(this.pool, work);
  }
}

/** The query's result, or StoreConflict when a key it writes is taken. */
async function conflictIfTaken<T>(query: Promise<T>, conflict: string): Promise<T> {
  try {
    return await query;
  } catch (e) {
    if (e instanceof DatabaseError && e.code === UNIQUE_VIOLATION) throw new StoreConflict(conflict);
    throw e;
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
