import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { http, type Raw, rawConnect, sleep, upgrade } from "./test-support/raw-http.js";
import {
  OPEN_LIMITS,
  type ServerProcess,
  startServerProcess,
  tempDb,
} from "./test-support/server-process.js";

/**
 * The serve command's edge flags, on the built CLI: --allowed-host,
 * --trust-proxy, the raw connection cap and the headers timeout.
 */
describe("tercio serve at the HTTP edge", { timeout: 60_000 }, () => {
  let server: ServerProcess;
  let port: number;
  const sockets: Raw[] = [];

  beforeAll(async () => {
    server = await startServerProcess(tempDb(), [
      // The last --games-per-hour wins.
      ...OPEN_LIMITS,
      "--games-per-hour",
      "1",
      "--allowed-host",
      "games.example,Other.Example.",
      "--allowed-host",
      "third.example",
      "--trust-proxy",
      "127.0.0.1",
      "--http-connections-per-address",
      "2",
      "--headers-timeout",
      "1500",
      "--request-timeout",
      "3000",
    ]);
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => {
    for (const raw of sockets) raw.socket.destroy();
    await server.stop();
  });

  it("answers IP literals, localhost and the listed names; refuses other names on HTTP and WebSocket", async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      "games.example",
      "other.example",
      "third.example",
    ])
      expect((await http(port, "/api/health", { headers: { host } })).status, host).toBe(200);
    const refused = await http(port, "/scenarios", { headers: { host: "evil.example:8173" } });
    expect(refused.status).toBe(421);
    expect(refused.body).not.toContain("evil");
    const ws = await upgrade(port, { host: "evil.example:8173" });
    expect(ws.status).toBe(403);
    await ws.raw.closed;
    const foreign = await upgrade(port, { host: `127.0.0.1:${port}`, origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    const listed = await upgrade(port, { host: "games.example", origin: "https://games.example" });
    expect(listed.status).toBe(101);
    listed.raw.socket.destroy();
  });

  it("sends nosniff on the scenario pages and on a 404, which does not repeat the path", async () => {
    const page = await http(port, "/scenarios");
    expect(page.status).toBe(200);
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    for (const path of ["/api/%3Cb%3Ehello", "/%3Cb%3Ehello"]) {
      const missing = await http(port, path);
      expect(missing.status).toBe(404);
      expect(missing.headers["x-content-type-options"]).toBe("nosniff");
      expect(missing.body).not.toContain("hello");
    }
  });

  it("caps games per forwarded /64", async () => {
    const create = async (forwardedFor: string) =>
      (
        await http(port, "/api/games", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
          body: JSON.stringify({
            scenario: "16.24",
            seats: { first: { kind: "human" }, second: { kind: "human" } },
          }),
        })
      ).status;
    expect(await create("2001:db8:aa:1::1")).toBe(201);
    expect(await create("2001:db8:aa:1::2")).toBe(429);
    expect(await create("2001:db8:aa:2::1")).toBe(201);
  });

  it("closes raw connections over the per-address cap at once, and idle ones at the headers timeout", async () => {
    const idle: Raw[] = [];
    for (let i = 0; i < 3; i++) idle.push(await rawConnect(port, "127.0.0.2"));
    sockets.push(...idle);
    await sleep(200);
    expect(idle.filter((r) => r.isClosed())).toHaveLength(1);
    const waited = await Promise.all(idle.map((r) => r.closed));
    expect(Math.max(...waited)).toBeGreaterThanOrEqual(1400);
    // The server counts a connection gone on its own "close", which may come just after the client's.
    await sleep(300);
    expect((await http(port, "/api/health", { from: "127.0.0.2" })).status).toBe(200);
  });
});
