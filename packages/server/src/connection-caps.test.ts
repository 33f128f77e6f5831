import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { Limits } from "./limits.js";
import { createServer, type TercioServer } from "./server.js";
import { http, type Raw, rawConnect, sleep } from "./test-support/raw-http.js";

/**
 * Raw TCP connections that never finish a request: over a cap they are
 * closed as they arrive; under it, when the headers timeout runs out. Other
 * loopback addresses (127.0.0.2, ...) are other clients as the server sees them.
 */
describe("connection caps and timeouts", { timeout: 20_000 }, () => {
  let server: TercioServer | undefined;
  const sockets: Raw[] = [];
  afterEach(async () => {
    for (const raw of sockets.splice(0)) raw.socket.destroy();
    await server?.close();
    server = undefined;
  });

  const HEADERS_MS = 1500;
  const start = async (limits: Partial<Limits>, trustProxy: string[] = []) => {
    server = await createServer({
      db: ":memory:",
      log: () => undefined,
      trustProxy,
      limits: { headersTimeoutMs: HEADERS_MS, requestTimeoutMs: 3000, keepAliveTimeoutMs: 300, ...limits },
    });
    return Number(new URL(await server.listen(0, "127.0.0.1")).port);
  };
  const connectMany = async (port: number, n: number, from?: string) => {
    const opened: Raw[] = [];
    for (let i = 0; i < n; i++) opened.push(await rawConnect(port, from));
    sockets.push(...opened);
    return opened;
  };
  const closedBy = (raws: readonly Raw[]) => raws.filter((r) => r.isClosed()).length;

  it("closes at once the connections from one address over its cap; the rest time out; others are served", async () => {
    const port = await start({ httpConnectionsPerAddress: 3 });
    const idle = await connectMany(port, 5, "127.0.0.2");
    await sleep(300);
    expect(closedBy(idle)).toBe(2);
    // Closed without a word: nothing was read from them.
    expect(idle.filter((r) => r.isClosed()).map((r) => r.data())).toEqual(["", ""]);
    // Other addresses are served meanwhile; this one again once its idle connections are gone.
    expect((await http(port, "/api/health")).status).toBe(200);
    expect((await http(port, "/api/health", { from: "127.0.0.3" })).status).toBe(200);
    const waited = await Promise.all(idle.filter((r) => !r.isClosed()).map((r) => r.closed));
    for (const ms of waited) expect(ms).toBeGreaterThanOrEqual(HEADERS_MS - 100);
    for (const r of idle.filter((r) => r.data() !== "")) expect(r.data()).toMatch(/^HTTP\/1\.1 408/);
    // The server counts a connection gone on its own "close", which may come just after the client's.
    await sleep(300);
    expect((await http(port, "/api/health", { from: "127.0.0.2" })).status).toBe(200);
  });

  it("closes at once the connections over the total cap, from any address", async () => {
    const port = await start({ maxConnections: 4 });
    const idle = [...(await connectMany(port, 3, "127.0.0.4")), ...(await connectMany(port, 2, "127.0.0.5"))];
    await sleep(300);
    expect(closedBy(idle)).toBe(1);
    // One idle connection goes away: a normal request takes its place.
    idle.find((r) => !r.isClosed())?.socket.destroy();
    await waitFor(async () => (await connections()) === 3);
    expect((await http(port, "/api/health")).status).toBe(200);
  });

  it("exempts a trusted proxy from the per-address cap (its connections carry many clients)", async () => {
    const port = await start({ httpConnectionsPerAddress: 2 }, ["127.0.0.6"]);
    const proxy = await connectMany(port, 4, "127.0.0.6");
    const client = await connectMany(port, 3, "127.0.0.7");
    await sleep(300);
    expect([closedBy(proxy), closedBy(client)]).toEqual([0, 1]);
  });

  it("closes a connection that trickles its headers when the headers timeout runs out", async () => {
    const port = await start({});
    const [slow] = await connectMany(port, 1);
    if (!slow) throw new Error("no connection");
    slow.socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    const trickle = setInterval(() => slow.socket.write("x"), 100);
    try {
      const ms = await slow.closed;
      expect(ms).toBeGreaterThanOrEqual(HEADERS_MS - 100);
      expect(ms).toBeLessThan(HEADERS_MS + 1500);
      expect(slow.data()).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
    }
  });

  it("closes an idle keep-alive connection after its timeout", async () => {
    const port = await start({});
    const [kept] = await connectMany(port, 1);
    if (!kept) throw new Error("no connection");
    kept.socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await waitFor(async () => kept.data().includes('"ok":true'));
    const answered = Date.now();
    await kept.closed;
    expect(kept.data()).toMatch(/^HTTP\/1\.1 200/);
    expect(Date.now() - answered).toBeLessThan(HEADERS_MS);
  });

  it("leaves WebSockets open past every HTTP timeout", async () => {
    const port = await start({ headersTimeoutMs: 200, requestTimeoutMs: 300, keepAliveTimeoutMs: 100 });
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    let closed = false;
    ws.on("close", () => {
      closed = true;
    });
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    await sleep(1200);
    expect(closed).toBe(false);
    ws.close();
  });

  async function connections(): Promise<number> {
    const s = server?.app.server;
    if (!s) return 0;
    return new Promise((resolve, reject) => s.getConnections((e, n) => (e ? reject(e) : resolve(n))));
  }
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not so within ${timeoutMs} ms`);
    await sleep(10);
  }
}
