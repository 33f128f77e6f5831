import { EventEmitter } from "node:events";
import { PROTOCOL_VERSION } from "@tercio/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { Connection, type ConnectionHost } from "./connection.js";
import { GameRoom } from "./game-room.js";
import { DEFAULT_LIMITS, type Limits } from "./limits.js";
import { TokenBucket } from "./rate-limit.js";
import { ByteBudget } from "./send-budget.js";
import { newStats } from "./server-stats.js";
import { MAX_CLOSE_REASON_BYTES } from "./socket-safety.js";
import { SqliteStore } from "./sqlite-store.js";
import { mpSystems } from "./test-support/mp.js";
import { NASTY_STRINGS } from "./test-support/nasty-strings.js";
import { newPrngState, newToken, tokenHash } from "./tokens.js";

/**
 * A stand-in socket: records what the connection sends and how it closed.
 * Like ws, it refuses a close reason longer than a close frame holds (the
 * error that once stopped the server) and has a queue of unread bytes.
 */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: { type: string; code?: string; reason?: string; message?: string }[] = [];
  texts: string[] = [];
  closedWith: { code: number; reason: string } | undefined;
  terminated = false;
  send(text: string) {
    this.texts.push(text);
    this.sent.push(JSON.parse(text));
  }
  close(code: number, reason = "") {
    if (Buffer.byteLength(reason) > MAX_CLOSE_REASON_BYTES)
      throw new RangeError("The message must not be greater than 123 bytes");
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  frame(message: unknown) {
    this.emit("message", Buffer.from(typeof message === "string" ? message : JSON.stringify(message)), false);
  }
}

const settle = (ms = 10) => new Promise((r) => setTimeout(r, ms));

function hostOf(
  overrides: Partial<Omit<ConnectionHost, "limits">> & { limits?: Partial<Limits> } = {},
): ConnectionHost & { logged: string[] } {
  const logged: string[] = [];
  const limits = { ...DEFAULT_LIMITS, ...overrides.limits };
  const now = overrides.now ?? Date.now;
  return {
    room: async () => ({ code: "unknown-game", message: "none" }),
    rematch: async () => ({ code: "game-not-over", message: "none" }),
    log: (line) => logged.push(line),
    logMismatch: (line) => logged.push(line),
    stats: newStats(),
    addressBudget: new ByteBudget(limits.addressSendBytesPerSecond, limits.addressSendBurstBytes, now),
    addressMessages: new TokenBucket(limits.addressMessagesPerSecond, limits.addressMessageBurst, now),
    ...overrides,
    limits,
    now,
    logged,
  };
}

function connect(host: ConnectionHost) {
  const ws = new FakeSocket();
  new Connection(ws as unknown as WebSocket, host);
  return ws;
}

/** A real game room in memory, and a seat's token for it. */
async function roomWithToken() {
  const token = newToken();
  const room = await GameRoom.create(
    new SqliteStore(":memory:"),
    mpSystems(),
    {
      id: "ConnTestGame0001",
      system: "musket-and-pike",
      scenario: "16.24",
      options: { optionalRules: [] },
      seats: { first: { kind: "human" }, second: { kind: "human" } },
      openingPrng: newPrngState(),
      tokens: { first: tokenHash(token), second: tokenHash(newToken()), spectator: tokenHash(newToken()) },
      creator: "test",
      createdAt: 0,
    },
    { afterAction: () => undefined },
    Date.now,
  );
  if (!(room instanceof GameRoom)) throw new Error(room.message);
  return { room, token, hello: { type: "hello", protocol: PROTOCOL_VERSION, game: room.id, token } };
}

describe("a connection's rate limit", () => {
  it("drops what is over the limit with one notice a second, and closes a connection that keeps flooding", async () => {
    const clock = { t: 1_000_000 };
    const ws = connect(
      hostOf({
        now: () => clock.t,
        limits: { messagesPerSecond: 10, messageBurst: 10, rateViolationsBeforeClose: 20 },
      }),
    );
    const ping = (n: number) => {
      for (let i = 0; i < n; i++) ws.frame({ type: "ping" });
    };
    ping(25);
    await settle();
    expect(ws.sent.filter((m) => m.type === "pong").length).toBe(10);
    expect(ws.sent.filter((m) => m.code === "rate-limited").length).toBe(1);
    expect(ws.closedWith).toBeUndefined();
    ping(10);
    expect(ws.closedWith?.code).toBe(1008);
  });

  it("forgets the drops of a burst after a quiet minute, so a long-lived client is not closed for old bursts", async () => {
    const clock = { t: 1_000_000 };
    const ws = connect(
      hostOf({
        now: () => clock.t,
        limits: { messagesPerSecond: 10, messageBurst: 10, rateViolationsBeforeClose: 20 },
      }),
    );
    for (let burst = 0; burst < 5; burst++) {
      for (let i = 0; i < 25; i++) ws.frame({ type: "ping" }); // 15 dropped each time: 75 in all, over the 20 allowed
      clock.t += 61_000;
    }
    expect(ws.closedWith).toBeUndefined();
  });
});

describe("an address's rate limit", () => {
  it("many sockets of one address, each within its own limit, are held to the address's, and none is closed for a neighbour's flood", async () => {
    const clock = { t: 1_000_000 };
    const shared = new TokenBucket(30, 30, () => clock.t);
    const host = hostOf({ now: () => clock.t, addressMessages: shared });
    const sockets = Array.from({ length: 10 }, () => connect(host));
    for (let round = 0; round < 20; round++) for (const ws of sockets) ws.frame({ type: "ping" });
    await settle();
    const pongs = sockets.reduce((n, ws) => n + ws.sent.filter((m) => m.type === "pong").length, 0);
    expect(pongs).toBe(30);
    expect(host.stats.addressDropped).toBe(170);
    for (const ws of sockets) expect(ws.closedWith).toBeUndefined();
    expect(sockets[9]?.sent.filter((m) => m.code === "rate-limited")).toHaveLength(1);
  });
});

describe("a connection's hello", () => {
  it("from another protocol version is refused as incompatible, and the connection closed", () => {
    const ws = connect(hostOf());
    ws.frame({ type: "hello", protocol: 1, game: "x", token: "y" });
    expect(ws.sent).toEqual([expect.objectContaining({ type: "error", code: "incompatible", fatal: true })]);
    expect(ws.closedWith?.code).toBe(4409);
  });

  it("with a protocol of 200 euro signs is refused without echoing it: the close reason is our own and fits a close frame", () => {
    // The frame that once stopped the whole server: the reason echoed the client's text, 600 bytes of it.
    const ws = connect(hostOf());
    const protocol = "€".repeat(200);
    expect(() => ws.frame({ type: "hello", protocol, game: "AAAAAAAAAAAAAAAA", token: "x" })).not.toThrow();
    expect(ws.closedWith?.code).toBe(4409);
    expect(Buffer.byteLength(ws.closedWith?.reason ?? "")).toBeLessThanOrEqual(MAX_CLOSE_REASON_BYTES);
    expect(ws.texts.join("")).not.toContain("€");
  });
});

describe("no input reaches the process", () => {
  it("a message of any shape, with strange strings anywhere, never throws out of the socket's handler nor is echoed", async () => {
    const template = fc.oneof(
      fc.constant({
        type: "hello",
        protocol: PROTOCOL_VERSION,
        game: "AAAAAAAAAAAAAAAA",
        token: "A".repeat(43),
      }),
      fc.constant({
        type: "act",
        id: "x",
        seq: 0,
        action: { type: "move", unit: "B-PP01", steps: [{ to: "1204" }] },
      }),
      fc.constant({ type: "hash", seq: 0, hash: "0123456789abcdef" }),
      fc.constant({ type: "sync" }),
      fc.constant({ type: "ping", n: 1 }),
    );
    const nasty = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: "binary", maxLength: 300 }));
    await fc.assert(
      fc.asyncProperty(template, fc.nat(7), nasty, fc.boolean(), async (message, pick, value, asKey) => {
        const ws = connect(hostOf());
        const fields = Object.keys(message);
        const copy = structuredClone(message) as Record<string, unknown>;
        const field = fields[pick % fields.length] ?? "type";
        if (asKey) copy[value] = 1;
        else if (field === "action") (copy.action as Record<string, unknown>).unit = value;
        else copy[field] = value;
        expect(() => ws.frame(copy)).not.toThrow();
        await settle(1);
        const reason = ws.closedWith?.reason ?? "";
        expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(MAX_CLOSE_REASON_BYTES);
        if (value.length > 8) for (const t of ws.texts) expect(t.includes(value)).toBe(false);
      }),
      { numRuns: 300, seed: 20261201 },
    );
  });

  it("a handler that throws cuts its own connection only, and the failure is logged in one bounded line", () => {
    const host = hostOf();
    const ws = connect(host);
    const text = `a\n${"€".repeat(5000)}`;
    // A failure nobody foresaw: the stats object itself throws.
    Object.defineProperty(host.stats, "messages", {
      get: () => 0,
      set: () => {
        throw new Error(text);
      },
    });
    expect(() => ws.frame({ type: "ping" })).not.toThrow();
    expect(ws.terminated).toBe(true);
    expect(host.logged).toHaveLength(1);
    const line = host.logged[0] ?? "";
    expect(line).not.toContain("\n");
    expect(line.length).toBeLessThan(2200);
  });
});

describe("what a connection is sent", () => {
  it("asked for a snapshot again and again, it sends one: the requests are folded together", async () => {
    const { room, hello } = await roomWithToken();
    const host = hostOf({ room: async () => room, limits: { snapshotIntervalMs: 200 } });
    const ws = connect(host);
    ws.frame(hello);
    await settle(20);
    const snapshots = () => ws.sent.filter((m) => m.type === "snapshot");
    expect(snapshots()).toHaveLength(1);
    for (let i = 0; i < 50; i++) ws.frame({ type: "sync" });
    await settle(50);
    // Not yet: one snapshot per interval, and the join's was one.
    expect(snapshots()).toHaveLength(1);
    await settle(300);
    expect(snapshots()).toHaveLength(2);
    expect(snapshots()[1]).toMatchObject({ reason: "requested" });
    expect(host.stats.coalesced).toBe(49);
  });

  it("what it asks for never exceeds its budget of bytes: its burst, plus the rate for the time it asked", async () => {
    const { room, hello } = await roomWithToken();
    const limits = { sendBytesPerSecond: 40_000, sendBurstBytes: 20_000, snapshotIntervalMs: 0 };
    const host = hostOf({ room: async () => room, limits });
    const ws = connect(host);
    const started = Date.now();
    ws.frame(hello);
    for (let i = 0; i < 60; i++) {
      ws.frame({ type: "sync" });
      await settle(10);
    }
    const elapsed = (Date.now() - started) / 1000;
    const bytes = ws.texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
    const snapshotBytes = Buffer.byteLength(ws.texts.find((t) => t.includes('"snapshot"')) ?? "");
    // Sixty requests of a 5-kB snapshot would be 300 kB; the budget allows a fraction of that.
    expect(bytes).toBeLessThanOrEqual(
      limits.sendBurstBytes + limits.sendBytesPerSecond * elapsed + snapshotBytes * 2,
    );
    expect(host.stats.paced).toBeGreaterThan(0);
  });

  it("a client that does not read is sent nothing it asks for, and is closed once its unread bytes pass the bound", async () => {
    const { room, hello } = await roomWithToken();
    const host = hostOf({
      room: async () => room,
      limits: { lowWaterBytes: 1000, maxBufferedBytes: 50_000, snapshotIntervalMs: 0 },
    });
    const ws = connect(host);
    ws.frame(hello);
    await settle(20);
    ws.bufferedAmount = 10_000; // above the low-water mark: it has not read
    const before = ws.sent.length;
    for (let i = 0; i < 20; i++) ws.frame({ type: "sync" });
    await settle(150);
    // Nothing asked for (the room's own news, presence, still goes: it is not what the client asked for).
    expect(ws.sent.slice(before).filter((m) => m.type === "snapshot")).toHaveLength(0);
    ws.bufferedAmount = 0; // it reads: the snapshot asked for goes, once
    await settle(250);
    expect(ws.sent.slice(before).filter((m) => m.type === "snapshot")).toHaveLength(1);
    ws.bufferedAmount = 49_990; // one more message would pass the bound
    ws.frame({ type: "ping" });
    await settle();
    expect(ws.terminated).toBe(true);
    expect(host.stats.closedForBackpressure).toBe(1);
  });

  it("a client sending faster than its messages are handled is told it is busy, and nothing queues without bound", async () => {
    // A game that takes for ever to load: the hello waits, and every message behind it.
    const host = hostOf({ room: () => new Promise(() => undefined), limits: { pendingMessages: 8 } });
    const ws = connect(host);
    ws.frame({ type: "hello", protocol: PROTOCOL_VERSION, game: "AAAAAAAAAAAAAAAA", token: "A".repeat(43) });
    for (let i = 0; i < 20; i++) ws.frame({ type: "ping" });
    await settle();
    expect(ws.sent.filter((m) => m.code === "busy")).toHaveLength(13);
    expect(host.stats.busy).toBe(13);
  });
});
