import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultCatalog } from "@tercio/musket-and-pike";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { parsePort, serveCommand, startServer } from "./serve.js";

describe("tercio serve", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const started = await startServer(defaultCatalog(), 0, "127.0.0.1", "/nonexistent-web-root/");
    server = started.server;
    base = started.url;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("answers / with the scenario list when the browser game is not built", async () => {
    const res = await fetch(base);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("The 18 scenarios");
  });

  it("answers /scenarios with a page listing the 18 scenarios, each linking to its page", async () => {
    const res = await fetch(`${base}scenarios`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect((html.match(/<a href="\/scenario\//g) ?? []).length).toBe(18);
    expect(html).toContain("Lutzen");
    expect(html).toContain("favors Imperialists moderately");
  });

  it("answers /map.svg with the bare map", async () => {
    const res = await fetch(`${base}map.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    const svg = await res.text();
    expect(svg.startsWith("<svg")).toBe(true);
  });

  it("[16.0] shows a scenario page and the SVG of its opening position after automatic deployment", async () => {
    const page = await fetch(`${base}scenario/16.24?seed=3`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Lutzen");
    expect(html).toContain('src="/scenario/lutzen.svg?seed=3"');
    const svg = await (await fetch(`${base}scenario/lutzen.svg?seed=3`)).text();
    expect(svg).toContain("data-hex=");
    expect(svg).toContain("Game-Turn 1 of 15");
  });

  it("serves the scenario list as JSON, and 404 or 400 for the rest", async () => {
    const api = (await (await fetch(`${base}api/scenarios`)).json()) as unknown[];
    expect(api).toHaveLength(18);
    expect((await fetch(`${base}scenario/waterloo`)).status).toBe(404);
    expect((await fetch(`${base}etc/passwd`)).status).toBe(404);
    expect((await fetch(`${base}scenario/lutzen.svg?seed=x`)).status).toBe(400);
    expect((await fetch(base, { method: "POST" })).status).toBe(405);
  });

  it("says so clearly when the port is busy", async () => {
    const port = (server.address() as { port: number }).port;
    const r = await serveCommand({ port: String(port), host: "127.0.0.1" }, new MemoryIo(), () => {});
    expect(r?.exitCode).toBe(1);
    expect(r?.stderr).toMatch(new RegExp(`port ${port} on 127.0.0.1 is already in use`));
  });

  it("says so, without a stack or the password, when the PostgreSQL database cannot be reached", async () => {
    // A port free a moment ago: nothing listens there.
    const closed = await new Promise<number>((resolve) => {
      const probe = createNetServer().listen(0, "127.0.0.1", () => {
        const port = (probe.address() as { port: number }).port;
        probe.close(() => resolve(port));
      });
    });
    const r = await serveCommand(
      { port: "0", db: `postgres://tercio:s3cret@127.0.0.1:${closed}/games` },
      new MemoryIo(),
      () => {},
    );
    expect(r?.exitCode).toBe(1);
    expect(r?.stderr).toBe(
      `tercio: cannot reach postgres://tercio:***@127.0.0.1:${closed}/games: connection refused (is PostgreSQL running and listening there?)\n`,
    );
    const normal = await serveCommand(
      { port: "0", db: "postgresql://h/games", sync: "NORMAL" },
      new MemoryIo(),
    );
    expect(normal?.stderr).toMatch(/--sync NORMAL is for a SQLite file/);
  });

  it("refuses a bad port", () => {
    expect(() => parsePort("80000")).toThrow(/--port must be a number/);
  });

  it("refuses bad edge flags with a message naming the flag and the value", async () => {
    const refused = async (options: Parameters<typeof serveCommand>[0]) => {
      const r = await serveCommand({ port: "0", ...options }, new MemoryIo(), () => {});
      expect(r?.exitCode).toBe(1);
      return r?.stderr ?? "";
    };
    expect(await refused({ trustProxy: ["127.0.0.1,proxy.example"] })).toMatch(
      /--trust-proxy: "proxy\.example" is refused: not an IP address, a CIDR range/,
    );
    expect(await refused({ trustProxy: "10.0.0.0/40" })).toMatch(/--trust-proxy: "10\.0\.0\.0\/40"/);
    expect(await refused({ allowedHost: ["games.example", "http://evil.example"] })).toMatch(
      /--allowed-host: "http:\/\/evil\.example" is refused: not a host name/,
    );
    expect(await refused({ allowedHost: "games.example:8173" })).toMatch(/without a port/);
    expect(await refused({ allowedHost: "127.0.0.1" })).toMatch(/IP addresses are always answered/);
    expect(await refused({ maxConnections: "0" })).toMatch(/--max-connections must be a whole number/);
    expect(await refused({ httpConnectionsPerAddress: "many" })).toMatch(
      /--http-connections-per-address must be a whole number/,
    );
    expect(await refused({ headersTimeout: "40000" })).toMatch(
      /--headers-timeout \(40000 ms\) must not be longer than --request-timeout \(30000 ms\)/,
    );
    expect(await refused({ requestTimeout: "1.5" })).toMatch(/--request-timeout must be a whole number/);
    expect(await refused({ keepAliveTimeout: "-1" })).toMatch(/--keep-alive-timeout must be a whole number/);
  });

  it("refuses a node URL its peers could not use, or one without a shared database, before starting", async () => {
    const refused = async (options: Parameters<typeof serveCommand>[0]) => {
      const r = await serveCommand({ port: "0", ...options }, new MemoryIo(), () => {});
      expect(r?.exitCode).toBe(1);
      return r?.stderr ?? "";
    };
    const pg = "postgres://tercio@127.0.0.1:1/games";
    expect(await refused({ db: pg, nodeUrl: "10.0.0.5:8173" })).toMatch(
      /--node-url "10\.0\.0\.5:8173" is refused: not a URL: give the address other servers reach this one at, as http:\/\/host:port/,
    );
    expect(await refused({ db: pg, nodeUrl: "localhost:8173" })).toMatch(/is refused: not a URL/);
    expect(await refused({ db: pg, nodeUrl: "not a url" })).toMatch(/is refused: not a URL/);
    expect(await refused({ db: pg, nodeUrl: "http://10.0.0.5:8173/games" })).toMatch(/a URL with a path/);
    expect(await refused({ db: pg, nodeUrl: "http://u:p@10.0.0.5:8173" })).toMatch(/a user or password/);
    expect(await refused({ db: pg, nodeUrl: "http://0.0.0.0:8173" })).toMatch(/where a server listens/);
    expect(await refused({ db: pg, nodeUrl: "ws://10.0.0.5:8173" })).toMatch(/a ws URL/);
    expect(await refused({ db: "games.sqlite", nodeUrl: "http://10.0.0.5:8173" })).toMatch(
      /--node-url is for several servers over one PostgreSQL database/,
    );
    expect(await refused({ db: pg, lease: "5000" })).toMatch(/--lease is for several servers/);
    expect(await refused({ db: pg, nodeUrl: "http://10.0.0.5:8173", lease: "500" })).toMatch(
      /--lease must be at least 1000 ms/,
    );
  });
});

describe("tercio serve with the browser game built", () => {
  let server: Server;
  let base: string;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "tercio-web-"));
    mkdirSync(join(root, "assets"));
    writeFileSync(join(root, "index.html"), "<!doctype html><title>game</title>");
    writeFileSync(join(root, "assets", "main-B9lOl7DD.js"), "console.log(1);\n".repeat(200));
    const started = await startServer(defaultCatalog(), 0, "127.0.0.1", root);
    server = started.server;
    base = started.url;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  it("serves the game at / and its hashed assets, never files outside its folder", async () => {
    const index = await fetch(base);
    expect(await index.text()).toContain("<title>game</title>");
    expect(index.headers.get("content-security-policy")).toContain("worker-src 'self'");
    expect(index.headers.get("cache-control")).toBe("no-cache");
    const js = await fetch(`${base}assets/main-B9lOl7DD.js`, { headers: { "accept-encoding": "br" } });
    expect(js.headers.get("content-type")).toContain("text/javascript");
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The same files, compressed, as the online server sends them (static-site.test.ts).
    expect(js.headers.get("content-encoding")).toBe("br");
    expect(await js.text()).toBe("console.log(1);\n".repeat(200));
    const etag = js.headers.get("etag") ?? "";
    const again = await fetch(`${base}assets/main-B9lOl7DD.js`, {
      headers: { "accept-encoding": "br", "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    expect((await fetch(`${base}assets/../../package.json`)).status).toBe(404);
    expect((await fetch(`${base}assets/%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404);
    expect(await (await fetch(`${base}scenarios`)).text()).toContain("The 18 scenarios");
  });
});
