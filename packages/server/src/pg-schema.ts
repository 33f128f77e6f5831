import type { PoolClient } from "pg";

/**
 * The PostgreSQL store's schema version. Its numbers mean what the SQLite
 * file's do (sqlite-schema.ts): 5 is the first PostgreSQL schema, with
 * action ids unique per game and seat, the games' `delivered` flag, their
 * rule system and options, what the players said, the chat, and each
 * game's hash format. There was never a PostgreSQL database of schemas 1
 * to 4. 6, as the SQLite file's: games may be in hash format 3, which a
 * server of schema 5 would misread.
 */
export const PG_SCHEMA_VERSION = 6;

/**
 * JSON is kept as text, as written: jsonb would reorder an action's keys
 * and the log is a record. Times are milliseconds since 1970 (bigint).
 * Every statement is idempotent, so that a schema made half-way is finished.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS games (
  id text PRIMARY KEY,
  system text NOT NULL,
  scenario text NOT NULL,
  options text NOT NULL,
  seats text NOT NULL,
  rules_version text NOT NULL,
  rules_hash text NOT NULL,
  engine text NOT NULL,
  opening_prng text NOT NULL,
  token_first text,
  token_second text,
  token_spectator text NOT NULL,
  creator text NOT NULL,
  created_at bigint NOT NULL,
  status text NOT NULL,
  seq integer NOT NULL,
  hash text NOT NULL,
  turn text,
  game_turn integer NOT NULL,
  phase text NOT NULL,
  updated_at bigint NOT NULL,
  delivered boolean NOT NULL DEFAULT false,
  draw_offer text,
  ending text,
  rematch text,
  hash_format integer NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_creator ON games (creator, created_at);
CREATE INDEX IF NOT EXISTS games_by_status ON games (status);
CREATE TABLE IF NOT EXISTS actions (
  game_id text NOT NULL REFERENCES games (id),
  seq integer NOT NULL,
  side text NOT NULL,
  action_id text NOT NULL,
  action text NOT NULL,
  dice text NOT NULL,
  hash text NOT NULL,
  public_hash text NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (game_id, seq),
  UNIQUE (game_id, side, action_id)
);
CREATE TABLE IF NOT EXISTS chat (
  game_id text NOT NULL REFERENCES games (id),
  n integer NOT NULL,
  side text NOT NULL,
  text text NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (game_id, n)
);
`;

/**
 * Which server process holds which game (several servers over one
 * database: pg-ownership.ts). Not part of the games' schema, and holding
 * nothing a game needs: made whenever missing, so a database of schema 5
 * made before them gains them without a new schema version. `nodes` has a
 * row per server (its URL, this start's session, the lease's end in the
 * database's clock, milliseconds); `game_owners` names the session that
 * holds each game, which counts only while that session's lease runs.
 */
const OWNERSHIP = `
CREATE TABLE IF NOT EXISTS nodes (
  node text PRIMARY KEY,
  session text NOT NULL,
  expires_at bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS game_owners (
  game_id text PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  node text NOT NULL,
  session text NOT NULL
);
CREATE INDEX IF NOT EXISTS game_owners_by_session ON game_owners (session);
`;

/**
 * Each step brings a database from the version it is keyed by to the next,
 * inside the same transaction as the rest (PostgreSQL's DDL is
 * transactional). A new games column is one `ALTER TABLE games ADD COLUMN`
 * here, one line in SCHEMA, and its entry in pg-rows.ts.
 */
const MIGRATIONS: Readonly<Record<number, string>> = {
  // Nothing to change in the tables: the new number keeps older servers out.
  5: "SELECT 1",
};

/**
 * Any constant: servers opening one database at once (several machines,
 * one restarted beside another) take turns through this lock, so that two
 * never create the tables together.
 */
const SCHEMA_LOCK = 0x7465_7263;

/** The database holds games of a schema this server cannot read. */
export class SchemaRefused extends Error {}

/** Creates the tables in an empty database, brings an older schema up, or refuses one it does not know. */
export async function preparePgSchema(client: PoolClient): Promise<void> {
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
    await client.query("CREATE TABLE IF NOT EXISTS meta (key text PRIMARY KEY, value text NOT NULL)");
    const row = await client.query<{ value: string }>("SELECT value FROM meta WHERE key = 'schema'");
    const found = row.rows[0]?.value;
    if (found === undefined) {
      await client.query(SCHEMA);
      await client.query("INSERT INTO meta (key, value) VALUES ('schema', $1)", [String(PG_SCHEMA_VERSION)]);
    } else await migrate(client, found);
    await client.query(OWNERSHIP);
    await client.query("COMMIT");
  } catch (e) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw e;
  }
}

async function migrate(client: PoolClient, found: string): Promise<void> {
  let version = Number(found);
  const refused = () =>
    new SchemaRefused(
      `the database holds games in storage schema ${found}; this server reads schema ${PG_SCHEMA_VERSION}`,
    );
  if (!Number.isInteger(version) || version > PG_SCHEMA_VERSION) throw refused();
  for (; version < PG_SCHEMA_VERSION; version++) {
    const step = MIGRATIONS[version];
    if (step === undefined) throw refused();
    await client.query(step);
  }
  await client.query("UPDATE meta SET value = $1 WHERE key = 'schema'", [String(PG_SCHEMA_VERSION)]);
}
