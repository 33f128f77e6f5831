import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";

/** Is this peer address one of the configured reverse proxies? */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The reverse proxies whose X-Forwarded-For the server believes: addresses,
 * CIDR ranges, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`.
 * With none, no proxy is trusted and the header is ignored: anyone could
 * write it.
 */
export function trustProxy(proxies: readonly string[]): TrustProxy {
  if (proxies.length === 0) return () => false;
  return proxyAddr.compile([...proxies]);
}

/** Why `entry` cannot name a trusted proxy, or undefined if it can. */
export function trustedProxyProblem(entry: string): string | undefined {
  try {
    proxyAddr.compile(entry);
    return undefined;
  } catch {
    return "not an IP address, a CIDR range (address/bits), loopback, linklocal or uniquelocal";
  }
}

/**
 * The client's address, the same way for HTTP requests and WebSocket
 * upgrades (Fastify's request.ip is set up from the same list, but the
 * upgrade never reaches Fastify): the socket's peer, or, when that peer is a
 * trusted proxy, the nearest address in X-Forwarded-For that is not one.
 */
export function clientAddress(req: IncomingMessage, trusted: TrustProxy): string {
  // A socket already gone has no peer address: "" is then counted as unknown.
  return (proxyAddr(req, trusted) as string | undefined) ?? "";
}
