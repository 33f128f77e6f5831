import { isIPv4, isIPv6 } from "node:net";

/**
 * The key every per-address cap counts under. An IPv4 address is one key
 * (/32): a household or office behind one NAT address shares it, and that is
 * as fine-grained as IPv4 allows. An IPv6 address is grouped by its /64: an
 * ISP hands a subscriber at least a /64, and a host picks new addresses
 * within it at will (privacy extensions), so a cap per exact IPv6 address
 * would be no cap at all. An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as
 * a dual-stack socket reports IPv4 peers) is the IPv4 address it maps.
 * Anything that is not an address shares one fixed key, so that a malformed
 * value can never open a bucket of its own.
 */
export const UNKNOWN_ADDRESS_KEY = "unknown";

export function addressKey(address: string | undefined): string {
  if (address === undefined) return UNKNOWN_ADDRESS_KEY;
  const { ip, bracketed } = withoutPort(address.trim());
  if (isIPv4(ip) && !bracketed) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return UNKNOWN_ADDRESS_KEY;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
  }
  return `${canonicalIpv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/**
 * `1.2.3.4:5678` and `[2001:db8::1]:5678` (some proxies forward the client's
 * port too) and a bracketed `[2001:db8::1]` are read as the address alone.
 */
function withoutPort(text: string): { ip: string; bracketed: boolean } {
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return { ip: bracketed[1] ?? "", bracketed: true };
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
  return { ip: v4?.[1] ?? text, bracketed: false };
}

/** The eight 16-bit groups of an IPv6 address (zone dropped), or undefined. */
export function ipv6Groups(text: string): number[] | undefined {
  if (!isIPv6(text)) return undefined;
  let ip = text.replace(/%.*$/, "").toLowerCase();
  // A trailing dotted quad is the last two groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    ip = `${ip.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = ip.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16)));
  const front = parse(head);
  if (tail === undefined) return front.length === 8 ? front : undefined;
  const back = parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** RFC 5952: lower-case hex, no leading zeros, the longest run of two or more zero groups as `::`. */
export function canonicalIpv6(groups: readonly number[]): string {
  let best = { at: -1, length: 1 };
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i > best.length) best = { at: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(":");
  return `${hex.slice(0, best.at).join(":")}::${hex.slice(best.at + best.length).join(":")}`;
}
