import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { HIDDEN_PRNG } from "@tercio/core";
import { autoDeploy, defaultCatalog, ENGINE_VERSION, parseSavedGame, replay } from "@tercio/musket-and-pike";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { SqliteStore } from "./sqlite-store.js";
import { createGame, type Msg, randomId, TestClient } from "./test-support/client.js";
import { playUntil } from "./test-support/play.js";
import {
  OPEN_LIMITS,
  type ServerProcess,
  startServerProcess,
  tempDb,
} from "./test-support/server-process.js";

/**
 * Online play against the real server: the built CLI's `serve`, a SQLite
 * file, and real WebSocket clients on loopback.
 */
describe("online play", { timeout: 120_000 }, () => {
  let server: ServerProcess;
  const clients: TestClient[] = [];
  const client = (gameId: string, token: string | undefined) => {
    if (!token) throw new Error("no token");
    const c = new TestClient(server.wsUrl, gameId, token);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startServerProcess(tempDb());
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.stop();
  });

  it("two players play several Game-Turns; a spectator joins mid-game; all reach the server's hash [4.0]", async () => {
    const created = await createGame(server.url, {
      scenario: "16.31",
      seats: { first: { kind: "human" }, second: { kind: "human" } },
    });
    expect(created.links.first).toMatch(/^\/#\/online\/[\w-]{16}\/[\w-]{43}$/);
    const first = client(created.game.id, created.tokens.first);
    const second = client(created.game.id, created.tokens.second);
    await first.join();
    await second.join();
    expect(first.role).toBe("first");
    expect(second.role).toBe("second");
    // Nobody sees the dice: the snapshot's PRNG state is the placeholder.
    expect(first.position?.prng).toBe(HIDDEN_PRNG);

    await playUntil([first, second], (c) => (c.position?.gameTurn ?? 0) >= 2);
    const spectator = client(created.game.id, created.tokens.spectator);
    await spectator.join();
    expect(spectator.role).toBe("spectator");
    expect(spectator.snapshots).toBe(1);
    await playUntil(
      [first, second, spectator],
      (c) => (c.position?.gameTurn ?? 0) >= 4 || c.position?.phase === "game-over",
    );

    const seq = first.seq;
    expect(seq).toBeGreaterThan(40);
    for (const c of [second, spectator]) await c.until(() => c.seq === seq);
    expect(first.mismatches + second.mismatches + spectator.mismatches).toBe(0);
    expect(second.position).toEqual(first.position);
    expect(spectator.position).toEqual(first.position);
    // The server's own record agrees: the lobby reports the same event count.
    const lobby = (await (
      await fetch(`${server.url}api/games/${created.game.id}`, {
        headers: { authorization: `Bearer ${created.tokens.spectator}` },
      })
    ).json()) as Msg;
    expect(lobby.seq).toBe(seq);
    expect(lobby.role).toBe("spectator");
  });

  it("a client that drops and reconnects gets what it missed and reaches the same hash", async () => {
    const created = await createGame(server.url, {
      scenario: "16.31",
      seats: { first: { kind: "human" }, second: { kind: "human" } },
    });
    const first = client(created.game.id, created.tokens.first);
    const second = client(created.game.id, created.tokens.second);
    await first.join();
    await second.join();
    await playUntil([first, second], (c) => (c.position?.gameTurn ?? 0) >= 2 && second.myTurn);
    // First drops; Second plays on alone until the turn comes back to First.
    first.close();
    await first.until(() => first.closed !== undefined);
    const missedFrom = first.seq;
    await playUntil([second], () => !second.myTurn);
    expect(second.seq - missedFrom).toBeGreaterThan(0);
    await first.join(missedFrom);
    expect(first.snapshots).toBe(1); // only the first join's
    expect(first.seq).toBe(second.seq);
    expect(first.position).toEqual(second.position);
    expect(first.mismatches).toBe(0);
    await playUntil([first, second], (c) => (c.position?.gameTurn ?? 0) >= 3);
    expect(first.position).toEqual(second.position);
  });

  it("an AI seat plays its side on the server", async () => {
    const created = await createGame(server.url, {
      scenario: "16.31",
      seats: { first: { kind: "human" }, second: { kind: "ai", level: "greedy" } },
    });
    expect(created.tokens.second).toBeUndefined();
    expect(created.links.second).toBeUndefined();
    const first = client(created.game.id, created.tokens.first);
    await first.join();
    expect(first.game?.seats.second).toEqual({ kind: "ai", level: "greedy" });
    const aiEvents: number[] = [];
    first.ws.on("message", (d) => {
      const m = JSON.parse(String(d));
      if (m.type === "event" && m.side === "second") aiEvents.push(m.seq);
    });
    await playUntil([first], (c) => (c.position?.gameTurn ?? 0) >= 3);
    expect(aiEvents.length).toBeGreaterThan(5);
    expect(first.mismatches).toBe(0);
  });

  it("a game between two AI seats runs to its end; the dice are then revealed and the save replays to the same hash", async () => {
    const created = await createGame(server.url, {
      scenario: "16.31",
      seats: { first: { kind: "ai", level: "random" }, second: { kind: "ai", level: "greedy" } },
    });
    const watcher = client(created.game.id, created.tokens.spectator);
    await watcher.join();
    const saveWhileRunning = await fetch(`${server.url}api/games/${created.game.id}/save`, {
      headers: { authorization: `Bearer ${created.tokens.spectator}` },
    });
    const over = await watcher.next((m) => m.type === "over", 120_000);
    // It may have ended before the request above: only a running game refuses.
    if (saveWhileRunning.status !== 200) expect(saveWhileRunning.status).toBe(409);
    const save = parseSavedGame(over.save);
    expect(save.ok).toBe(true);
    if (!save.ok) return;
    expect(save.value.prng).toMatch(/^chacha20:[0-9a-f]{64}:0$/);
    expect(save.value.generator).toBe("chacha20");
    const replayed = replay(defaultCatalog(), save.value);
    expect(replayed.ok).toBe(true);
    if (!replayed.ok) return;
    expect(replayed.value.final.phase).toBe("game-over");
    await watcher.until(() => watcher.seq === over.seq);
    expect({ ...replayed.value.final, prng: HIDDEN_PRNG }).toEqual(watcher.position);
    const fetched = await fetch(`${server.url}api/games/${created.game.id}/save`, {
      headers: { authorization: `Bearer ${created.tokens.spectator}` },
    });
    expect(fetched.status).toBe(200);
    expect(await fetched.json()).toEqual(over.save);
  });

  it("an action resubmitted with the same id applies once; a stale sequence number is refused with the current one", async () => {
    const created = await createGame(server.url, {
      scenario: "16.24",
      seats: { first: { kind: "human" }, second: { kind: "human" } },
    });
    const first = client(created.game.id, created.tokens.first);
    await first.join();
    if (!first.position) throw new Error("no position");
    const deploy = autoDeploy(first.ctx, first.position)[0];
    if (!deploy) throw new Error("nothing to deploy");
    const ack = await first.act(deploy, "same-id", 0);
    expect(ack).toMatchObject({ type: "ack", seq: 1, duplicate: false });
    const again = await first.act(deploy, "same-id", 0);
    expect(again).toMatchObject({ type: "ack", seq: 1, duplicate: true });
    const stale = await first.act({ type: "end-phase" }, "other-id", 0);
    expect(stale).toMatchObject({ type: "error", code: "stale-seq", seq: 1, fatal: false });
    await first.until(() => first.seq === 1);
  });

  it("refuses an action out of turn, a spectator's action and an illegal one, citing the rule, and keeps the connection [4.0] [16.0]", async () => {
    const created = await createGame(server.url, {
      scenario: "16.24",
      seats: { first: { kind: "human" }, second: { kind: "human" } },
    });
    const second = client(created.game.id, created.tokens.second);
    const spectator = client(created.game.id, created.tokens.spectator);
    const first = client(created.game.id, created.tokens.first);
    await second.join();
    await spectator.join();
    await first.join();
    expect(await second.act({ type: "end-phase" })).toMatchObject({
      code: "not-your-turn",
      message: expect.stringMatching(/^it is the .+ player's turn to act, not yours$/),
    });
    expect(await spectator.act({ type: "end-phase" })).toMatchObject({ code: "spectator" });
    const illegal = await first.act({ type: "end-phase" });
    expect(illegal).toMatchObject({ code: "illegal-action", rule: "16.0", fatal: false });
    expect(illegal.message).toMatch(/^16\.0: /);
    // The system's whole rule error goes with it: its own code, the rule, the message, where.
    expect(illegal.refusal).toMatchObject({
      code: "deploy/incomplete",
      rule: "16.0",
      message: illegal.message,
    });
    const bad = await first.act({ type: "move", unit: "B-PP01", steps: [{ to: "9999" }] } as never);
    expect(bad.type).toBe("error");
    expect(first.closed).toBeUndefined();
    first.send({ type: "ping", n: 7 });
    expect(await first.next((m) => m.type === "pong")).toMatchObject({ n: 7 });
  });

  it("a client reporting a wrong hash is resynced with a snapshot, never ignored", async () => {
    const created = await createGame(server.url, {
      scenario: "16.24",
      seats: { first: { kind: "human" }, second: { kind: "human" } },
    });
    const first = client(created.game.id, created.tokens.first);
    await first.join();
    first.send({ type: "hash", seq: 0, hash: "0123456789abcdef" });
    const snap = await first
      .next((m) => m.type === "snapshot" && m.reason === "hash-mismatch")
      .catch(() => undefined);
    // Snapshots are folded into the replica; count them instead when the inbox skipped it.
    if (!snap) expect(first.snapshots).toBe(2);
    await first.until(() => first.snapshots === 2);
    const health = (await (await fetch(`${server.url}api/health`)).json()) as Msg;
    expect(health.mismatches).toBeGreaterThanOrEqual(1);
  });

  it("a wrong token opens nothing: the connection is refused and closed", async () => {
    const created = await createGame(server.url, {
      scenario: "16.24",
      seats: { first: { kind: "human" }, second: { kind: "ai", level: "random" } },
    });
    const forged = client(created.game.id, "A".repeat(43));
    const answer = await forged.connect();
    expect(answer).toMatchObject({ type: "error", code: "unauthorised", fatal: true });
    await forged.until(() => forged.closed !== undefined);
    expect(forged.closed?.code).toBe(4401);
    const lobby = await fetch(`${server.url}api/games/${created.game.id}`, {
      headers: { authorization: `Bearer ${"A".repeat(43)}` },
    });
    expect(lobby.status).toBe(401);
    const unknown = client("AAAAAAAAAAAAAAAA", created.tokens.spectator);
    expect(await unknown.connect()).toMatchObject({ type: "error", code: "unknown-game", fatal: true });
  });

  it("a frame over the size limit closes the connection with 1009; malformed messages get errors and the connection stays", async () => {
    const created = await createGame(server.url, {
      scenario: "16.24",
      seats: { first: { kind: "human" }, second: { kind: "human" } },
    });
    const first = client(created.game.id, created.tokens.first);
    await first.join();
    first.send("{not json");
    expect(await first.next((m) => m.type === "error")).toMatchObject({ code: "bad-message", fatal: false });
    first.send({ type: "act", id: "x", seq: 0, action: { type: "teleport" } });
    expect(await first.next((m) => m.type === "error")).toMatchObject({ code: "bad-message", id: "x" });
    first.ws.send(Buffer.from([1, 2, 3]));
    expect(await first.next((m) => m.type === "error")).toMatchObject({ code: "bad-message" });
    expect(first.closed).toBeUndefined();
    first.send("x".repeat(20_000));
    await first.until(() => first.closed !== undefined);
    expect(first.closed?.code).toBe(1009);
  });

  it("a game created by another engine version is refused with a clear message", async () => {
    const created = await createGame(server.url, {
      scenario: "16.24",
      seats: { first: { kind: "human" }, second: { kind: "human" } },
    });
    // Written straight into the file, as an older server would have left it.
    const store = new SqliteStore(server.db);
    const stored = await store.getGame(created.game.id);
    if (!stored) throw new Error("not stored");
    await store.createGame({ ...stored, id: "OldEngineGame001", version: "0.0.1" });
    await store.close();
    const old = client("OldEngineGame001", created.tokens.spectator);
    const answer = await old.connect();
    expect(answer).toMatchObject({ type: "error", code: "incompatible", fatal: true });
    expect(answer.message).toContain(`musket-and-pike 0.0.1`);
    expect(answer.message).toContain(`musket-and-pike ${ENGINE_VERSION}`);
  });

  it("creating a game checks its setup", async () => {
    const bad = async (body: unknown) => {
      const res = await fetch(`${server.url}api/games`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Msg };
    };
    expect(
      await bad({ scenario: "16.99", seats: { first: { kind: "human" }, second: { kind: "human" } } }),
    ).toMatchObject({
      status: 400,
      body: { error: { code: "bad-request" } },
    });
    const level = await bad({
      scenario: "16.24",
      seats: { first: { kind: "ai", level: "godlike" }, second: { kind: "human" } },
    });
    expect(level.body.error.message).toContain('no AI level "godlike"');
    const hook = await bad({
      scenario: "16.24",
      seats: { first: { kind: "human", webhook: "file:///etc/passwd" }, second: { kind: "human" } },
    });
    expect(hook.status).toBe(400);
  });
});

describe("online play: limits and notes", { timeout: 120_000 }, () => {
  it("a seat's webhook is told when the turn passes to it; the lobby shows whose turn it is", async () => {
    const received: { side: string; game: string }[] = [];
    const hook = createHttpServer((req, res) => {
      let body = "";
      req.on("data", (d) => {
        body += d;
      });
      req.on("end", () => {
        received.push(JSON.parse(body));
        res.end("ok");
      });
    });
    await new Promise<void>((r) => hook.listen(0, "127.0.0.1", () => r()));
    const port = (hook.address() as AddressInfo).port;
    // The receiver is on loopback, which a server refuses to post to unless told otherwise.
    const server = await startServerProcess(tempDb(), [...OPEN_LIMITS, "--allow-private-webhooks"]);
    try {
      const created = await createGame(server.url, {
        scenario: "16.31",
        seats: {
          first: { kind: "human" },
          second: { kind: "human", webhook: `http://127.0.0.1:${port}/turn` },
        },
      });
      const first = new TestClient(server.wsUrl, created.game.id, created.tokens.first ?? "");
      await first.join();
      const lobbyOf = async (token: string | undefined): Promise<Msg> =>
        (
          await fetch(`${server.url}api/games/${created.game.id}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json() as Promise<Msg>;
      expect((await lobbyOf(created.tokens.second)).turn).toBe("first");
      await playUntil([first], (c) => !c.myTurn);
      expect((await lobbyOf(created.tokens.second)).turn).toBe("second");
      await first.until(() => received.length > 0, 10_000);
      expect(received[0]).toMatchObject({ game: created.game.id, side: "second" });
      first.close();
    } finally {
      await server.stop();
      hook.close();
    }
  });

  it("by default a webhook may not reach a loopback or private address: nothing is posted, the failure is counted", async () => {
    let posted = 0;
    const hook = createHttpServer((_req, res) => {
      posted += 1;
      res.end("ok");
    });
    await new Promise<void>((r) => hook.listen(0, "127.0.0.1", () => r()));
    const port = (hook.address() as AddressInfo).port;
    const server = await startServerProcess(tempDb());
    try {
      const created = await createGame(server.url, {
        scenario: "16.31",
        seats: {
          first: { kind: "human" },
          second: { kind: "human", webhook: `http://localhost:${port}/turn` },
        },
      });
      const first = new TestClient(server.wsUrl, created.game.id, created.tokens.first ?? "");
      await first.join();
      await playUntil([first], (c) => !c.myTurn);
      const health = async () => (await (await fetch(`${server.url}api/health`)).json()) as Msg;
      const end = Date.now() + 10_000;
      while ((await health()).webhooksFailed < 1 && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50));
      expect((await health()).webhooksFailed).toBe(1);
      expect(posted).toBe(0);
      expect(server.stderr()).toContain("webhooks reach only public addresses");
      first.close();
    } finally {
      await server.stop();
      hook.close();
    }
  });

  it("rate limits: a flood is answered with one notice a second and then closed; games per address are capped", async () => {
    const server = await startServerProcess(tempDb(), [
      "--messages-per-second",
      "5",
      "--message-burst",
      "10",
      "--games-per-hour",
      "2",
    ]);
    try {
      const setup = {
        scenario: "16.24",
        seats: { first: { kind: "human" }, second: { kind: "human" } },
      } as const;
      const created = await createGame(server.url, setup);
      await createGame(server.url, setup);
      const third = await fetch(`${server.url}api/games`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(setup),
      });
      expect(third.status).toBe(429);
      expect(((await third.json()) as Msg).error.code).toBe("too-many-games");
      const flooder = new TestClient(server.wsUrl, created.game.id, created.tokens.first ?? "");
      await flooder.join();
      for (let i = 0; i < 400; i++) flooder.send({ type: "ping", n: i });
      await flooder.until(() => flooder.closed !== undefined, 10_000);
      expect(flooder.closed?.code).toBe(1008);
      const notices = flooder.inbox.filter((m) => m.type === "error" && m.code === "rate-limited");
      expect(notices.length).toBeGreaterThanOrEqual(1);
      expect(notices.length).toBeLessThanOrEqual(3);
      expect(flooder.inbox.filter((m) => m.type === "pong").length).toBeLessThanOrEqual(12);
      // The server is still there for everyone else.
      const other = new TestClient(server.wsUrl, created.game.id, created.tokens.second ?? "");
      await other.join();
      other.close();
    } finally {
      await server.stop();
    }
  });

  it("a game survives a restart: the log is replayed and play goes on", async () => {
    const db = tempDb();
    let server = await startServerProcess(db);
    const created = await createGame(server.url, {
      scenario: "16.31",
      seats: { first: { kind: "human" }, second: { kind: "human" } },
    });
    let first = new TestClient(server.wsUrl, created.game.id, created.tokens.first ?? "");
    let second = new TestClient(server.wsUrl, created.game.id, created.tokens.second ?? "");
    await first.join();
    await second.join();
    await playUntil([first, second], (c) => (c.position?.gameTurn ?? 0) >= 2);
    const before = { seq: first.seq, position: first.position };
    await server.stop();
    server = await startServerProcess(db);
    try {
      first = new TestClient(server.wsUrl, created.game.id, created.tokens.first ?? "");
      second = new TestClient(server.wsUrl, created.game.id, created.tokens.second ?? "");
      await first.join();
      await second.join();
      expect(first.seq).toBe(before.seq);
      expect(first.position).toEqual(before.position);
      await playUntil([first, second], (c) => (c.position?.gameTurn ?? 0) >= 3);
      expect(first.mismatches + second.mismatches).toBe(0);
      first.close();
      second.close();
    } finally {
      await server.stop();
    }
  });

  it("an upgrade to any path but /ws is refused", async () => {
    const server = await startServerProcess(tempDb());
    try {
      const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}elsewhere`);
      const code = await new Promise<number>((resolve) => {
        ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        ws.on("error", () => resolve(-1));
      });
      expect(code).toBe(404);
      expect(randomId()).not.toBe(randomId());
    } finally {
      await server.stop();
    }
  });
});
