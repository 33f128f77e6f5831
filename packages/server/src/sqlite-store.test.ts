import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SqliteStore } from "./sqlite-store.js";
import { EMPTY_TABLE } from "./store.js";
import { action, type FreshDatabase, game, storeSuite, summary } from "./test-support/store-suite.js";

/** Storage schema 1 as the first online server wrote it: action ids unique per game, not per seat. */
const SCHEMA_1 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
  id TEXT PRIMARY KEY, scenario TEXT NOT NULL, optional_rules TEXT NOT NULL, seats TEXT NOT NULL,
  rules_version TEXT NOT NULL, rules_hash TEXT NOT NULL, engine TEXT NOT NULL, opening_prng TEXT NOT NULL,
  token_first TEXT, token_second TEXT, token_spectator TEXT NOT NULL, creator TEXT NOT NULL,
  created_at INTEGER NOT NULL, status TEXT NOT NULL, seq INTEGER NOT NULL, hash TEXT NOT NULL, turn TEXT,
  game_turn INTEGER NOT NULL, phase TEXT NOT NULL, updated_at INTEGER NOT NULL
);
CREATE TABLE actions (
  game_id TEXT NOT NULL REFERENCES games (id), seq INTEGER NOT NULL, side TEXT NOT NULL,
  action_id TEXT NOT NULL, action TEXT NOT NULL, dice TEXT NOT NULL, hash TEXT NOT NULL,
  public_hash TEXT NOT NULL, at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq), UNIQUE (game_id, action_id)
) WITHOUT ROWID;
INSERT INTO meta VALUES ('schema', '1');
INSERT INTO games VALUES ('OldGame000000001', '16.24', '["caracolla"]', '{"first":{"kind":"human"},"second":{"kind":"ai","level":"random"}}',
  'v', '0123456789abcdef', '0.2.0', '${"0".repeat(31)}1', 'a', NULL, 's', '127.0.0.1', 1, 'playing', 1,
  'fedcba9876543210', 'second', 1, 'deployment', 2);
INSERT INTO actions VALUES ('OldGame000000001', 1, 'first', 'ai-second-2', '{"type":"end-phase"}', '[]',
  'fedcba9876543210', '0011223344556677', 2);
`;

/** A new SQLite file each time; stores on it as many as asked for. */
const fresh: FreshDatabase = async () => {
  const file = join(mkdtempSync(join(tmpdir(), "tercio-store-")), "games.sqlite");
  return async () => new SqliteStore(file);
};

describe("the SQLite store: the storage contract", () => storeSuite(fresh));

describe("the SQLite store", () => {
  it("brings a schema-1 file up to schema 6: the log kept, its games delivered, ids scoped by seat, Musket & Pike's, hash format 1", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "tercio-store-")), "games.sqlite");
    const old = new Database(file);
    old.exec(SCHEMA_1);
    old.close();
    const store = new SqliteStore(file);
    const stored = await store.getGame("OldGame000000001");
    expect(stored?.delivered).toBe(true);
    // Schema 5: a game stored before kept two hashes of each position, and is read (and replayed) that way.
    expect(stored?.hashFormat).toBe(1);
    // Schema 3: every game stored before systems had ids is Musket & Pike's, its optional rules its options.
    expect(stored).toMatchObject({ system: "musket-and-pike", options: { optionalRules: ["caracolla"] } });
    expect(await store.actions("OldGame000000001")).toEqual([
      { ...action(1, "first", "ai-second-2"), at: 2 },
    ]);
    // The id a human once took from the AI's namespace is First's: Second's own use of it is another action.
    expect(await store.findAction("OldGame000000001", "first", "ai-second-2")).toMatchObject({ seq: 1 });
    expect(await store.findAction("OldGame000000001", "second", "ai-second-2")).toBeUndefined();
    await store.append("OldGame000000001", action(2, "second", "ai-second-2"), summary(2));
    expect(await store.findAction("OldGame000000001", "second", "ai-second-2")).toMatchObject({ seq: 2 });
    await store.close();
    const version = new Database(file).prepare("SELECT value FROM meta WHERE key = 'schema'").get();
    expect(version).toEqual({ value: "6" });
  });

  it("brings a schema-5 file up to 6 with its games' hash formats kept, and refuses a game in a format it does not know", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "tercio-store-")), "games.sqlite");
    const made = new SqliteStore(file);
    await made.createGame({ ...game("FormatTwo0000001", 5), hashFormat: 2 });
    await made.createGame({ ...game("FormatNine000001", 6), hashFormat: 2 });
    await made.close();
    // As a schema-5 server left it, with one game's format changed by hand to one no server makes.
    const five = new Database(file);
    five.exec(`UPDATE meta SET value = '5' WHERE key = 'schema';
      UPDATE games SET hash_format = 9 WHERE id = 'FormatNine000001';`);
    five.close();
    const store = new SqliteStore(file);
    expect((await store.getGame("FormatTwo0000001"))?.hashFormat).toBe(2);
    await expect(store.getGame("FormatNine000001")).rejects.toThrow(
      "game FormatNine000001 is stored in hash format 9, which this server does not know",
    );
    await store.close();
    expect(new Database(file).prepare("SELECT value FROM meta WHERE key = 'schema'").get()).toEqual({
      value: "6",
    });
  });

  it("counts its commits: writes, transactions, the largest batch and the longest commit (its fsync included)", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "tercio-store-")), "games.sqlite");
    const store = new SqliteStore(file);
    expect(store.commits).toMatchObject({ writes: 0, batches: 0, largestBatch: 0, longestCommitMs: 0 });
    // Ten games asked for in one turn of the event loop: one transaction on the writer thread.
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.createGame(game(`Counted00000000${i}`, i))));
    const stats = store.commits;
    expect(stats).toMatchObject({ writes: 10, waiting: 0 });
    expect(stats?.largestBatch).toBeGreaterThan(1);
    expect(stats?.longestCommitMs).toBeGreaterThan(0);
    expect(stats?.longestCommitMs).toBeLessThan(60_000);
    await store.close();
  });

  it("brings a schema-2 file up to schema 3: games name their system, optional rules become options", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "tercio-store-")), "games.sqlite");
    const first = new Database(file);
    first.exec(SCHEMA_1);
    first.close();
    // A schema-2 file: schema 1 brought up by the schema-2 server's own migration, as written then.
    const two = new Database(file);
    two.exec(`
      ALTER TABLE games ADD COLUMN delivered INTEGER NOT NULL DEFAULT 1;
      UPDATE meta SET value = '2' WHERE key = 'schema';`);
    two.close();
    const store = new SqliteStore(file);
    expect(await store.getGame("OldGame000000001")).toMatchObject({
      system: "musket-and-pike",
      scenario: "16.24",
      options: { optionalRules: ["caracolla"] },
      version: "0.2.0",
    });
    await store.createGame({ ...game("NewGame000000001", 5), system: "horse-and-musket-ch11", options: {} });
    expect(await store.getGame("NewGame000000001")).toMatchObject({
      system: "horse-and-musket-ch11",
      options: {},
      hashFormat: 2,
    });
    await store.close();
  });

  it("brings a schema-3 file up to schema 4: its games read with nothing said, and can be resigned and chatted in", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "tercio-store-")), "games.sqlite");
    const first = new Database(file);
    first.exec(SCHEMA_1);
    first.close();
    // A schema-3 file, as the schema-3 server left it (its own migrations from 1).
    const three = new Database(file);
    three.exec(`
      ALTER TABLE games ADD COLUMN delivered INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE games ADD COLUMN system TEXT NOT NULL DEFAULT 'musket-and-pike';
      ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
      UPDATE games SET options = json_object('optionalRules', json(optional_rules));
      ALTER TABLE games DROP COLUMN optional_rules;
      UPDATE meta SET value = '3' WHERE key = 'schema';`);
    three.close();
    const store = new SqliteStore(file);
    expect(await store.getGame("OldGame000000001")).toMatchObject({
      system: "musket-and-pike",
      options: { optionalRules: ["caracolla"] },
      table: EMPTY_TABLE,
      summary: { status: "playing", seq: 1 },
    });
    expect(await store.chatLines("OldGame000000001")).toEqual([]);
    await store.addChat("OldGame000000001", { n: 1, side: "first", text: "<b>gg</b>", at: 4 });
    await store.setTable(
      "OldGame000000001",
      { drawOffer: null, ending: { kind: "resigned", side: "second" }, rematch: null },
      { ...summary(1), status: "over", turn: null, updatedAt: 5 },
    );
    await store.close();
    const again = new SqliteStore(file);
    expect(await again.getGame("OldGame000000001")).toMatchObject({
      table: { drawOffer: null, ending: { kind: "resigned", side: "second" }, rematch: null },
      summary: { status: "over", turn: null, seq: 1, updatedAt: 5 },
    });
    expect(await again.chatLines("OldGame000000001")).toEqual([
      { n: 1, side: "first", text: "<b>gg</b>", at: 4 },
    ]);
    await again.close();
  });
});
