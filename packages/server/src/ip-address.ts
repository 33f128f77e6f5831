import { isIP } from "node:net";

/** An IP address as its bytes: 4 for IPv4, 16 for IPv6. */
export interface IpAddress {
  readonly family: 4 | 6;
  readonly bytes: readonly number[];
}

/**
 * The address an exact textual form names, or undefined. IPv4 is dotted
 * decimal only (no octal, hex or short forms, which resolvers disagree on);
 * IPv6 is RFC 4291 §2.2 text, with a dotted IPv4 tail allowed. Zone ids
 * ("%eth0"), brackets and anything else are not addresses here. Node's isIP
 * decides the syntax; the bytes are worked out here because ipaddr.js, the
 * usual choice, reads "::1.2.3.4" (IPv4-compatible) as "::ffff:1.2.3.4"
 * (IPv4-mapped), which would let a refused block pass as an allowed one.
 */
export function parseIp(text: string): IpAddress | undefined {
  const family = isIP(text);
  if (family === 4) return { family, bytes: text.split(".").map(Number) };
  if (family !== 6 || text.includes("%")) return undefined;
  const bytes = ipv6Bytes(text);
  return bytes && { family, bytes };
}

function ipv6Bytes(text: string): number[] | undefined {
  let groups = text;
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    // The last 32 bits written as IPv4 (RFC 4291 §2.2, form 3): as two hex groups.
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split(".").map(Number);
    groups = `${text.slice(0, dotted.index + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = groups.split("::");
  if (halves.length > 2) return undefined;
  const split = (half: string) => (half === "" ? [] : half.split(":"));
  const head = split(halves[0] ?? "");
  const tail = halves.length === 2 ? split(halves[1] ?? "") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

/** A CIDR block of our own tables ("10.0.0.0/8", "2002::/16"); throws on a malformed one. */
export function parseCidr(cidr: string): { readonly base: IpAddress; readonly bits: number } {
  const [text = "", bitsText = ""] = cidr.split("/");
  const base = parseIp(text);
  const bits = Number(bitsText);
  if (!base || !/^\d{1,3}$/.test(bitsText) || bits > base.bytes.length * 8)
    throw new Error(`malformed CIDR block ${cidr}`);
  return { base, bits };
}

/** Whether the first `bits` bits of `address` are those of `base` (same family). */
export function inPrefix(address: IpAddress, base: IpAddress, bits: number): boolean {
  if (address.family !== base.family) return false;
  for (let i = 0; i < bits; i += 8) {
    const mask = bits - i >= 8 ? 0xff : (0xff << (8 - (bits - i))) & 0xff;
    if (((address.bytes[i / 8] ?? 0) & mask) !== ((base.bytes[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

/** Four bytes as dotted decimal. */
export function formatIpv4(bytes: readonly number[]): string {
  return bytes.join(".");
}
