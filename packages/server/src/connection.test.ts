import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { Connection } from "./connection.js";
import { DEFAULT_LIMITS } from "./limits.js";

/** A stand-in socket: records what the connection sends and whether it closed. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: { type: string; code?: string }[] = [];
  closedWith: number | undefined;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
}

function connect(clock: { t: number }) {
  const ws = new FakeSocket();
  const limits = {
    ...DEFAULT_LIMITS,
    messagesPerSecond: 10,
    messageBurst: 10,
    rateViolationsBeforeClose: 20,
  };
  new Connection(ws as unknown as WebSocket, {
    limits,
    now: () => clock.t,
    room: async () => ({ code: "unknown-game", message: "none" }),
    log: () => undefined,
    stats: { messages: 0, refused: 0, mismatches: 0 },
  });
  const ping = (n: number) => {
    for (let i = 0; i < n; i++) ws.emit("message", Buffer.from('{"type":"ping"}'), false);
  };
  return { ws, ping };
}

describe("a connection's rate limit", () => {
  it("drops what is over the limit with one notice a second, and closes a connection that keeps flooding", async () => {
    const clock = { t: 1_000_000 };
    const { ws, ping } = connect(clock);
    ping(25);
    await new Promise((r) => setTimeout(r, 10));
    expect(ws.sent.filter((m) => m.type === "pong").length).toBe(10);
    expect(ws.sent.filter((m) => m.code === "rate-limited").length).toBe(1);
    expect(ws.closedWith).toBeUndefined();
    ping(10);
    expect(ws.closedWith).toBe(1008);
  });

  it("forgets the drops of a burst after a quiet minute, so a long-lived client is not closed for old bursts", async () => {
    const clock = { t: 1_000_000 };
    const { ws, ping } = connect(clock);
    for (let burst = 0; burst < 5; burst++) {
      ping(25); // 15 dropped each time: 75 in all, over the 20 allowed
      clock.t += 61_000;
    }
    expect(ws.closedWith).toBeUndefined();
  });
});

describe("a connection's hello", () => {
  it("from another protocol version is refused as incompatible, and the connection closed", () => {
    const ws = new FakeSocket();
    new Connection(ws as unknown as WebSocket, {
      limits: DEFAULT_LIMITS,
      now: () => 0,
      room: async () => ({ code: "unknown-game", message: "none" }),
      log: () => undefined,
      stats: { messages: 0, refused: 0, mismatches: 0 },
    });
    ws.emit(
      "message",
      Buffer.from(JSON.stringify({ type: "hello", protocol: 2, game: "x", token: "y" })),
      false,
    );
    expect(ws.sent).toEqual([expect.objectContaining({ type: "error", code: "incompatible", fatal: true })]);
    expect(ws.closedWith).toBe(4409);
  });
});
