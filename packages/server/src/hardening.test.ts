import { PROTOCOL_VERSION } from "@tercio/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DEFAULT_LIMITS } from "./limits.js";
import { SqliteStore } from "./sqlite-store.js";
import { createGame, type Msg, TestClient } from "./test-support/client.js";
import { playUntil } from "./test-support/play.js";
import { RawSocket } from "./test-support/raw-socket.js";
import {
  OPEN_LIMITS,
  type ServerProcess,
  startServerProcess,
  tempDb,
} from "./test-support/server-process.js";

/**
 * The probes of a security review, each against the real server (the
 * built CLI's `serve`) from loopback: what once stopped the process or
 * made it send or hold without bound, and what it must refuse.
 */
const health = async (server: ServerProcess) =>
  (await (await fetch(`${server.url}api/health`)).json()) as Msg;
const alive = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;
const humans = (scenario: string) => ({
  scenario,
  seats: { first: { kind: "human" as const }, second: { kind: "human" as const } },
});

describe("the server under attack", { timeout: 180_000 }, () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(tempDb());
  });
  afterAll(async () => {
    await server.stop();
  });

  it("a hello with a protocol of 200 euro signs, before any hello is accepted, is refused in our own words and the server goes on", async () => {
    const ws = new WebSocket(server.wsUrl);
    const got: Msg[] = [];
    ws.on("message", (d) => got.push(JSON.parse(String(d)) as Msg));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
    );
    await new Promise((r) => ws.once("open", r));
    ws.send(
      JSON.stringify({ type: "hello", protocol: "€".repeat(200), game: "AAAAAAAAAAAAAAAA", token: "x" }),
    );
    const close = await closed;
    expect(close.code).toBe(4409);
    expect(close.reason).not.toContain("€");
    expect(got[0]).toMatchObject({ type: "error", code: "incompatible", fatal: true });
    expect(JSON.stringify(got)).not.toContain("€");
    // Still up, and still playing.
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(server)).toBe(true);
    const created = await createGame(server.url, humans("16.24"));
    const first = new TestClient(server.wsUrl, created.game.id, created.tokens.first ?? "");
    await first.join();
    first.close();
  });

  it("a text frame that is not UTF-8 (a lone surrogate's bytes) closes that connection only (1007)", async () => {
    const raw = await RawSocket.open(server.wsUrl, { read: true });
    raw.sendBytes(Buffer.from([0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]));
    const end = Date.now() + 5000;
    while (!raw.closed && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(raw.closed).toBe(true);
    expect(alive(server)).toBe(true);
    expect((await health(server)).ok).toBe(true);
  });

  it("a finished game's seat can no longer set a webhook (4.1)", async () => {
    const created = await createGame(server.url, {
      scenario: "16.31",
      seats: { first: { kind: "human" }, second: { kind: "ai", level: "random" } },
    });
    const first = new TestClient(server.wsUrl, created.game.id, created.tokens.first ?? "");
    await first.join();
    await playUntil([first], (c) => c.position?.phase === "game-over", { level: "random", maxActions: 5000 });
    await first.next((m) => m.type === "over");
    const res = await fetch(`${server.url}api/games/${created.game.id}/webhook`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${created.tokens.first}` },
      body: JSON.stringify({ webhook: "https://example.org/hook" }),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as Msg).error.code).toBe("game-over");
    first.close();
  });
});

describe("what one address can make the server send", { timeout: 180_000 }, () => {
  // The default limits, but enough games and connections for the attack to be made at all.
  const LIMITS = ["--games-per-hour", "1000", "--connections-per-address", "1000"];
  /** The defaults (limits.ts): the address's budget of bytes sent on request. */
  const ADDRESS_BURST = 4 * 1024 * 1024;
  const ADDRESS_RATE = 512 * 1024;

  it("62 spectators asking for snapshots 20 times a second, wrong hash reports and catch-ups from event 0 get what the address's budget allows, not 1,220 times what they send", async () => {
    const server = await startServerProcess(tempDb(), LIMITS);
    const sockets: TestClient[] = [];
    try {
      const created = await createGame(server.url, humans("lutzen"));
      const players = (["first", "second"] as const).map(
        (side) => new TestClient(server.wsUrl, created.game.id, created.tokens[side] ?? ""),
      );
      for (const p of players) {
        // Scripted players act faster than people: their hash reports would pass the default rate limit.
        p.reportHashes = false;
        await p.join();
      }
      // Some history, so that a catch-up from event 0 is long: the players kept well under the
      // default per-connection limit (20 messages a second, bursts of 60), their hello included.
      const { messagesPerSecond, messageBurst } = DEFAULT_LIMITS;
      await playUntil(players, () => false, {
        level: "greedy",
        seed: 3,
        maxActions: 150,
        pace: { perSecond: messagesPerSecond * 0.75, burst: messageBurst * 0.75 },
      });
      let bytes = 0;
      const snapshots = new Map<TestClient, number>();
      const started = Date.now();
      for (let i = 0; i < 62; i++) {
        const s = new TestClient(server.wsUrl, created.game.id, created.tokens.spectator);
        s.reportHashes = false;
        sockets.push(s);
      }
      await Promise.all(
        sockets.map(async (s) => {
          await s.open();
          s.ws.on("message", (d: Buffer) => {
            bytes += d.length;
            if (d.includes('"type":"snapshot"')) snapshots.set(s, (snapshots.get(s) ?? 0) + 1);
          });
          s.send({
            type: "hello",
            protocol: PROTOCOL_VERSION,
            game: created.game.id,
            token: created.tokens.spectator,
            lastSeq: 0,
          });
        }),
      );
      const flood = setInterval(() => {
        for (const [i, s] of sockets.entries()) {
          if (s.ws.readyState !== WebSocket.OPEN) continue;
          s.send(i % 3 === 0 ? { type: "hash", seq: 1, hash: "0123456789abcdef" } : { type: "sync" });
        }
      }, 50);
      await new Promise((r) => setTimeout(r, 4000));
      clearInterval(flood);
      const seconds = (Date.now() - started) / 1000;
      const snapshotBytes = 64 * 1024;
      console.log(
        `amplification: 62 spectators for ${seconds.toFixed(1)} s received ${(bytes / 1e6).toFixed(2)} MB (${Math.round(bytes / seconds / 1000)} kB/s), ${[...snapshots.values()].reduce((a, b) => a + b, 0)} snapshots`,
      );
      // The budget: its burst, its rate over the time, and the messages already on their way when it ran out.
      expect(bytes).toBeLessThanOrEqual(ADDRESS_BURST + ADDRESS_RATE * seconds + 62 * snapshotBytes);
      // Each connection: at most one snapshot a second, the join's included.
      for (const n of snapshots.values()) expect(n).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
      const h = await health(server);
      // Folded into one already on its way, or dropped: the address's connections together sent far more than 200 a second.
      expect(h.coalesced + h.addressDropped).toBeGreaterThan(1000);
      expect(h.addressDropped).toBeGreaterThan(0);
      // The wrong hashes were logged at a bounded rate: 20 a minute.
      const mismatchLines = server
        .stderr()
        .split("\n")
        .filter((l) => l.includes("resyncing it"));
      expect(mismatchLines.length).toBeLessThanOrEqual(20);
      expect(alive(server)).toBe(true);
    } finally {
      for (const s of sockets) s.close();
      await server.stop();
    }
  });

  it("spectators that never read are sent nothing more than they can take: the bytes queued for them stay bounded", async () => {
    const server = await startServerProcess(tempDb(), LIMITS);
    const raws: RawSocket[] = [];
    try {
      const created = await createGame(server.url, humans("lutzen"));
      for (let i = 0; i < 30; i++) {
        const raw = await RawSocket.open(server.wsUrl, { read: false });
        raw.send({
          type: "hello",
          protocol: PROTOCOL_VERSION,
          game: created.game.id,
          token: created.tokens.spectator,
        });
        raws.push(raw);
      }
      for (let round = 0; round < 40; round++) {
        for (const raw of raws) raw.send({ type: "sync" });
        await new Promise((r) => setTimeout(r, 50));
      }
      const h = await health(server);
      // Per connection at most its low-water mark (256 KiB) and a snapshot more.
      expect(h.bufferedBytes).toBeLessThanOrEqual(30 * (256 + 64) * 1024);
      expect(h.connections).toBeLessThanOrEqual(30);
      for (const raw of raws) raw.destroy();
      const end = Date.now() + 5000;
      while ((await health(server)).connections > 0 && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50));
      expect((await health(server)).connections).toBe(0);
      expect(alive(server)).toBe(true);
    } finally {
      for (const raw of raws) raw.destroy();
      await server.stop();
    }
  });
});

describe("games whose links never went out", { timeout: 120_000 }, () => {
  it("are deleted on restart and no longer count against their creator's games per hour", async () => {
    const db = tempDb();
    let server = await startServerProcess(db, [...OPEN_LIMITS.slice(2), "--games-per-hour", "2"]);
    const kept = await createGame(server.url, humans("16.24"));
    const lost = await createGame(server.url, humans("16.24"));
    expect(
      (
        await fetch(`${server.url}api/games`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(humans("16.24")),
        })
      ).status,
    ).toBe(429);
    await server.stop();
    // As a crash between storing the game and sending its reply would leave it.
    const store = new SqliteStore(db);
    expect((await store.getGame(kept.game.id))?.delivered).toBe(true);
    const Database = (await import("better-sqlite3")).default;
    await store.close();
    const raw = new Database(db);
    raw.prepare("UPDATE games SET delivered = 0 WHERE id = ?").run(lost.game.id);
    raw.close();
    server = await startServerProcess(db, [...OPEN_LIMITS.slice(2), "--games-per-hour", "2"]);
    try {
      const third = await fetch(`${server.url}api/games`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(humans("16.24")),
      });
      expect(third.status).toBe(201);
      const gone = new TestClient(server.wsUrl, lost.game.id, lost.tokens.first ?? "");
      expect(await gone.connect()).toMatchObject({ code: "unknown-game" });
      const first = new TestClient(server.wsUrl, kept.game.id, kept.tokens.first ?? "");
      await first.join();
      first.close();
      expect((await health(server)).undeliveredDeleted).toBe(1);
    } finally {
      await server.stop();
    }
  });
});
