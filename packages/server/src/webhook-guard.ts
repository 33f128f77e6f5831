import { formatIpv4, type IpAddress, inPrefix, parseCidr, parseIp } from "./ip-address.js";

/**
 * Which addresses a webhook may reach. Anyone who creates a game chooses its
 * webhook URL, so without this a public server could be made to POST into
 * the network behind it (a cloud's metadata service, an admin page on
 * loopback). The decision is by what the address is: the longest block of
 * the tables below that holds it says allow, refuse, or look at the IPv4
 * address carried inside it.
 */
export type BlockAction =
  | { readonly do: "allow" }
  | { readonly do: "refuse"; readonly why: string }
  /** Check the IPv4 address in bits [at, at + 32) instead. */
  | { readonly do: "embedded-ipv4"; readonly at: number };

export interface AddressBlock {
  readonly cidr: string;
  readonly name: string;
  readonly rfc: string;
  readonly action: BlockAction;
}

const allow = (cidr: string, name: string, rfc: string): AddressBlock => ({
  cidr,
  name,
  rfc,
  action: { do: "allow" },
});
const refuse = (cidr: string, name: string, rfc: string, why: string): AddressBlock => ({
  cidr,
  name,
  rfc,
  action: { do: "refuse", why },
});
const embedded = (cidr: string, name: string, rfc: string, at: number): AddressBlock => ({
  cidr,
  name,
  rfc,
  action: { do: "embedded-ipv4", at },
});

const PRIVATE = "a private network, perhaps the server's own";
const DOCS = "reserved for examples, never a real receiver";
const ANYCAST = "a shared protocol service address, not a webhook receiver";

/** Every block of the IANA IPv4 Special-Purpose Address Registry, and multicast. */
export const IPV4_BLOCKS: readonly AddressBlock[] = [
  allow("0.0.0.0/0", "public IPv4", "RFC 791"),
  refuse("0.0.0.0/8", "this network", "RFC 791 §3.2", "means this host or its network, not a destination"),
  refuse("0.0.0.0/32", "this host on this network", "RFC 1122 §3.2.1.3", "means the server itself"),
  refuse("10.0.0.0/8", "private use", "RFC 1918", PRIVATE),
  refuse("100.64.0.0/10", "shared address space", "RFC 6598", "inside a provider's carrier-grade NAT"),
  refuse("127.0.0.0/8", "loopback", "RFC 1122 §3.2.1.3", "the server itself"),
  refuse("169.254.0.0/16", "link-local", "RFC 3927", "the server's own link, where cloud metadata answers"),
  refuse("172.16.0.0/12", "private use", "RFC 1918", PRIVATE),
  refuse("192.0.0.0/24", "IETF protocol assignments", "RFC 6890 §2.1", "reserved for protocols, not hosts"),
  refuse("192.0.0.0/29", "IPv4 service continuity prefix", "RFC 7335", "inside a DS-Lite tunnel"),
  refuse("192.0.0.8/32", "IPv4 dummy address", "RFC 7600", "a placeholder that reaches nobody"),
  refuse("192.0.0.9/32", "Port Control Protocol anycast", "RFC 7723", ANYCAST),
  refuse("192.0.0.10/32", "TURN anycast", "RFC 8155", ANYCAST),
  refuse("192.0.0.170/32", "NAT64/DNS64 discovery", "RFC 8880 §7.2", "a name-resolution marker, not a host"),
  refuse("192.0.0.171/32", "NAT64/DNS64 discovery", "RFC 8880 §7.2", "a name-resolution marker, not a host"),
  refuse("192.0.2.0/24", "documentation (TEST-NET-1)", "RFC 5737", DOCS),
  refuse("192.31.196.0/24", "AS112-v4", "RFC 7535", "a sink for stray DNS queries"),
  refuse("192.52.193.0/24", "AMT", "RFC 7450", ANYCAST),
  refuse("192.88.99.0/24", "6to4 relay anycast (deprecated)", "RFC 7526", ANYCAST),
  refuse("192.88.99.2/32", "6a44 relay anycast", "RFC 6751", ANYCAST),
  refuse("192.168.0.0/16", "private use", "RFC 1918", PRIVATE),
  refuse("192.175.48.0/24", "AS112 direct delegation", "RFC 7534", "a sink for stray DNS queries"),
  refuse("198.18.0.0/15", "benchmarking", "RFC 2544", "for test networks between devices, not the internet"),
  refuse("198.51.100.0/24", "documentation (TEST-NET-2)", "RFC 5737", DOCS),
  refuse("203.0.113.0/24", "documentation (TEST-NET-3)", "RFC 5737", DOCS),
  refuse("224.0.0.0/4", "multicast", "RFC 5771", "a group of hosts, not one receiver"),
  refuse("240.0.0.0/4", "reserved", "RFC 1112 §4", "never assigned"),
  refuse("255.255.255.255/32", "limited broadcast", "RFC 919 §7", "every host on the server's link"),
];

/**
 * Only global unicast (2000::/3) is allowed at all, minus the blocks of the
 * IANA IPv6 Special-Purpose Address Registry inside it. Outside it only two
 * forms are looked into, both carrying an IPv4 address that is checked as
 * IPv4; the rest of the registry outside 2000::/3 is named for clearer
 * reasons, but refused by the first line anyway.
 */
export const IPV6_BLOCKS: readonly AddressBlock[] = [
  refuse("::/0", "not global unicast", "RFC 4291 §2.4", "only 2000::/3 is global unicast"),
  refuse("::/128", "unspecified", "RFC 4291 §2.5.2", "means no address, or the server itself"),
  refuse("::1/128", "loopback", "RFC 4291 §2.5.3", "the server itself"),
  // Deprecated, and where still honoured the host tunnels it as it sees fit, so
  // where it ends up depends on the host: refused whatever IPv4 it carries.
  refuse("::/96", "IPv4-compatible (deprecated)", "RFC 4291 §2.5.5.1", "deprecated; the host routes it"),
  embedded("::ffff:0:0/96", "IPv4-mapped", "RFC 4291 §2.5.5.2", 96),
  // SIIT's IPv4-translated form: deprecated, and only a translator on the
  // host's own path gives it meaning: refused whatever IPv4 it carries.
  refuse("::ffff:0:0:0/96", "IPv4-translated (SIIT)", "RFC 2765 §2.1", "deprecated; a translator decides"),
  embedded("64:ff9b::/96", "NAT64 well-known prefix", "RFC 6052 §2.1", 96),
  refuse("64:ff9b:1::/48", "local-use IPv4/IPv6 translation", "RFC 8215", "a local translator, to any IPv4"),
  refuse("100::/64", "discard-only", "RFC 6666", "traffic here is dropped"),
  refuse("100:0:0:1::/64", "dummy prefix", "RFC 9780", "a placeholder that reaches nobody"),
  refuse("5f00::/16", "SRv6 segment identifiers", "RFC 9602", "routing instructions, not hosts"),
  refuse("fc00::/7", "unique local", "RFC 4193", PRIVATE),
  refuse("fe80::/10", "link-local", "RFC 4291 §2.5.6", "the server's own link"),
  refuse("fec0::/10", "site-local (deprecated)", "RFC 3879", "the server's own site"),
  refuse("ff00::/8", "multicast", "RFC 4291 §2.7", "a group of hosts, not one receiver"),
  allow("2000::/3", "global unicast", "RFC 4291 §2.4"),
  refuse("2001::/23", "IETF protocol assignments", "RFC 2928", "reserved for protocols, not hosts"),
  refuse("2001::/32", "Teredo", "RFC 4380", "a tunnel whose ends are named by IPv4 addresses inside it"),
  refuse("2001:1::1/128", "Port Control Protocol anycast", "RFC 7723", ANYCAST),
  refuse("2001:1::2/128", "TURN anycast", "RFC 8155", ANYCAST),
  refuse("2001:1::3/128", "DNS-SD service registration anycast", "RFC 9665", ANYCAST),
  refuse("2001:2::/48", "benchmarking", "RFC 5180", "for test networks between devices, not the internet"),
  refuse("2001:3::/32", "AMT", "RFC 7450", ANYCAST),
  refuse("2001:4:112::/48", "AS112-v6", "RFC 7535", "a sink for stray DNS queries"),
  refuse("2001:10::/28", "ORCHID (deprecated)", "RFC 4843", "identifiers, not routable addresses"),
  refuse("2001:20::/28", "ORCHIDv2", "RFC 7343", "identifiers, not routable addresses"),
  refuse("2001:30::/28", "drone remote ID entity tags", "RFC 9374", "identifiers, not routable addresses"),
  refuse("2001:db8::/32", "documentation", "RFC 3849", DOCS),
  embedded("2002::/16", "6to4", "RFC 3056 §2", 16),
  refuse("2620:4f:8000::/48", "AS112 direct delegation", "RFC 7534", "a sink for stray DNS queries"),
  refuse("3fff::/20", "documentation", "RFC 9637", DOCS),
];

interface Parsed extends AddressBlock {
  readonly base: IpAddress;
  readonly bits: number;
}

const TABLES: Record<4 | 6, readonly Parsed[]> = {
  4: IPV4_BLOCKS.map((b) => ({ ...b, ...parseCidr(b.cidr) })),
  6: IPV6_BLOCKS.map((b) => ({ ...b, ...parseCidr(b.cidr) })),
};

/** The most specific block holding the address: every table has a /0, so there is one. */
export function blockOf(address: IpAddress): AddressBlock {
  let best: Parsed | undefined;
  for (const b of TABLES[address.family])
    if (inPrefix(address, b.base, b.bits) && (!best || b.bits > best.bits)) best = b;
  if (!best) throw new Error("an address table without a /0 block");
  return best;
}

/**
 * Why a webhook may not be sent to this address, or undefined if it may.
 * The reason names the block and says why in our words; of the input it
 * repeats only a parsed address.
 */
export function addressRefusal(text: string): string | undefined {
  const address = parseIp(text);
  if (!address) return "not an IP address in its plain form (zone ids and brackets are refused too)";
  return refusalOf(address, text);
}

function refusalOf(address: IpAddress, shown: string): string | undefined {
  const block = blockOf(address);
  const where = `${shown} is in ${block.cidr} (${block.name}, ${block.rfc})`;
  const action = block.action;
  switch (action.do) {
    case "allow":
      return undefined;
    case "refuse":
      return `${where}: ${action.why}`;
    case "embedded-ipv4": {
      const bytes = address.bytes.slice(action.at / 8, action.at / 8 + 4);
      const inner = refusalOf({ family: 4, bytes }, formatIpv4(bytes));
      return inner && `${where}, which carries an IPv4 address: ${inner}`;
    }
  }
}
