import { afterEach, describe, expect, it } from "vitest";
import { createServer, type TercioServer } from "./server.js";
import { http, type Raw, upgrade } from "./test-support/raw-http.js";

/**
 * Per-address caps count an IPv4 address or an IPv6 /64, and behind a
 * trusted proxy the client it forwards. Loopback is the only real source
 * here, so 127.0.0.1 plays the proxy and X-Forwarded-For the clients.
 */
describe("address grouping", () => {
  let server: TercioServer | undefined;
  const open: Raw[] = [];
  afterEach(async () => {
    for (const raw of open.splice(0)) raw.socket.destroy();
    await server?.close();
    server = undefined;
  });

  const start = async (options: Parameters<typeof createServer>[0]) => {
    server = await createServer({ db: ":memory:", log: () => undefined, ...options });
    return Number(new URL(await server.listen(0, "127.0.0.1")).port);
  };
  const setup = JSON.stringify({
    scenario: "16.24",
    seats: { first: { kind: "human" }, second: { kind: "human" } },
  });
  const create = async (port: number, forwardedFor: string) =>
    (
      await http(port, "/api/games", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
        body: setup,
      })
    ).status;

  it("caps games per IPv6 /64 and per IPv4 address, as forwarded by a trusted proxy", async () => {
    const port = await start({ trustProxy: ["127.0.0.1"], limits: { gamesPerHour: 2 } });
    // Three addresses in one /64: the third is over the cap.
    expect(await create(port, "2001:db8:1:2::1")).toBe(201);
    expect(await create(port, "2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(201);
    expect(await create(port, "2001:db8:1:2:abcd::9")).toBe(429);
    // The next /64 is another subscriber.
    expect(await create(port, "2001:db8:1:3::1")).toBe(201);
    // IPv4: each address its own, an IPv4-mapped spelling the same one.
    expect(await create(port, "198.51.100.1")).toBe(201);
    expect(await create(port, "::ffff:198.51.100.1")).toBe(201);
    expect(await create(port, "198.51.100.1")).toBe(429);
    expect(await create(port, "198.51.100.2")).toBe(201);
    // Only the proxy's own entry is believed: what the client wrote before it is not.
    expect(await create(port, "203.0.113.9, 2001:db8:1:2::77")).toBe(429);
  });

  it("caps WebSocket connections per /64 of the forwarded client", async () => {
    const port = await start({ trustProxy: ["127.0.0.1"], limits: { connectionsPerAddress: 1 } });
    const ws = async (forwardedFor: string) => {
      const { status, raw } = await upgrade(port, { host: "127.0.0.1", "x-forwarded-for": forwardedFor });
      open.push(raw);
      return status;
    };
    expect(await ws("2001:db8:5:6::1")).toBe(101);
    expect(await ws("2001:db8:5:6::2")).toBe(429);
    expect(await ws("2001:db8:5:7::1")).toBe(101);
    expect(await ws("198.51.100.1")).toBe(101);
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    const port = await start({ limits: { gamesPerHour: 1, connectionsPerAddress: 1 } });
    expect(await create(port, "2001:db8:1:2::1")).toBe(201);
    expect(await create(port, "2001:db8:9:9::1")).toBe(429);
    const first = await upgrade(port, { host: "127.0.0.1", "x-forwarded-for": "198.51.100.1" });
    const second = await upgrade(port, { host: "127.0.0.1", "x-forwarded-for": "198.51.100.2" });
    open.push(first.raw, second.raw);
    expect([first.status, second.status]).toEqual([101, 429]);
  });
});
