import { WebSocket } from "ws";

/**
 * Marks a request one server process passes to another (several over one
 * database): the receiving process serves it or refuses it, never passes it
 * on again, so that two processes that disagree for a moment about who
 * holds a game cannot pass a client back and forth. A client may send it
 * too: it only loses the relaying.
 */
export const RELAYED_HEADER = "x-tercio-relayed";

/** Milliseconds to reach the owner before the client is told to try again. */
const CONNECT_MS = 5000;

/**
 * Milliseconds between pings to the owner: an owner whose machine vanished
 * without closing its sockets is found (no pong by the next ping) and the
 * client told to reconnect, as the server's own heartbeat does for clients.
 */
const PING_MS = 30_000;

/** Close codes passed on to the client as the owner gave them: what the client should act on. */
const PASSED_ON = new Set([1000, 1008, 1009, 1013, 4401, 4404, 4409]);

/**
 * The close code the client gets when the owner's side of a relayed
 * connection closes: the owner's own word, or 1012 (service restart) when
 * it went away, so the client reconnects and its game is taken over.
 */
export function relayedClose(code: number): number {
  return PASSED_ON.has(code) ? code : 1012;
}

/**
 * A WebSocket to the owner's /ws, opened for one client: the owner is told
 * the client's address (X-Forwarded-For, believed when this process is among
 * its --trust-proxy) and that the connection is relayed. `owner` is a URL a
 * server wrote in the database about itself (checked at its start), never
 * anything a client sent. Rejects when the owner cannot be reached in time.
 */
export function openRelay(owner: string, clientAddress: string): Promise<WebSocket> {
  const url = new URL("/ws", owner);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      headers: {
        [RELAYED_HEADER]: "1",
        ...(clientAddress !== "" ? { "x-forwarded-for": clientAddress } : {}),
      },
      handshakeTimeout: CONNECT_MS,
      followRedirects: false,
    });
    const failed = (e: unknown) => {
      ws.terminate();
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    ws.once("error", failed);
    ws.once("unexpected-response", () => failed(new Error("the owner refused the connection")));
    ws.once("open", () => {
      ws.off("error", failed);
      // From here on the relay's own handlers decide; an error before close must not reach the process.
      ws.on("error", () => undefined);
      let answered = true;
      ws.on("pong", () => {
        answered = true;
      });
      const heartbeat = setInterval(() => {
        if (!answered) return ws.terminate();
        answered = false;
        try {
          ws.ping();
        } catch {
          ws.terminate();
        }
      }, PING_MS);
      heartbeat.unref();
      ws.once("close", () => clearInterval(heartbeat));
      resolve(ws);
    });
  });
}
