import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Seat as Side } from "@tercio/core";
import type { ChatLine, Ending, SeatSetup } from "@tercio/protocol";
import Database from "better-sqlite3";
import {
  type GameStore,
  type GameSummary,
  type GameTable,
  StoreConflict,
  type StoredAction,
  type StoredGame,
} from "./store.js";

/**
 * 2: action ids unique per game and seat, not per game (a seat's ids are its
 * own: a client cannot take the AI's); games know whether their links were
 * delivered. 3: games name their rule system, and keep the system's options
 * (Musket & Pike's optional rules become `{ "optionalRules": [...] }`).
 * 4: what the players say beside the rules: a standing draw offer, an end
 * by their word (resigned, drawn), a rematch, and the game's chat.
 */
const SCHEMA_VERSION = 4;

const CHAT_TABLE = `
CREATE TABLE IF NOT EXISTS chat (
  game_id TEXT NOT NULL REFERENCES games (id),
  n INTEGER NOT NULL,
  side TEXT NOT NULL,
  text TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (game_id, n)
) WITHOUT ROWID;`;

const ACTIONS_TABLE = (name: string) => `
CREATE TABLE IF NOT EXISTS ${name} (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL,
  side TEXT NOT NULL,
  action_id TEXT NOT NULL,
  action TEXT NOT NULL,
  dice TEXT NOT NULL,
  hash TEXT NOT NULL,
  public_hash TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq),
  UNIQUE (game_id, side, action_id)
) WITHOUT ROWID;`;

/** Schema 1 to 2, in one transaction: SQLite cannot change a table's constraints, so the log is copied. */
const MIGRATE_1_TO_2 = `
ALTER TABLE games ADD COLUMN delivered INTEGER NOT NULL DEFAULT 1;
${ACTIONS_TABLE("actions_v2")}
INSERT INTO actions_v2 SELECT game_id, seq, side, action_id, action, dice, hash, public_hash, at FROM actions;
DROP TABLE actions;
ALTER TABLE actions_v2 RENAME TO actions;
UPDATE meta SET value = '2' WHERE key = 'schema';
`;

/** Schema 2 to 3: every game stored before systems had ids is Musket & Pike's. */
const MIGRATE_2_TO_3 = `
ALTER TABLE games ADD COLUMN system TEXT NOT NULL DEFAULT 'musket-and-pike';
ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
UPDATE games SET options = json_object('optionalRules', json(optional_rules));
ALTER TABLE games DROP COLUMN optional_rules;
UPDATE meta SET value = '3' WHERE key = 'schema';
`;

/** Schema 3 to 4: nothing said yet in any game stored before. */
const MIGRATE_3_TO_4 = `
ALTER TABLE games ADD COLUMN draw_offer TEXT;
ALTER TABLE games ADD COLUMN ending TEXT;
ALTER TABLE games ADD COLUMN rematch TEXT;
${CHAT_TABLE}
UPDATE meta SET value = '4' WHERE key = 'schema';
`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  system TEXT NOT NULL,
  scenario TEXT NOT NULL,
  options TEXT NOT NULL,
  seats TEXT NOT NULL,
  rules_version TEXT NOT NULL,
  rules_hash TEXT NOT NULL,
  engine TEXT NOT NULL, -- the system's version (the column was named before there were systems)
  opening_prng TEXT NOT NULL,
  token_first TEXT,
  token_second TEXT,
  token_spectator TEXT NOT NULL,
  creator TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  status TEXT NOT NULL,
  seq INTEGER NOT NULL,
  hash TEXT NOT NULL,
  turn TEXT,
  game_turn INTEGER NOT NULL,
  phase TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  delivered INTEGER NOT NULL DEFAULT 0,
  draw_offer TEXT,
  ending TEXT,
  rematch TEXT
);
CREATE INDEX IF NOT EXISTS games_by_creator ON games (creator, created_at);
CREATE INDEX IF NOT EXISTS games_by_status ON games (status);
${ACTIONS_TABLE("actions")}
${CHAT_TABLE}
`;

interface GameRow {
  id: string;
  system: string;
  scenario: string;
  options: string;
  seats: string;
  rules_version: string;
  rules_hash: string;
  engine: string;
  opening_prng: string;
  token_first: string | null;
  token_second: string | null;
  token_spectator: string;
  creator: string;
  created_at: number;
  status: "playing" | "over";
  seq: number;
  hash: string;
  turn: Side | null;
  game_turn: number;
  phase: string;
  updated_at: number;
  delivered: number;
  draw_offer: Side | null;
  ending: string | null;
  rematch: string | null;
}

interface ActionRow {
  seq: number;
  side: Side;
  action_id: string;
  action: string;
  dice: string;
  hash: string;
  public_hash: string;
  at: number;
}

export interface SqliteOptions {
  /**
   * FULL (the default) syncs the log to disk before an action is
   * acknowledged, so an acknowledged action survives even a power cut.
   * NORMAL survives a crash of the process but not of the machine.
   */
  readonly synchronous?: "FULL" | "NORMAL";
}

/** The embedded store: one SQLite file in WAL mode, written through better-sqlite3. */
export class SqliteStore implements GameStore {
  private readonly db: Database.Database;
  private readonly stmt;

  constructor(file: string, options: SqliteOptions = {}) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma(`synchronous = ${options.synchronous ?? "FULL"}`);
    this.db.pragma("foreign_keys = ON");
    this.db.pragma("busy_timeout = 5000");
    this.open(file);
    this.stmt = {
      insertGame: this.db.prepare(
        `INSERT INTO games (id, system, scenario, options, seats, rules_version, rules_hash, engine, opening_prng,
          token_first, token_second, token_spectator, creator, created_at, status, seq, hash, turn, game_turn, phase,
          updated_at, delivered)
        VALUES (@id, @system, @scenario, @options, @seats, @rules_version, @rules_hash, @engine,
          @opening_prng, @token_first, @token_second, @token_spectator, @creator, @created_at, @status, @seq, @hash,
          @turn, @game_turn, @phase, @updated_at, @delivered)`,
      ),
      getGame: this.db.prepare("SELECT * FROM games WHERE id = ?"),
      actions: this.db.prepare(
        "SELECT seq, side, action_id, action, dice, hash, public_hash, at FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?",
      ),
      findAction: this.db.prepare(
        "SELECT seq, side, action_id, action, dice, hash, public_hash, at FROM actions WHERE game_id = ? AND side = ? AND action_id = ?",
      ),
      insertAction: this.db.prepare(
        "INSERT INTO actions VALUES (@game_id, @seq, @side, @action_id, @action, @dice, @hash, @public_hash, @at)",
      ),
      updateSummary: this.db.prepare(
        `UPDATE games SET status = @status, seq = @seq, hash = @hash, turn = @turn, game_turn = @game_turn,
          phase = @phase, updated_at = @updated_at WHERE id = @id AND seq = @seq - 1`,
      ),
      setSeats: this.db.prepare("UPDATE games SET seats = ? WHERE id = ?"),
      createdSince: this.db.prepare("SELECT count(*) AS n FROM games WHERE creator = ? AND created_at >= ?"),
      playing: this.db.prepare("SELECT id FROM games WHERE status = 'playing'"),
      markDelivered: this.db.prepare("UPDATE games SET delivered = 1 WHERE id = ? AND delivered = 0"),
      undelivered: this.db.prepare("SELECT id FROM games WHERE delivered = 0 AND created_at < ?"),
      deleteActions: this.db.prepare("DELETE FROM actions WHERE game_id = ?"),
      deleteChat: this.db.prepare("DELETE FROM chat WHERE game_id = ?"),
      setTable: this.db.prepare(
        "UPDATE games SET draw_offer = @draw_offer, ending = @ending, rematch = @rematch WHERE id = @id",
      ),
      conclude: this.db.prepare(
        `UPDATE games SET draw_offer = @draw_offer, ending = @ending, rematch = @rematch, status = @status,
          turn = @turn, updated_at = @updated_at WHERE id = @id AND seq = @seq`,
      ),
      chatLines: this.db.prepare("SELECT n, side, text, at FROM chat WHERE game_id = ? ORDER BY n"),
      addChat: this.db.prepare("INSERT INTO chat VALUES (@game_id, @n, @side, @text, @at)"),
      deleteGame: this.db.prepare("DELETE FROM games WHERE id = ? AND delivered = 0"),
    };
  }

  /** Creates the tables, or brings an older file's up to this schema. */
  private open(file: string): void {
    this.db.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);");
    const version = this.db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as
      | { value: string }
      | undefined;
    if (version === undefined) {
      this.db.exec(SCHEMA);
      this.db.prepare("INSERT INTO meta (key, value) VALUES ('schema', ?)").run(String(SCHEMA_VERSION));
      return;
    }
    const from = Number(version.value);
    if (from >= 1 && from < SCHEMA_VERSION)
      this.db.transaction(() => {
        if (from === 1) this.db.exec(MIGRATE_1_TO_2);
        if (from <= 2) this.db.exec(MIGRATE_2_TO_3);
        this.db.exec(MIGRATE_3_TO_4);
      })();
    else if (from !== SCHEMA_VERSION)
      throw new Error(
        `${file} holds games in storage schema ${version.value}; this server reads schema ${SCHEMA_VERSION}`,
      );
  }

  async createGame(game: StoredGame): Promise<void> {
    this.stmt.insertGame.run({
      id: game.id,
      system: game.system,
      scenario: game.scenario,
      options: JSON.stringify(game.options),
      seats: JSON.stringify(game.seats),
      rules_version: game.rules.version,
      rules_hash: game.rules.hash,
      engine: game.version,
      opening_prng: game.openingPrng,
      token_first: game.tokens.first ?? null,
      token_second: game.tokens.second ?? null,
      token_spectator: game.tokens.spectator,
      creator: game.creator,
      created_at: game.createdAt,
      delivered: game.delivered ? 1 : 0,
      ...summaryRow(game.summary),
    });
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

  /** One transaction: with synchronous=FULL, COMMIT returns after the WAL is on disk. */
  private readonly appendTx = (id: string, action: StoredAction, summary: GameSummary) =>
    this.db.transaction(() => {
      try {
        this.stmt.insertAction.run({
          game_id: id,
          seq: action.seq,
          side: action.side,
          action_id: action.actionId,
          action: JSON.stringify(action.action),
          dice: JSON.stringify(action.dice),
          hash: action.hash,
          public_hash: action.publicHash,
          at: action.at,
        });
      } catch (e) {
        if (e instanceof Error && /UNIQUE|PRIMARY KEY/.test(e.message))
          throw new StoreConflict(`game ${id} already has action ${action.seq} or id ${action.actionId}`);
        throw e;
      }
      const changed = this.stmt.updateSummary.run({ id, ...summaryRow(summary) }).changes;
      if (changed !== 1) throw new StoreConflict(`game ${id} is not at action ${summary.seq - 1}`);
    })();

  async append(id: string, action: StoredAction, summary: GameSummary): Promise<void> {
    this.appendTx(id, action, summary);
  }

  async setWebhook(id: string, side: Side, url: string | null): Promise<void> {
    this.db.transaction(() => {
      const row = this.stmt.getGame.get(id) as GameRow | undefined;
      if (!row) return;
      const seats = JSON.parse(row.seats) as Record<Side, SeatSetup>;
      const seat = seats[side];
      if (seat.kind !== "human") return;
      seats[side] = url === null ? { kind: "human" } : { kind: "human", webhook: url };
      this.stmt.setSeats.run(JSON.stringify(seats), id);
    })();
  }

  async setTable(id: string, table: GameTable, summary?: GameSummary): Promise<void> {
    const row = {
      id,
      draw_offer: table.drawOffer,
      ending: table.ending === null ? null : JSON.stringify(table.ending),
      rematch: table.rematch,
    };
    if (!summary) {
      this.stmt.setTable.run(row);
      return;
    }
    const changed = this.stmt.conclude.run({
      ...row,
      status: summary.status,
      turn: summary.turn,
      updated_at: summary.updatedAt,
      seq: summary.seq,
    }).changes;
    if (changed !== 1) throw new StoreConflict(`game ${id} is not at action ${summary.seq}`);
  }

  async chatLines(id: string): Promise<ChatLine[]> {
    return this.stmt.chatLines.all(id) as ChatLine[];
  }

  async addChat(id: string, line: ChatLine): Promise<void> {
    try {
      this.stmt.addChat.run({ game_id: id, ...line });
    } catch (e) {
      if (e instanceof Error && /UNIQUE|PRIMARY KEY/.test(e.message))
        throw new StoreConflict(`game ${id} already has chat line ${line.n}`);
      throw e;
    }
  }

  async markDelivered(id: string): Promise<void> {
    this.stmt.markDelivered.run(id);
  }

  async deleteUndelivered(before: number): Promise<string[]> {
    return this.db.transaction(() => {
      const ids = (this.stmt.undelivered.all(before) as { id: string }[]).map((r) => r.id);
      for (const id of ids) {
        this.stmt.deleteActions.run(id);
        this.stmt.deleteChat.run(id);
        this.stmt.deleteGame.run(id);
      }
      return ids;
    })();
  }

  async gamesCreatedSince(creator: string, since: number): Promise<number> {
    return (this.stmt.createdSince.get(creator, since) as { n: number }).n;
  }

  async playingGames(): Promise<string[]> {
    return (this.stmt.playing.all() as { id: string }[]).map((r) => r.id);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

function summaryRow(s: GameSummary) {
  return {
    status: s.status,
    seq: s.seq,
    hash: s.hash,
    turn: s.turn,
    game_turn: s.gameTurn,
    phase: s.phase,
    updated_at: s.updatedAt,
  };
}

function gameOf(row: GameRow): StoredGame {
  return {
    id: row.id,
    system: row.system,
    scenario: row.scenario,
    options: JSON.parse(row.options) as Record<string, unknown>,
    seats: JSON.parse(row.seats) as Record<Side, SeatSetup>,
    rules: { version: row.rules_version, hash: row.rules_hash },
    version: row.engine,
    openingPrng: row.opening_prng,
    tokens: {
      first: row.token_first ?? undefined,
      second: row.token_second ?? undefined,
      spectator: row.token_spectator,
    },
    creator: row.creator,
    createdAt: row.created_at,
    delivered: row.delivered === 1,
    table: {
      drawOffer: row.draw_offer,
      ending: row.ending === null ? null : (JSON.parse(row.ending) as Ending),
      rematch: row.rematch,
    },
    summary: {
      status: row.status,
      seq: row.seq,
      hash: row.hash,
      turn: row.turn,
      gameTurn: row.game_turn,
      phase: row.phase,
      updatedAt: row.updated_at,
    },
  };
}

function actionOf(row: ActionRow): StoredAction {
  return {
    seq: row.seq,
    side: row.side,
    actionId: row.action_id,
    action: JSON.parse(row.action) as unknown,
    dice: JSON.parse(row.dice) as number[],
    hash: row.hash,
    publicHash: row.public_hash,
    at: row.at,
  };
}
