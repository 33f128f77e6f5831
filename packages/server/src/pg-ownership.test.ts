import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Fence } from "./pg-fence.js";
import { type HeldRooms, PgOwnership } from "./pg-ownership.js";
import { PgStore } from "./pg-store.js";
import { NotOwner, StoreConflict } from "./store.js";
import {
  checkPostgres,
  HAVE_POSTGRES,
  startTestPostgres,
  type TestPostgres,
} from "./test-support/postgres.js";
import { action, game, storeSuite, summary } from "./test-support/store-suite.js";

checkPostgres();

/** Long enough that no lease runs out by itself during a test: the tests end leases by hand. */
const LEASE_MS = 60_000;

describe.skipIf(!HAVE_POSTGRES)("several servers over one PostgreSQL: ownership", () => {
  let pg: TestPostgres | undefined;
  const server = () => {
    if (!pg) throw new Error("PostgreSQL did not start");
    return pg;
  };
  const opened: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 120_000);
  afterAll(async () => {
    for (const o of opened.splice(0).reverse()) await o.close().catch(() => undefined);
    await pg?.stop();
  }, 60_000);

  /** Runs SQL beside the servers (a test standing in for time passing, or a stall). */
  const sql = async (url: string, text: string, values: unknown[] = []): Promise<void> => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  };

  /** What a renewal told a process of its rooms. */
  const rooms = (held: string[] = []) => {
    const lost: (readonly string[] | "all")[] = [];
    const hooks: HeldRooms = { held: () => held, lost: (ids) => lost.push(ids) };
    return { hooks, lost };
  };

  /** A server process's view of the database: its store (fenced) and its leases. */
  const node = async (url: string, name: string, leaseMs = LEASE_MS, held?: HeldRooms) => {
    const fence: Fence = { node: name, session: randomUUID() };
    const store = await PgStore.open(url, { fence });
    const ownership = PgOwnership.open(url, fence, { leaseMs });
    await ownership.start(held ?? rooms().hooks);
    opened.push(store, { close: () => ownership.release() });
    return { store, ownership, fence };
  };

  describe("the storage contract, with every write fenced", () => {
    storeSuite(async () => {
      const url = await server().database();
      const fence: Fence = { node: "http://127.0.0.1:1", session: randomUUID() };
      const ownership = PgOwnership.open(url, fence, { leaseMs: LEASE_MS });
      // The tables first (a store opened makes them), then this process's lease.
      await (await PgStore.open(url)).close();
      await ownership.start(rooms().hooks);
      opened.push({ close: () => ownership.release() });
      return () => PgStore.open(url, { fence });
    });
  });

  it("a game is held by the process that created it; another is told where it is", async () => {
    const url = await server().database();
    const a = await node(url, "http://127.0.0.1:1001");
    const b = await node(url, "http://127.0.0.1:1002");
    await a.store.createGame(game("Held000000000001", 1));
    expect(await a.ownership.claim("Held000000000001")).toEqual({ kind: "mine" });
    expect(await b.ownership.claim("Held000000000001")).toEqual({
      kind: "elsewhere",
      node: "http://127.0.0.1:1001",
    });
    // Only the holder writes.
    await a.store.append("Held000000000001", action(1, "first", "a1"), summary(1));
    await expect(
      b.store.append("Held000000000001", action(2, "second", "b1"), { ...summary(2), turn: "first" }),
    ).rejects.toBeInstanceOf(NotOwner);
    await expect(
      b.store.addChat("Held000000000001", { n: 1, side: "first", text: "hi", at: 1 }),
    ).rejects.toBeInstanceOf(NotOwner);
    await expect(
      b.store.setTable("Held000000000001", { drawOffer: "first", ending: null, rematch: null }),
    ).rejects.toBeInstanceOf(NotOwner);
    // A game nobody has is anyone's to load (loading an unknown id says so).
    expect(await b.ownership.claim("NoSuchGame000001")).toEqual({ kind: "mine" });
  });

  it("a process whose lease ran out (killed, or stalled) loses its games to the first to ask; its late writes are refused", async () => {
    const url = await server().database();
    const stalled = rooms(["Stall00000000001"]);
    const a = await node(url, "http://127.0.0.1:1001", LEASE_MS, stalled.hooks);
    const b = await node(url, "http://127.0.0.1:1002");
    await a.store.createGame(game("Stall00000000001", 1));
    await a.store.append("Stall00000000001", action(1, "first", "a1"), summary(1));
    // The lease ends without a renewal (as after a kill, or a stall longer than the lease).
    await sql(url, "UPDATE nodes SET expires_at = 0 WHERE node = $1", [a.fence.node]);
    expect(await b.ownership.claim("Stall00000000001")).toEqual({ kind: "mine" });
    // The stalled process wakes and writes what it had under way: refused, and nothing of it stored.
    await expect(
      a.store.append("Stall00000000001", action(2, "second", "a2"), { ...summary(2), turn: "first" }),
    ).rejects.toBeInstanceOf(NotOwner);
    await b.store.append("Stall00000000001", action(2, "second", "b2"), { ...summary(2), turn: "first" });
    expect((await b.store.actions("Stall00000000001")).map((e) => e.actionId)).toEqual(["a1", "b2"]);
    // Its next renewal tells it the game has gone, so that its clients reconnect at once.
    await a.ownership.renew();
    expect(stalled.lost).toEqual([["Stall00000000001"]]);
    // It may not take the game back while the new owner's lease runs.
    expect(await a.ownership.claim("Stall00000000001")).toEqual({
      kind: "elsewhere",
      node: "http://127.0.0.1:1002",
    });
  });

  it("a clean stop, or a restart under the same name, frees the games at once", async () => {
    const url = await server().database();
    const a = await node(url, "http://127.0.0.1:1001");
    const b = await node(url, "http://127.0.0.1:1002");
    await a.store.createGame(game("Freed00000000001", 1));
    await a.store.createGame(game("Freed00000000002", 1));
    await a.ownership.release();
    expect(await b.ownership.claim("Freed00000000001")).toEqual({ kind: "mine" });
    // b killed, and started again under its name: the new session takes its predecessor's games without waiting.
    await b.store.createGame(game("Freed00000000003", 1));
    const again = await node(url, "http://127.0.0.1:1002");
    expect(await again.ownership.claim("Freed00000000003")).toEqual({ kind: "mine" });
    await expect(
      b.store.append("Freed00000000003", action(1, "first", "old"), summary(1)),
    ).rejects.toBeInstanceOf(NotOwner);
    // Two appends at one number are still a conflict for the holder (the fence does not hide it).
    await again.store.append("Freed00000000003", action(1, "first", "new"), summary(1));
    await expect(
      again.store.append("Freed00000000003", action(1, "first", "newer"), summary(1)),
    ).rejects.toBeInstanceOf(StoreConflict);
    // Playing games nobody holds, for AI seats to resume: the released process's other game, and the
    // one its predecessor under the same name had taken (its session is over).
    expect(await again.ownership.orphans()).toEqual(["Freed00000000001", "Freed00000000002"]);
  });
});
