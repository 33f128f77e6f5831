import type { Seat as Side } from "@tercio/core";
import type { SeatSetup } from "@tercio/protocol";
import type Database from "better-sqlite3";
import type { actionRow, gameRow, summaryRow } from "./sqlite-rows.js";
import type { GameRow } from "./store-rows.js";

/**
 * Every write the store makes, as plain data: a batch of them crosses to the
 * writer thread in one message and is committed in one transaction.
 */
export type SqliteWrite =
  | { readonly kind: "create-game"; readonly row: ReturnType<typeof gameRow> }
  | {
      readonly kind: "append";
      readonly action: ReturnType<typeof actionRow>;
      readonly summary: ReturnType<typeof summaryRow> & { readonly id: string };
    }
  | { readonly kind: "set-webhook"; readonly id: string; readonly side: Side; readonly url: string | null }
  | { readonly kind: "set-table"; readonly row: TableRow; readonly summary?: ConcludeRow }
  | { readonly kind: "add-chat"; readonly row: ChatRow }
  | { readonly kind: "mark-delivered"; readonly id: string }
  | { readonly kind: "delete-undelivered"; readonly before: number };

export interface TableRow {
  readonly id: string;
  readonly draw_offer: Side | null;
  readonly ending: string | null;
  readonly rematch: string | null;
}
export interface ConcludeRow {
  readonly status: "playing" | "over";
  readonly turn: Side | null;
  readonly updated_at: number;
  readonly seq: number;
}
export interface ChatRow {
  readonly game_id: string;
  readonly n: number;
  readonly side: Side;
  readonly text: string;
  readonly at: number;
}

/** What became of one write: done (with what it returns), refused as a conflict, or failed. */
export type WriteOutcome =
  | { readonly ok: true; readonly value?: readonly string[] }
  | { readonly ok: false; readonly conflict: boolean; readonly message: string };

/** Thrown inside a write's savepoint for a conflict: the savepoint is rolled back, the batch goes on. */
class Conflict extends Error {}

/**
 * The store's writes on one connection. `commit` runs a batch in ONE
 * transaction, each write in its own savepoint (better-sqlite3 makes a
 * nested transaction a savepoint), so a conflict refuses that write alone;
 * with synchronous=FULL the batch costs one fsync however many it holds.
 */
export class SqliteWrites {
  private readonly stmt;
  private readonly one: (write: SqliteWrite) => readonly string[] | undefined;
  private readonly batch: (writes: readonly SqliteWrite[]) => WriteOutcome[];

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      insertGame: db.prepare(
        `INSERT INTO games (id, system, scenario, options, seats, rules_version, rules_hash, engine, opening_prng,
          token_first, token_second, token_spectator, creator, created_at, status, seq, hash, turn, game_turn, phase,
          updated_at, delivered, hash_format)
        VALUES (@id, @system, @scenario, @options, @seats, @rules_version, @rules_hash, @engine,
          @opening_prng, @token_first, @token_second, @token_spectator, @creator, @created_at, @status, @seq, @hash,
          @turn, @game_turn, @phase, @updated_at, @delivered, @hash_format)`,
      ),
      getGame: db.prepare("SELECT * FROM games WHERE id = ?"),
      insertAction: db.prepare(
        "INSERT INTO actions VALUES (@game_id, @seq, @side, @action_id, @action, @dice, @hash, @public_hash, @at)",
      ),
      updateSummary: db.prepare(
        `UPDATE games SET status = @status, seq = @seq, hash = @hash, turn = @turn, game_turn = @game_turn,
          phase = @phase, updated_at = @updated_at WHERE id = @id AND seq = @seq - 1`,
      ),
      setSeats: db.prepare("UPDATE games SET seats = ? WHERE id = ?"),
      markDelivered: db.prepare("UPDATE games SET delivered = 1 WHERE id = ? AND delivered = 0"),
      undelivered: db.prepare("SELECT id FROM games WHERE delivered = 0 AND created_at < ?"),
      deleteActions: db.prepare("DELETE FROM actions WHERE game_id = ?"),
      deleteChat: db.prepare("DELETE FROM chat WHERE game_id = ?"),
      deleteGame: db.prepare("DELETE FROM games WHERE id = ? AND delivered = 0"),
      setTable: db.prepare(
        "UPDATE games SET draw_offer = @draw_offer, ending = @ending, rematch = @rematch WHERE id = @id",
      ),
      conclude: db.prepare(
        `UPDATE games SET draw_offer = @draw_offer, ending = @ending, rematch = @rematch, status = @status,
          turn = @turn, updated_at = @updated_at WHERE id = @id AND seq = @seq`,
      ),
      addChat: db.prepare("INSERT INTO chat VALUES (@game_id, @n, @side, @text, @at)"),
    };
    this.one = db.transaction((write: SqliteWrite) => this.run(write));
    this.batch = db.transaction((writes: readonly SqliteWrite[]) => writes.map((w) => this.attempt(w)));
  }

  /**
   * The batch, committed: one outcome per write, in order. If the commit
   * itself fails (a full disk), every write in it has failed.
   */
  commit(writes: readonly SqliteWrite[]): WriteOutcome[] {
    try {
      return this.batch(writes);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      return writes.map(() => ({ ok: false, conflict: false, message }));
    }
  }

  private attempt(write: SqliteWrite): WriteOutcome {
    try {
      const value = this.one(write);
      return value === undefined ? { ok: true } : { ok: true, value };
    } catch (e) {
      if (e instanceof Conflict) return { ok: false, conflict: true, message: e.message };
      // A failure that leaves the transaction unusable fails the batch (the commit reports it for all).
      if (!this.db.inTransaction) throw e;
      return { ok: false, conflict: false, message: e instanceof Error ? e.message : String(e) };
    }
  }

  private run(write: SqliteWrite): readonly string[] | undefined {
    switch (write.kind) {
      case "create-game":
        this.stmt.insertGame.run(write.row);
        return undefined;
      case "append":
        return this.append(write.action, write.summary);
      case "set-webhook":
        return this.setWebhook(write.id, write.side, write.url);
      case "set-table":
        return this.setTable(write.row, write.summary);
      case "add-chat":
        unique(
          () => this.stmt.addChat.run(write.row),
          `game ${write.row.game_id} already has chat line ${write.row.n}`,
        );
        return undefined;
      case "mark-delivered":
        this.stmt.markDelivered.run(write.id);
        return undefined;
      case "delete-undelivered":
        return this.deleteUndelivered(write.before);
    }
  }

  private append(
    action: ReturnType<typeof actionRow>,
    summary: ReturnType<typeof summaryRow> & { readonly id: string },
  ): undefined {
    unique(
      () => this.stmt.insertAction.run(action),
      `game ${action.game_id} already has action ${action.seq} or id ${action.action_id}`,
    );
    if (this.stmt.updateSummary.run(summary).changes !== 1)
      throw new Conflict(`game ${summary.id} is not at action ${summary.seq - 1}`);
    return undefined;
  }

  private setWebhook(id: string, side: Side, url: string | null): undefined {
    const row = this.stmt.getGame.get(id) as GameRow | undefined;
    if (!row) return undefined;
    const seats = JSON.parse(row.seats) as Record<Side, SeatSetup>;
    if (seats[side].kind !== "human") return undefined;
    seats[side] = url === null ? { kind: "human" } : { kind: "human", webhook: url };
    this.stmt.setSeats.run(JSON.stringify(seats), id);
    return undefined;
  }

  private setTable(row: TableRow, summary: ConcludeRow | undefined): undefined {
    if (!summary) {
      this.stmt.setTable.run(row);
      return undefined;
    }
    if (this.stmt.conclude.run({ ...row, ...summary }).changes !== 1)
      throw new Conflict(`game ${row.id} is not at action ${summary.seq}`);
    return undefined;
  }

  private deleteUndelivered(before: number): readonly string[] {
    const ids = (this.stmt.undelivered.all(before) as { id: string }[]).map((r) => r.id);
    for (const id of ids) {
      this.stmt.deleteActions.run(id);
      this.stmt.deleteChat.run(id);
      this.stmt.deleteGame.run(id);
    }
    return ids;
  }
}

/** Runs an insert, turning a taken key into a Conflict. */
function unique(insert: () => unknown, message: string): void {
  try {
    insert();
  } catch (e) {
    if (e instanceof Error && /UNIQUE|PRIMARY KEY/.test(e.message)) throw new Conflict(message);
    throw e;
  }
}
