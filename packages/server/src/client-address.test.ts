import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, trustedProxyProblem, trustProxy } from "./client-address.js";

const request = (peer: string | undefined, forwarded?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
  }) as unknown as IncomingMessage;

describe("clientAddress", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    const none = trustProxy([]);
    expect(clientAddress(request("203.0.113.7"), none)).toBe("203.0.113.7");
    expect(clientAddress(request("203.0.113.7", "198.51.100.1"), none)).toBe("203.0.113.7");
    expect(clientAddress(request("127.0.0.1", "198.51.100.1"), none)).toBe("127.0.0.1");
  });

  it("behind a trusted proxy, is the nearest forwarded address that is not a trusted proxy", () => {
    const trusted = trustProxy(["127.0.0.1", "10.0.0.0/8"]);
    expect(clientAddress(request("127.0.0.1", "198.51.100.1"), trusted)).toBe("198.51.100.1");
    // A client's own X-Forwarded-For entries, left of what the proxies added, are not believed.
    expect(clientAddress(request("127.0.0.1", "192.0.2.66, 198.51.100.1, 10.1.2.3"), trusted)).toBe(
      "198.51.100.1",
    );
    expect(clientAddress(request("127.0.0.1", "2001:db8::1"), trusted)).toBe("2001:db8::1");
    // The proxy's own request, and a peer that is not a trusted proxy, are the peer.
    expect(clientAddress(request("127.0.0.1"), trusted)).toBe("127.0.0.1");
    expect(clientAddress(request("203.0.113.7", "198.51.100.1"), trusted)).toBe("203.0.113.7");
    // An IPv4 proxy reached over a dual-stack socket is still the proxy.
    expect(clientAddress(request("::ffff:127.0.0.1", "198.51.100.1"), trusted)).toBe("198.51.100.1");
  });

  it("is empty for a socket already gone", () => {
    expect(clientAddress(request(undefined), trustProxy([]))).toBe("");
  });
});

describe("--trust-proxy entries", () => {
  it.each([
    ["127.0.0.1", true],
    ["10.0.0.0/8", true],
    ["2001:db8::/32", true],
    ["::1", true],
    ["loopback", true],
    ["uniquelocal", true],
    ["10.0.0.0/33", false],
    ["proxy.example", false],
    ["10.0.0.0/", false],
    ["*", false],
  ])("%j: %s", (entry, ok) => {
    expect(trustedProxyProblem(entry) === undefined).toBe(ok);
  });
});
