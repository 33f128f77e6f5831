/** The SQLite store's schema: its tables, the migrations from every older schema, and the connection settings. */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

/**
 * 2: action ids unique per game and seat, not per game (a seat's ids are its
 * own: a client cannot take the AI's); games know whether their links were
 * delivered. 3: games name their rule system, and keep the system's options
 * (Musket & Pike's optional rules become `{ "optionalRules": [...] }`).
 * 4: what the players say beside the rules: a standing draw offer, an end
 * by their word (resigned, drawn), a rematch, and the game's chat.
 * 5: games record their hash format (position-hashes.ts); older games are format 1.
 * 6: no table changes, but games may be stored in hash format 3 (the
 * structural public hash), which a server of schema 5 would misread as 2:
 * the new number keeps such a server from opening the file.
 */
export const SCHEMA_VERSION = 6;

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

/** Schema 4 to 5: every game stored before kept two hashes of each position. */
const MIGRATE_4_TO_5 = `
ALTER TABLE games ADD COLUMN hash_format INTEGER NOT NULL DEFAULT 1;
UPDATE meta SET value = '5' WHERE key = 'schema';
`;

/** Schema 5 to 6: the games stored before keep their formats (1 and 2); only the number changes. */
const MIGRATE_5_TO_6 = `
UPDATE meta SET value = '6' WHERE key = 'schema';
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
  rematch TEXT,
  hash_format INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS games_by_creator ON games (creator, created_at);
CREATE INDEX IF NOT EXISTS games_by_status ON games (status);
${ACTIONS_TABLE("actions")}
${CHAT_TABLE}
`;

export interface SqliteOptions {
  /**
   * FULL (the default) syncs the log to disk before an action is
   * acknowledged, so an acknowledged action survives even a power cut.
   * NORMAL survives a crash of the process but not of the machine.
   */
  readonly synchronous?: "FULL" | "NORMAL";
}

/** A connection to the games file with the store's settings (WAL, the sync mode, foreign keys). */
export function connect(file: string, options: SqliteOptions = {}): Database.Database {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma(`synchronous = ${options.synchronous ?? "FULL"}`);
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  return db;
}

/** Creates the tables, or brings an older file's up to this schema. */
export function migrate(db: Database.Database, file: string): void {
  db.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);");
  const version = db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as
    | { value: string }
    | undefined;
  if (version === undefined) {
    db.exec(SCHEMA);
    db.prepare("INSERT INTO meta (key, value) VALUES ('schema', ?)").run(String(SCHEMA_VERSION));
    return;
  }
  const from = Number(version.value);
  if (from >= 1 && from < SCHEMA_VERSION)
    db.transaction(() => {
      if (from === 1) db.exec(MIGRATE_1_TO_2);
      if (from <= 2) db.exec(MIGRATE_2_TO_3);
      if (from <= 3) db.exec(MIGRATE_3_TO_4);
      if (from <= 4) db.exec(MIGRATE_4_TO_5);
      db.exec(MIGRATE_5_TO_6);
    })();
  else if (from !== SCHEMA_VERSION)
    throw new Error(
      `${file} holds games in storage schema ${version.value}; this server reads schema ${SCHEMA_VERSION}`,
    );
}
