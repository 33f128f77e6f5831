import { describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { Heartbeat } from "./heartbeat.js";
import { createServer } from "./server.js";

/** A socket as the heartbeat sees it: it counts pings, and answers them unless told not to. */
function fakeSocket(answers: boolean) {
  const pongs: (() => void)[] = [];
  const ws = {
    OPEN: 1,
    readyState: 1,
    pings: 0,
    terminated: false,
    on: (event: string, f: () => void) => void (event === "pong" && pongs.push(f)),
    ping() {
      ws.pings++;
      if (answers) for (const f of pongs) f();
    },
    terminate() {
      ws.terminated = true;
      ws.readyState = 3;
    },
  };
  return ws;
}

/**
 * The heartbeat closes connections that stopped answering pings (a laptop
 * lid shut), and only those. It once closed every connection at its first
 * tick: the ping answers were never counted, because the "connection" event
 * they hang on was never emitted for upgrades the server hands to ws itself.
 */
describe("heartbeat", () => {
  it("pings a slice of the connections at each tick, every connection once a period, and cuts the silent", () => {
    vi.useFakeTimers();
    try {
      const sockets = Array.from({ length: 95 }, (_, i) => fakeSocket(i % 10 !== 0));
      const beat = new Heartbeat(
        () => sockets as unknown as WebSocket[],
        3_000,
        (tick) => tick,
        30,
      );
      for (const ws of sockets) beat.add(ws as unknown as WebSocket);
      // One tick (every 100 ms): 4 of the 95 (a thirtieth, rounded up), not all of them at once.
      vi.advanceTimersByTime(100);
      expect(sockets.reduce((n, ws) => n + ws.pings, 0)).toBe(4);
      // One period: each pinged once, none cut yet (a silent one has a whole period to answer).
      vi.advanceTimersByTime(2_900);
      expect(sockets.map((ws) => ws.pings)).toEqual(sockets.map(() => 1));
      expect(sockets.filter((ws) => ws.terminated)).toEqual([]);
      // The next period: the ten silent ones are cut when their turn comes, the others pinged again.
      vi.advanceTimersByTime(3_000);
      expect(sockets.filter((ws) => ws.terminated).length).toBe(10);
      expect(sockets.filter((ws) => !ws.terminated).every((ws) => ws.pings === 2)).toBe(true);
      beat.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps a connection that answers pings through many beats and closes one that does not", async () => {
    const server = await createServer({ db: ":memory:", heartbeatMs: 100, log: () => undefined });
    const url = `${(await server.listen(0, "127.0.0.1")).replace(/^http/, "ws")}ws`;
    try {
      const answering = new WebSocket(url);
      const silent = new WebSocket(url, { autoPong: false });
      const closed = new Map<WebSocket, number>();
      for (const ws of [answering, silent]) ws.on("close", (code) => closed.set(ws, code));
      await Promise.all([answering, silent].map((ws) => new Promise((r) => ws.once("open", r))));
      await new Promise((r) => setTimeout(r, 700));
      expect(closed.get(answering)).toBeUndefined();
      expect(closed.get(silent)).toBe(1006);
      answering.close();
    } finally {
      await server.close();
    }
  });
});
