import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isPostgresUrl, openStore, StoreUnavailable, storeName } from "./open-store.js";
import { SqliteStore } from "./sqlite-store.js";

/** A port nothing listens on (free a moment ago). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 1));
    });
  });
}

/** PostgreSQL chosen and opened: pg-store.test.ts, beside its server. */
describe("choosing the store by --db", () => {
  it("takes a postgres:// or postgresql:// URL for PostgreSQL, anything else for a SQLite file", () => {
    for (const url of ["postgres://u@h/db", "postgresql://u:p@h:5432/db", "POSTGRES://h/db"])
      expect(isPostgresUrl(url)).toBe(true);
    for (const file of [
      "games.sqlite",
      "postgres.sqlite",
      "./postgres://x",
      ":memory:",
      "tercio-data/games.sqlite",
    ])
      expect(isPostgresUrl(file)).toBe(false);
  });

  it("names a URL without its password", () => {
    expect(storeName("postgres://tercio:s3cret@db.example:5432/games")).toBe(
      "postgres://tercio:***@db.example:5432/games",
    );
    expect(storeName("postgres://tercio@db.example/games")).toBe("postgres://tercio@db.example/games");
    expect(storeName("games.sqlite")).toBe("games.sqlite");
  });

  it("opens a SQLite file for anything but a URL", async () => {
    const store = await openStore(join(mkdtempSync(join(tmpdir(), "tercio-open-")), "games.sqlite"));
    expect(store).toBeInstanceOf(SqliteStore);
    await store.close();
  });

  it("says why a SQLite file cannot be opened, as a StoreUnavailable", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tercio-open-"));
    const refused = openStore(dir);
    await expect(refused).rejects.toBeInstanceOf(StoreUnavailable);
    await expect(refused).rejects.toThrow(new RegExp(`^cannot open ${dir}: `));
  });

  it("says a PostgreSQL server cannot be reached, naming it without its password", async () => {
    const port = await closedPort();
    const refused = openStore(`postgres://tercio:s3cret@127.0.0.1:${port}/games`);
    await expect(refused).rejects.toBeInstanceOf(StoreUnavailable);
    const message = await refused.catch((e: unknown) => (e instanceof Error ? e.message : ""));
    expect(message).toBe(
      `cannot reach postgres://tercio:***@127.0.0.1:${port}/games: connection refused (is PostgreSQL running and listening there?)`,
    );
  });

  it("refuses SQLite's NORMAL synchronous setting for PostgreSQL", async () => {
    await expect(openStore("postgres://127.0.0.1:1/games", { synchronous: "NORMAL" })).rejects.toThrow(
      /PostgreSQL commits every action synchronously/,
    );
  });
});
