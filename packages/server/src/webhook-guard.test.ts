import { describe, expect, it } from "vitest";
import { parseIp } from "./ip-address.js";
import { addressRefusal, blockOf, IPV4_BLOCKS, IPV6_BLOCKS } from "./webhook-guard.js";

/** For every block of both tables: addresses inside it, and the block the decision must name. */
const INSIDE: Record<string, readonly string[]> = {
  "0.0.0.0/8": ["0.1.2.3", "0.255.255.255"],
  "0.0.0.0/32": ["0.0.0.0"],
  "10.0.0.0/8": ["10.0.0.0", "10.1.2.3", "10.255.255.255"],
  "100.64.0.0/10": ["100.64.0.1", "100.127.255.255"],
  "127.0.0.0/8": ["127.0.0.1", "127.255.255.254"],
  "169.254.0.0/16": ["169.254.169.254", "169.254.0.1"],
  "172.16.0.0/12": ["172.16.0.1", "172.31.255.255"],
  "192.0.0.0/24": ["192.0.0.100", "192.0.0.255"],
  "192.0.0.0/29": ["192.0.0.1", "192.0.0.7"],
  "192.0.0.8/32": ["192.0.0.8"],
  "192.0.0.9/32": ["192.0.0.9"],
  "192.0.0.10/32": ["192.0.0.10"],
  "192.0.0.170/32": ["192.0.0.170"],
  "192.0.0.171/32": ["192.0.0.171"],
  "192.0.2.0/24": ["192.0.2.1"],
  "192.31.196.0/24": ["192.31.196.1"],
  "192.52.193.0/24": ["192.52.193.1"],
  "192.88.99.0/24": ["192.88.99.1"],
  "192.88.99.2/32": ["192.88.99.2"],
  "192.168.0.0/16": ["192.168.1.1", "192.168.255.255"],
  "192.175.48.0/24": ["192.175.48.1"],
  "198.18.0.0/15": ["198.18.0.1", "198.19.255.255"],
  "198.51.100.0/24": ["198.51.100.1"],
  "203.0.113.0/24": ["203.0.113.1"],
  "224.0.0.0/4": ["224.0.0.1", "239.255.255.255"],
  "240.0.0.0/4": ["240.0.0.1", "255.255.255.254"],
  "255.255.255.255/32": ["255.255.255.255"],
  "0.0.0.0/0": ["8.8.8.8", "1.1.1.1"],
  "::/0": ["4000::1", "1fff:ffff::1", "8000::1", "e000::1"],
  "::/128": ["::", "0:0:0:0:0:0:0:0"],
  "::1/128": ["::1"],
  "::/96": ["::7f00:1", "::127.0.0.1", "::808:808", "::8.8.8.8"],
  "::ffff:0:0/96": ["::ffff:127.0.0.1", "::ffff:7f00:1", "::FFFF:8.8.8.8"],
  "::ffff:0:0:0/96": ["::ffff:0:7f00:1", "::ffff:0:808:808", "::ffff:0:8.8.8.8"],
  "64:ff9b::/96": ["64:ff9b::a9fe:a9fe", "64:ff9b::808:808"],
  "64:ff9b:1::/48": ["64:ff9b:1::808:808"],
  "100::/64": ["100::1"],
  "100:0:0:1::/64": ["100:0:0:1::1"],
  "5f00::/16": ["5f00::1"],
  "fc00::/7": ["fc00::1", "fd12:3456::1"],
  "fe80::/10": ["fe80::1", "febf::1"],
  "fec0::/10": ["fec0::1", "feff::1"],
  "ff00::/8": ["ff02::1", "ff0e::1"],
  "2000::/3": ["2606:4700::1111", "2a00:1450:4001::1", "2000::1", "3ffe::1"],
  "2001::/23": ["2001:100::1", "2001:1ff:ffff::1", "2001:1::4"],
  "2001::/32": ["2001:0:4136:e378:8000:63bf:3fff:fdd2"],
  "2001:1::1/128": ["2001:1::1"],
  "2001:1::2/128": ["2001:1::2"],
  "2001:1::3/128": ["2001:1::3"],
  "2001:2::/48": ["2001:2::1"],
  "2001:3::/32": ["2001:3::1"],
  "2001:4:112::/48": ["2001:4:112::1"],
  "2001:10::/28": ["2001:10::1"],
  "2001:20::/28": ["2001:20::1"],
  "2001:30::/28": ["2001:30::1"],
  "2001:db8::/32": ["2001:db8::1"],
  "2002::/16": ["2002:7f00:1::1", "2002:808:808::1"],
  "2620:4f:8000::/48": ["2620:4f:8000::1"],
  "3fff::/20": ["3fff::1", "3fff:fff:ffff::1"],
};

/** Just outside a refused block: each is public. */
const JUST_OUTSIDE = [
  "1.0.0.0",
  "9.255.255.255",
  "11.0.0.0",
  "100.63.255.255",
  "100.128.0.0",
  "126.255.255.255",
  "128.0.0.0",
  "169.253.255.255",
  "169.255.0.0",
  "172.15.255.255",
  "172.32.0.0",
  "191.255.255.255",
  "192.0.1.0",
  "192.0.3.0",
  "192.31.195.255",
  "192.31.197.0",
  "192.52.192.255",
  "192.52.194.0",
  "192.88.98.255",
  "192.88.100.0",
  "192.167.255.255",
  "192.169.0.0",
  "192.175.47.255",
  "192.175.49.0",
  "198.17.255.255",
  "198.20.0.0",
  "198.51.99.255",
  "198.51.101.0",
  "203.0.112.255",
  "203.0.114.0",
  "223.255.255.255",
  "2001:200::1",
  "2001:db7:ffff::1",
  "2001:db9::1",
  "2003::1",
  "2620:4f:7fff::1",
  "2620:4f:8001::1",
  "3fff:1000::1",
  "3ffe:ffff::1",
];

const cidrOf = (reason: string | undefined) => /is in (\S+) /.exec(reason ?? "")?.[1];

describe("webhook addresses", () => {
  it("every block of both tables has addresses here, and each is decided by its own block [RFC 6890]", () => {
    const tables = [...IPV4_BLOCKS, ...IPV6_BLOCKS];
    expect(Object.keys(INSIDE).sort()).toEqual(tables.map((b) => b.cidr).sort());
    for (const block of tables)
      for (const a of INSIDE[block.cidr] ?? []) {
        const parsed = parseIp(a);
        expect(parsed, a).toBeDefined();
        if (parsed) expect(blockOf(parsed).cidr, a).toBe(block.cidr);
        const reason = addressRefusal(a);
        if (block.action.do === "refuse") {
          expect(reason, a).toBeDefined();
          expect(cidrOf(reason), a).toBe(block.cidr);
          expect(reason, a).toContain(block.rfc);
        }
        if (block.action.do === "allow") expect(reason, a).toBeUndefined();
      }
  });

  it("an address just outside a refused block is allowed", () => {
    for (const a of JUST_OUTSIDE) expect(addressRefusal(a), a).toBeUndefined();
  });

  it("an IPv4 address carried in IPv6 (mapped, NAT64, 6to4) is checked as IPv4 [RFC 4291] [RFC 6052] [RFC 3056]", () => {
    const refused: Record<string, string> = {
      "::ffff:127.0.0.1": "127.0.0.0/8",
      "::ffff:7f00:1": "127.0.0.0/8",
      "::ffff:a9fe:a9fe": "169.254.0.0/16",
      "64:ff9b::a9fe:a9fe": "169.254.0.0/16",
      "64:ff9b::10.0.0.1": "10.0.0.0/8",
      "64:ff9b::c000:2ff": "192.0.2.0/24",
      "2002:7f00:1::1": "127.0.0.0/8",
      "2002:a9fe:a9fe::": "169.254.0.0/16",
      "2002:c0a8:101:1::1": "192.168.0.0/16",
      "2002:c058:6301::": "192.88.99.0/24",
    };
    for (const [a, inner] of Object.entries(refused)) {
      const reason = addressRefusal(a) ?? "";
      expect(reason, a).toContain("carries an IPv4 address");
      expect(reason, a).toContain(`is in ${inner} `);
    }
    expect(addressRefusal("64:ff9b::a9fe:a9fe")).toContain("169.254.169.254 is in 169.254.0.0/16");
    for (const a of [
      "::ffff:8.8.8.8",
      "::ffff:808:808",
      "64:ff9b::808:808",
      "64:ff9b::1.1.1.1",
      "2002:808:808::1",
    ])
      expect(addressRefusal(a), a).toBeUndefined();
  });

  it("the addresses the review found accepted are refused, whatever IPv4 the deprecated forms carry", () => {
    for (const a of [
      "64:ff9b::a9fe:a9fe",
      "2002:7f00:1::1",
      "::7f00:1",
      "::8.8.8.8",
      "::ffff:0:7f00:1",
      "::ffff:0:808:808",
      "64:ff9b:1::808:808",
      "fec0::1",
      "ff02::1",
      "198.18.0.1",
      "240.0.0.1",
      "255.255.255.255",
      "224.0.0.1",
    ])
      expect(addressRefusal(a), a).toBeDefined();
  });

  it("anything but a plain address is refused, and the reason does not repeat it", () => {
    for (const a of [
      "",
      "localhost",
      "example.com",
      "127.1",
      "0x7f000001",
      "2130706433",
      "0177.0.0.1",
      "010.0.0.1",
      "8.8.8.8 ",
      " 8.8.8.8",
      "8.8.8.8.",
      "256.0.0.1",
      "[::1]",
      "[2606:4700::1111]",
      "fe80::1%eth0",
      "2606:4700::1111%1",
      ":::",
      "1::2::3",
      "1:2:3:4:5:6:7:8:9",
      "1:2:3:4:5:6:7",
      "12345::1",
      "::ffff:1.2.3",
      "::ffff:1.2.3.4.5",
      "g::1",
      "8.8.8.8\n127.0.0.1",
    ]) {
      const reason = addressRefusal(a);
      expect(reason, JSON.stringify(a)).toContain("not an IP address");
      if (a.trim() !== "") expect(reason, JSON.stringify(a)).not.toContain(a.trim());
    }
  });

  it("IPv6 text is read exactly: the IPv4-compatible form is not taken for the mapped one", () => {
    expect(parseIp("::1.2.3.4")?.bytes).toEqual([...Array(12).fill(0), 1, 2, 3, 4]);
    expect(parseIp("::ffff:1.2.3.4")?.bytes).toEqual([...Array(10).fill(0), 255, 255, 1, 2, 3, 4]);
    expect(parseIp("1:2:3:4:5:6:7.8.9.10")?.bytes).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 7, 8, 9, 10]);
    expect(parseIp("2001:db8::")?.bytes).toEqual([0x20, 0x01, 0x0d, 0xb8, ...Array(12).fill(0)]);
    expect(parseIp("::")?.bytes).toEqual(Array(16).fill(0));
    expect(parseIp("1:0:0:0:0:0:0:8")?.bytes).toEqual(parseIp("1::8")?.bytes);
  });

  it("a refusal names the block and says why", () => {
    expect(addressRefusal("169.254.169.254")).toBe(
      "169.254.169.254 is in 169.254.0.0/16 (link-local, RFC 3927): the server's own link, where cloud metadata answers",
    );
    expect(addressRefusal("::1")).toBe("::1 is in ::1/128 (loopback, RFC 4291 §2.5.3): the server itself");
  });
});
