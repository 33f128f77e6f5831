import { describe, expect, it } from "vitest";
import { addressKey, canonicalIpv6, UNKNOWN_ADDRESS_KEY } from "./address-key.js";

describe("addressKey", () => {
  it.each([
    // IPv4: one key per address (/32).
    ["203.0.113.7", "203.0.113.7"],
    ["203.0.113.8", "203.0.113.8"],
    ["127.0.0.1", "127.0.0.1"],
    // IPv4-mapped IPv6 (a dual-stack socket's IPv4 peer) is the IPv4 address, in either spelling.
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:203.0.113.7", "203.0.113.7"],
    ["::ffff:cb00:7107", "203.0.113.7"],
    ["0:0:0:0:0:ffff:203.0.113.7", "203.0.113.7"],
    // IPv6: the /64, in RFC 5952 form.
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["2001:db8::1", "2001:db8::/64"],
    ["2001:db8:0:0:1::", "2001:db8::/64"],
    ["fe80::1%eth0", "fe80::/64"],
    ["::1", "::/64"],
    ["1:2:3:4:5:6:7:8", "1:2:3:4::/64"],
    // A forwarded address with its port, or bracketed.
    ["203.0.113.7:5555", "203.0.113.7"],
    ["[2001:db8:1:2::1]:443", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::1]", "2001:db8:1:2::/64"],
    [" 203.0.113.7 ", "203.0.113.7"],
    // Anything else shares one key.
    ["", UNKNOWN_ADDRESS_KEY],
    ["unknown", UNKNOWN_ADDRESS_KEY],
    ["evil.example", UNKNOWN_ADDRESS_KEY],
    ["203.0.113.256", UNKNOWN_ADDRESS_KEY],
    ["203.0.113", UNKNOWN_ADDRESS_KEY],
    ["2001:db8::1::2", UNKNOWN_ADDRESS_KEY],
    ["[203.0.113.7]", UNKNOWN_ADDRESS_KEY],
    ["2001:db8:1:2::1:5555", "2001:db8:1:2::/64"],
  ])("%j -> %j", (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it("gives an absent address (a socket already closed) the fixed key", () => {
    expect(addressKey(undefined)).toBe(UNKNOWN_ADDRESS_KEY);
  });

  it("never lets two /64s share a key, nor one /64 have two", () => {
    const keys = new Set<string>();
    for (let a = 0; a < 4; a++)
      for (let b = 0; b < 4; b++) keys.add(addressKey(`2001:db8:${a}:${b}:${a}:${b}::${a * b + 1}`));
    expect(keys.size).toBe(16);
    expect(new Set(["::", "::1", "::2:3", "::9:9:9"].map((h) => addressKey(`2001:db8:7:8${h}`))).size).toBe(
      1,
    );
  });
});

describe("canonicalIpv6", () => {
  it.each([
    [[0x2001, 0xdb8, 0, 0, 0, 0, 0, 1], "2001:db8::1"],
    [[0x2001, 0xdb8, 0, 1, 0, 0, 0, 1], "2001:db8:0:1::1"],
    [[0x2001, 0, 0, 1, 0, 0, 0, 1], "2001:0:0:1::1"],
    [[0x2001, 0xdb8, 0, 1, 1, 1, 1, 1], "2001:db8:0:1:1:1:1:1"],
    [[0, 0, 0, 0, 0, 0, 0, 0], "::"],
    [[1, 0, 0, 0, 0, 0, 0, 0], "1::"],
  ])("%j -> %s", (groups, text) => {
    expect(canonicalIpv6(groups)).toBe(text);
  });
});
