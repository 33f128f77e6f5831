import { Client, type PoolClient } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "./open-store.js";
import { PG_SCHEMA_VERSION, SchemaRefused } from "./pg-schema.js";
import { durableClient, PgStore, pgPool } from "./pg-store.js";
import {
  checkPostgres,
  HAVE_POSTGRES,
  startTestPostgres,
  type TestPostgres,
} from "./test-support/postgres.js";
import { game, storeSuite } from "./test-support/store-suite.js";

checkPostgres();

describe.skipIf(!HAVE_POSTGRES)("the PostgreSQL store", () => {
  let pg: TestPostgres | undefined;
  const server = () => {
    if (!pg) throw new Error("PostgreSQL did not start");
    return pg;
  };
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  }, 60_000);

  /** Runs SQL on a database beside the store (as its administrator would). */
  const sql = async (url: string, text: string): Promise<unknown[]> => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };

  describe("the storage contract", () => {
    // A new database for each test: nothing one leaves is seen by the next.
    storeSuite(async () => {
      const url = await server().database();
      return () => PgStore.open(url);
    });
  });

  it("is what openStore opens for a URL, and a missing database is said so", async () => {
    const store = await openStore(await server().database());
    expect(store).toBeInstanceOf(PgStore);
    await store.close();
    const missing = new URL(server().url);
    missing.pathname = "/no_such_database";
    await expect(openStore(missing.toString())).rejects.toThrow(
      /^cannot open postgres:\/\/.*\/no_such_database: database "no_such_database" does not exist$/,
    );
  });

  it("records its schema version, and refuses a database of a schema it does not know", async () => {
    const url = await server().database();
    await (await PgStore.open(url)).close();
    expect(await sql(url, "SELECT value FROM meta WHERE key = 'schema'")).toEqual([
      { value: String(PG_SCHEMA_VERSION) },
    ]);
    await sql(url, "UPDATE meta SET value = '99' WHERE key = 'schema'");
    const refused = PgStore.open(url);
    await expect(refused).rejects.toBeInstanceOf(SchemaRefused);
    await expect(refused).rejects.toThrow(`storage schema 99; this server reads schema ${PG_SCHEMA_VERSION}`);
  });

  it("is made once when several servers open an empty database at the same moment", async () => {
    const url = await server().database();
    const stores = await Promise.all(Array.from({ length: 4 }, () => PgStore.open(url)));
    await stores[0]?.createGame(game("Together00000001", 1));
    expect(await stores[3]?.getGame("Together00000001")).toMatchObject({ id: "Together00000001" });
    await Promise.all(stores.map((s) => s.close()));
    expect(await sql(url, "SELECT count(*)::int AS n FROM meta")).toEqual([{ n: 1 }]);
  });

  it("commits synchronously even where the database's default says otherwise", async () => {
    const url = await server().database();
    const name = new URL(url).pathname.slice(1);
    await sql(url, `ALTER DATABASE ${name} SET synchronous_commit = off`);
    expect(await sql(url, "SHOW synchronous_commit")).toEqual([{ synchronous_commit: "off" }]);
    const pool = pgPool(url);
    try {
      // Several connections at once, and one handed out again: each is set.
      const show = async (c: PoolClient) =>
        (await c.query<{ synchronous_commit: string }>("SHOW synchronous_commit")).rows[0]
          ?.synchronous_commit;
      const clients = await Promise.all(Array.from({ length: 3 }, () => durableClient(pool)));
      expect(await Promise.all(clients.map(show))).toEqual(["on", "on", "on"]);
      for (const c of clients) c.release();
      const again = await durableClient(pool);
      expect(clients).toContain(again);
      expect(await show(again)).toBe("on");
      again.release();
    } finally {
      await pool.end();
    }
  });
});
