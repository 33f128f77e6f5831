import { isIPv4 } from "node:net";
import { addressKey, canonicalIpv6, ipv6Groups } from "./address-key.js";

/**
 * Which Host and Origin headers the server answers, against DNS rebinding
 * and cross-site WebSocket use of a server on localhost or a home network.
 *
 * Host. Rebinding needs a DNS name the attacker controls (evil.example,
 * re-pointed at 127.0.0.1 after the page loads), and the browser then sends
 * `Host: evil.example`. So a Host naming an IP literal (IPv4, or IPv6 in
 * brackets), with any port, is always answered: a browser sends one only
 * for a page that was itself loaded from that address. `localhost` is
 * answered (it never comes from DNS); any other name must be listed
 * (--allowed-host). Names are compared in lower case without a trailing dot
 * (`Example.COM.` is `example.com`). A request without Host is answered: a
 * browser always sends one, so its absence marks a client that could as
 * well have sent any Host it liked (an HTTP/1.0 health check).
 *
 * Origin. Absent (a program, not a browser page) is accepted; `null` (a
 * sandboxed or file: page) is refused. Otherwise it must be
 * `http(s)://authority` where the authority is localhost, a loopback
 * address or a listed name, with any port, or is exactly this request's
 * own Host (the page the server itself served, wherever it is reached).
 * An IP literal is not accepted in Origin for its own sake, as it is in
 * Host: any page on the internet can be served from a bare IP address, and
 * its scripts would then open WebSockets here, which no same-origin policy
 * stops.
 */
export interface HostPolicy {
  /** Listed names, canonical (lower case, no trailing dot). */
  readonly names: ReadonlySet<string>;
}

export type HostVerdict = "ok" | "unknown-host" | "foreign-origin";

type Authority =
  | {
      readonly kind: "ip";
      readonly ip: string;
      readonly loopback: boolean;
      readonly port: string | undefined;
    }
  | { readonly kind: "name"; readonly name: string; readonly port: string | undefined };

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** Lower case, one trailing dot dropped: the form names are compared in. */
export function canonicalHostName(name: string): string {
  const lower = name.toLowerCase();
  return lower.endsWith(".") ? lower.slice(0, -1) : lower;
}

function isHostName(name: string): boolean {
  return name.length > 0 && name.length <= 253 && name.split(".").every((label) => LABEL.test(label));
}

/** Why `entry` cannot be an --allowed-host name, or undefined if it can. */
export function allowedHostProblem(entry: string): string | undefined {
  const authority = parseAuthority(entry);
  if (authority?.kind === "ip") return "IP addresses are always answered: list host names only";
  if (authority?.port !== undefined) return "give the name without a port: every port is allowed";
  if (authority === undefined) return "not a host name (letters, digits, hyphens and dots)";
  return undefined;
}

export function hostPolicy(allowed: readonly string[]): HostPolicy {
  return { names: new Set(allowed.map(canonicalHostName)) };
}

/** `host[:port]` as in a Host header or an origin, or undefined if it is neither a name nor an IP. */
export function parseAuthority(text: string): Authority | undefined {
  const m = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(text);
  if (!m) return undefined;
  const host = m[1] ?? "";
  const port = m[2];
  if (port !== undefined && Number(port) > 65535) return undefined;
  if (host.startsWith("[")) {
    const groups = ipv6Groups(host.slice(1, -1));
    if (!groups || host.includes("%")) return undefined;
    const ip = canonicalIpv6(groups);
    const mapped = addressKey(ip);
    return { kind: "ip", ip, loopback: ip === "::1" || mapped.startsWith("127."), port };
  }
  const name = canonicalHostName(host);
  if (isIPv4(name)) return { kind: "ip", ip: name, loopback: name.startsWith("127."), port };
  return isHostName(name) ? { kind: "name", name, port } : undefined;
}

function nameAllowed(name: string, policy: HostPolicy): boolean {
  return name === "localhost" || policy.names.has(name);
}

export function hostAllowed(host: string | undefined, policy: HostPolicy): boolean {
  if (host === undefined) return true;
  const authority = parseAuthority(host);
  if (!authority) return false;
  return authority.kind === "ip" || nameAllowed(authority.name, policy);
}

export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  policy: HostPolicy,
): boolean {
  if (origin === undefined) return true;
  const m = /^https?:\/\/(.*)$/i.exec(origin);
  const authority = m ? parseAuthority(m[1] ?? "") : undefined;
  if (!authority) return false;
  if (authority.kind === "name" ? nameAllowed(authority.name, policy) : authority.loopback) return true;
  const own = host === undefined ? undefined : parseAuthority(host);
  return own !== undefined && sameAuthority(authority, own);
}

function sameAuthority(a: Authority, b: Authority): boolean {
  const id = (x: Authority) => (x.kind === "ip" ? x.ip : x.name);
  return a.kind === b.kind && id(a) === id(b) && a.port === b.port;
}

/** The verdict on one request's headers (an HTTP request or a WebSocket upgrade alike). */
export function checkHost(
  headers: { readonly host?: string | undefined; readonly origin?: string | undefined },
  policy: HostPolicy,
): HostVerdict {
  if (!hostAllowed(headers.host, policy)) return "unknown-host";
  if (!originAllowed(headers.origin, headers.host, policy)) return "foreign-origin";
  return "ok";
}
