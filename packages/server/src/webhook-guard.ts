import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Addresses a webhook may not reach unless the host allows it: loopback,
 * private networks, link-local (cloud metadata services live there),
 * carrier-grade NAT and the unspecified address. Anyone who creates a game
 * chooses its webhook URL, so without this a public server could be made to
 * POST into the network behind it.
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv6");

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, "ipv4");
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked as IPv4.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], "ipv4");
  return PRIVATE.check(address, "ipv6");
}

/**
 * Why a webhook URL may not be posted to, or undefined. The host name is
 * resolved and every address it has is checked. (The request itself
 * resolves the name again; a name that changes its answer in between could
 * still slip through, which a host worried about it closes at its firewall.)
 */
export async function webhookRefusal(url: string): Promise<string | undefined> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  const blocked = addresses.find(isPrivateAddress);
  return blocked === undefined
    ? undefined
    : `${host} is ${blocked}, a private or local address; start the server with --allow-private-webhooks to allow it`;
}
