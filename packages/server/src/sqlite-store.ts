import type { Seat as Side } from "@tercio/core";
import type { ChatLine } from "@tercio/protocol";
import type Database from "better-sqlite3";
import { actionRow, gameRow, summaryRow } from "./sqlite-rows.js";
import { connect, migrate, type SqliteOptions } from "./sqlite-schema.js";
import { InlineWriter, type SqliteWriter, ThreadWriter } from "./sqlite-writer.js";
import type { CommitStats, GameStore, GameSummary, GameTable, StoredAction, StoredGame } from "./store.js";

export type { SqliteOptions } from "./sqlite-schema.js";

import { type ActionRow, actionOf, type GameRow, gameOf } from "./store-rows.js";

/**
 * The embedded store: one SQLite file in WAL mode, through better-sqlite3.
 * Reads are answered at once on this connection; every write goes to a
 * writer (sqlite-writer.ts) that group-commits it on its own connection in a
 * writer thread, and resolves only once its transaction is durable. WAL lets
 * the reads go on beside the writer, and a read sees every write whose
 * promise has resolved. An in-memory database, which no other thread can
 * open, is written on this connection, still group-committed.
 */
export class SqliteStore implements GameStore {
  private readonly db: Database.Database;
  private readonly writer: SqliteWriter;
  private readonly stmt;

  constructor(file: string, options: SqliteOptions = {}) {
    this.db = connect(file, options);
    migrate(this.db, file);
    this.writer = file === ":memory:" ? new InlineWriter(this.db) : new ThreadWriter(file, options);
    this.stmt = {
      getGame: this.db.prepare("SELECT * FROM games WHERE id = ?"),
      actions: this.db.prepare(
        "SELECT seq, side, action_id, action, dice, hash, public_hash, at FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?",
      ),
      findAction: this.db.prepare(
        "SELECT seq, side, action_id, action, dice, hash, public_hash, at FROM actions WHERE game_id = ? AND side = ? AND action_id = ?",
      ),
      createdSince: this.db.prepare("SELECT count(*) AS n FROM games WHERE creator = ? AND created_at >= ?"),
      playing: this.db.prepare("SELECT id FROM games WHERE status = 'playing'"),
      chatLines: this.db.prepare("SELECT n, side, text, at FROM chat WHERE game_id = ? ORDER BY n"),
    };
  }

  get commits(): CommitStats {
    return this.writer.stats;
  }

  async createGame(game: StoredGame): Promise<void> {
    await this.writer.write({ kind: "create-game", row: gameRow(game) });
  }

  async getGame(id: string): Promise<StoredGame | undefined> {
    const row = this.stmt.getGame.get(id) as GameRow | undefined;
    return row && gameOf(row);
  }

  async actions(id: string, afterSeq = 0, limit = -1): Promise<StoredAction[]> {
    // SQLite reads LIMIT -1 as no limit.
    return (this.stmt.actions.all(id, afterSeq, limit) as ActionRow[]).map(actionOf);
  }

  async findAction(id: string, side: Side, actionId: string): Promise<StoredAction | undefined> {
    const row = this.stmt.findAction.get(id, side, actionId) as ActionRow | undefined;
    return row && actionOf(row);
  }

  /** The action and the summary in one savepoint of a group commit: with synchronous=FULL, resolved once on disk. */
  async append(id: string, action: StoredAction, summary: GameSummary): Promise<void> {
    await this.writer.write({
      kind: "append",
      action: actionRow(id, action),
      summary: { id, ...summaryRow(summary) },
    });
  }

  async setWebhook(id: string, side: Side, url: string | null): Promise<void> {
    await this.writer.write({ kind: "set-webhook", id, side, url });
  }

  async setTable(id: string, table: GameTable, summary?: GameSummary): Promise<void> {
    const row = {
      id,
      draw_offer: table.drawOffer,
      ending: table.ending === null ? null : JSON.stringify(table.ending),
      rematch: table.rematch,
    };
    await this.writer.write({
      kind: "set-table",
      row,
      ...(summary && {
        summary: {
          status: summary.status,
          turn: summary.turn,
          updated_at: summary.updatedAt,
          seq: summary.seq,
        },
      }),
    });
  }

  async chatLines(id: string): Promise<ChatLine[]> {
    return this.stmt.chatLines.all(id) as ChatLine[];
  }

  async addChat(id: string, line: ChatLine): Promise<void> {
    await this.writer.write({ kind: "add-chat", row: { game_id: id, ...line } });
  }

  async markDelivered(id: string): Promise<void> {
    await this.writer.write({ kind: "mark-delivered", id });
  }

  async deleteUndelivered(before: number): Promise<string[]> {
    return [...((await this.writer.write({ kind: "delete-undelivered", before })) ?? [])];
  }

  async gamesCreatedSince(creator: string, since: number): Promise<number> {
    return (this.stmt.createdSince.get(creator, since) as { n: number }).n;
  }

  async playingGames(): Promise<string[]> {
    return (this.stmt.playing.all() as { id: string }[]).map((r) => r.id);
  }

  async close(): Promise<void> {
    await this.writer.close();
    if (this.db.open) this.db.close();
  }
}
