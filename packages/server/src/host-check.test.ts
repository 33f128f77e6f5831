import { describe, expect, it } from "vitest";
import {
  allowedHostProblem,
  canonicalHostName,
  checkHost,
  hostAllowed,
  hostPolicy,
  originAllowed,
} from "./host-check.js";

const policy = hostPolicy(["games.example", "Tercio.Example.ORG."]);

describe("the Host header", () => {
  it.each([
    // IP literals, any port: a browser sends one only for a page loaded from that address.
    ["127.0.0.1", true],
    ["127.0.0.1:8173", true],
    ["192.168.1.20:8173", true],
    ["203.0.113.7:1", true],
    ["[::1]", true],
    ["[::1]:8173", true],
    ["[2001:DB8::1]:8173", true],
    ["[::ffff:127.0.0.1]:8173", true],
    // localhost, in any case, with the DNS root's trailing dot.
    ["localhost", true],
    ["localhost:8173", true],
    ["LocalHost:8173", true],
    ["localhost.:8173", true],
    // Listed names, compared in lower case without the trailing dot.
    ["games.example", true],
    ["games.example:443", true],
    ["GAMES.Example.:8173", true],
    ["tercio.example.org", true],
    // Everything else: names not listed (DNS rebinding), and what is no host at all.
    ["evil.example:8173", false],
    ["evil.example", false],
    ["sub.games.example", false],
    ["games.example.evil", false],
    ["localhost.evil.example", false],
    ["foo.localhost", false],
    ["games.example..", false],
    ["2130706433:8173", false],
    ["0x7f.1:8173", false],
    ["127.0.0.1:99999", false],
    ["127.0.0.1:", false],
    ["::1:8173", false],
    ["[::1", false],
    ["[evil.example]:8173", false],
    ["[fe80::1%25eth0]:8173", false],
    ["user@localhost:8173", false],
    ["localhost:8173/path", false],
    ["", false],
    ["bücher.example", false],
  ])("%j: %s", (host, ok) => {
    expect(hostAllowed(host, policy)).toBe(ok);
  });

  it("answers a request without Host (a browser always sends one)", () => {
    expect(hostAllowed(undefined, policy)).toBe(true);
  });

  it("allows nothing but IP literals and localhost with no list", () => {
    const none = hostPolicy([]);
    expect(hostAllowed("games.example", none)).toBe(false);
    expect(hostAllowed("localhost:1", none)).toBe(true);
    expect(hostAllowed("10.0.0.1:1", none)).toBe(true);
  });
});

describe("the Origin header", () => {
  const host = "127.0.0.1:8173";
  it.each([
    // A program's request (no Origin) and a page the server itself served.
    [undefined, host, true],
    ["http://127.0.0.1:8173", host, true],
    ["http://192.168.1.20:8173", "192.168.1.20:8173", true],
    ["http://[2001:db8::1]:8173", "[2001:DB8:0::1]:8173", true],
    // Local pages and listed names, any port, http or https.
    ["http://localhost:5173", host, true],
    ["http://LOCALHOST.:5173", host, true],
    ["http://127.0.0.1:5173", host, true],
    ["http://127.1.2.3", host, true],
    ["http://[::1]:5173", host, true],
    ["https://games.example", host, true],
    ["https://Games.Example:8443", "localhost:8173", true],
    ["HTTPS://games.example", host, true],
    // Foreign pages, including one served from a bare IP address.
    ["http://evil.example", host, false],
    ["http://evil.example:8173", host, false],
    ["http://203.0.113.7:8173", host, false],
    ["http://192.168.1.20:8174", "192.168.1.20:8173", false],
    ["http://192.168.1.20", "192.168.1.20:8173", false],
    ["http://192.168.1.20:8173", undefined, false],
    ["http://games.example.evil", host, false],
    // Not an origin a browser would send for an http page.
    ["null", host, false],
    ["", host, false],
    ["file://", host, false],
    ["ws://localhost:8173", host, false],
    ["chrome-extension://abcdef", host, false],
    ["http://localhost:8173/", host, false],
    ["http://user@localhost:8173", host, false],
    ["localhost:8173", host, false],
  ])("%j with Host %j: %s", (origin, requestHost, ok) => {
    expect(originAllowed(origin, requestHost, policy)).toBe(ok);
  });
});

describe("checkHost", () => {
  it("names the first header that fails", () => {
    expect(checkHost({ host: "evil.example:8173", origin: "http://evil.example:8173" }, policy)).toBe(
      "unknown-host",
    );
    expect(checkHost({ host: "localhost:8173", origin: "http://evil.example" }, policy)).toBe(
      "foreign-origin",
    );
    expect(checkHost({ host: "localhost:8173", origin: "http://localhost:8173" }, policy)).toBe("ok");
    expect(checkHost({}, policy)).toBe("ok");
  });
});

describe("--allowed-host entries", () => {
  it.each([
    ["games.example", undefined],
    ["Games.Example.", undefined],
    ["xn--bcher-kva.example", undefined],
    ["intranet", undefined],
    ["games.example:8173", /without a port/],
    ["127.0.0.1", /always answered/],
    ["[::1]", /always answered/],
    ["http://games.example", /not a host name/],
    ["*.games.example", /not a host name/],
    ["games example", /not a host name/],
    ["-games.example", /not a host name/],
  ])("%j: %s", (entry, problem) => {
    const why = allowedHostProblem(entry);
    if (problem === undefined) expect(why).toBeUndefined();
    else expect(why).toMatch(problem);
  });

  it("are compared as the Host header is: lower case, no trailing dot", () => {
    expect(canonicalHostName("Example.COM.")).toBe("example.com");
    expect(canonicalHostName("localhost.")).toBe("localhost");
  });
});
