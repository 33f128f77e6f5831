import type { Server } from "node:http";
import type { Socket } from "node:net";
import { addressKey } from "./address-key.js";
import type { TrustProxy } from "./client-address.js";
import type { Limits } from "./limits.js";
import { Counter } from "./rate-limit.js";

/**
 * Fastify's options for the HTTP server's timeouts, so that a connection
 * that never sends a request, or sends it a byte at a time, is closed (408)
 * instead of holding a socket for ever.
 */
export function httpTimeouts(limits: Limits) {
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    throw new Error("the headers timeout must not be longer than the request timeout");
  return {
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node looks for overdue requests on this timer (every 30 s by default): often enough
      // that a timeout bites within a quarter of its length, at most a second late.
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  };
}

/**
 * Caps raw TCP connections, before any HTTP is read: `maxConnections` in all
 * (Node closes the ones over it as they arrive) and `httpConnectionsPerAddress`
 * from one address key (IPv4 /32, IPv6 /64). WebSockets count too: they are
 * connections that were upgraded. The cap is on the socket's own peer, since
 * nothing forwarded can be read yet; a trusted proxy's sockets carry many
 * clients, so the proxy is exempt and only the total cap applies to it (the
 * per-client caps then apply to the forwarded address: games, WebSockets).
 */
export function capConnections(server: Server, limits: Limits, trusted: TrustProxy): void {
  server.maxConnections = limits.maxConnections;
  const open = new Counter();
  server.on("connection", (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (peer !== undefined && trusted(peer, 0)) return;
    const key = addressKey(peer);
    if (open.get(key) >= limits.httpConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.add(key);
    socket.once("close", () => open.remove(key));
  });
}
