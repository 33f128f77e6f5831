import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createServer } from "./server.js";

/**
 * The heartbeat closes connections that stopped answering pings (a laptop
 * lid shut), and only those. It once closed every connection at its first
 * tick: the ping answers were never counted, because the "connection" event
 * they hang on was never emitted for upgrades the server hands to ws itself.
 */
describe("heartbeat", () => {
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
