import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type TercioServer } from "./server.js";
import { http, upgrade } from "./test-support/raw-http.js";

/**
 * The HTTP edge of a real server on loopback: the Host and Origin check on
 * requests and WebSocket upgrades, the headers on every answer, and error
 * bodies that never repeat what the request said.
 */
describe("the HTTP edge", () => {
  let server: TercioServer;
  let port: number;
  let root: string;
  const logged: string[] = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "tercio-edge-"));
    mkdirSync(join(root, "assets"));
    writeFileSync(join(root, "index.html"), "<!doctype html><title>game</title>");
    writeFileSync(join(root, "assets", "main-abc.js"), "console.log(1)");
    server = await createServer({
      db: ":memory:",
      webRoot: root,
      allowedHosts: ["games.example"],
      log: (line) => logged.push(line),
      // A fallback that sets no headers of its own, as a plain page handler might.
      fallback: (_req, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("fallback");
      },
    });
    port = Number(new URL(await server.listen(0, "127.0.0.1")).port);
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  const host = () => `127.0.0.1:${port}`;

  it("sends nosniff and no-referrer on every answer: a 404, a JSON error, a static file, the fallback, a bad URL", async () => {
    const answers = {
      notFound: await http(port, "/api/nothing"),
      jsonError: await http(port, "/api/games", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{",
      }),
      health: await http(port, "/api/health"),
      file: await http(port, "/assets/main-abc.js"),
      fallback: await http(port, "/scenarios"),
      badUrl: await http(port, "/api/games/%E0%A4%A"),
    };
    expect(Object.values(answers).map((a) => a.status)).toEqual([404, 400, 200, 200, 200, 400]);
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.headers["x-content-type-options"], what).toBe("nosniff");
      expect(answer.headers["referrer-policy"], what).toBe("no-referrer");
    }
    // JSON answers load nothing; the web app's files keep the app's own policy.
    for (const answer of [answers.notFound, answers.jsonError, answers.health, answers.badUrl])
      expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answers.file.headers["content-security-policy"]).toContain("worker-src 'self'");
  });

  it("a 404 does not repeat the path", async () => {
    const answer = await http(port, "/api/%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: "not-found", message: "nothing is served here" },
    });
  });

  it("errors say what went wrong in our own words, never quoting the request", async () => {
    const marker = "MARK3R";
    const post = (contentType: string, body: string) =>
      http(port, "/api/games", { method: "POST", headers: { "content-type": contentType }, body });
    const answers = [
      await post("application/json", `{"${marker}<img src=x>": `),
      await post(`text/${marker}`, marker),
      await post("application/json", `"${marker.repeat(4000)}"`),
      await http(port, `/api/games/%E0%A4%A${marker}`),
      await http(port, `/%E0%A4%A${marker}`),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 415, 413, 400, 400]);
    for (const answer of answers) {
      expect(answer.body).not.toContain(marker);
      expect(answer.headers["content-type"]).toContain("application/json");
      expect(JSON.parse(answer.body).error.code).toBe("bad-request");
    }
    expect(logged).toEqual([]);
  });

  it("answers Host names that are IP literals, localhost or listed, and refuses others (421, not echoed)", async () => {
    for (const name of [
      host(),
      `localhost:${port}`,
      `[::1]:${port}`,
      "games.example",
      `GAMES.example.:${port}`,
    ])
      expect((await http(port, "/api/health", { headers: { host: name } })).status, name).toBe(200);
    for (const name of ["evil.example:8173", "evil.example", "games.example.evil"]) {
      const refused = await http(port, "/api/health", { headers: { host: name } });
      expect(refused.status, name).toBe(421);
      expect(refused.headers["x-content-type-options"]).toBe("nosniff");
      expect(JSON.parse(refused.body).error.code).toBe("unknown-host");
      expect(refused.body).not.toContain("evil");
    }
    // Every path: the fallback's pages, the web app and the API alike.
    for (const path of ["/", "/scenarios", "/assets/main-abc.js", "/api/nothing", "/api/games/%E0%A4%A"])
      expect((await http(port, path, { headers: { host: "evil.example:8173" } })).status, path).toBe(421);
  });

  it("refuses a page from another site (403), and a null Origin; accepts its own and local pages", async () => {
    const withOrigin = (origin: string) => http(port, "/api/health", { headers: { host: host(), origin } });
    for (const origin of ["http://evil.example", "null", "http://203.0.113.7:8173"]) {
      const refused = await withOrigin(origin);
      expect(refused.status, origin).toBe(403);
      expect(JSON.parse(refused.body).error.code).toBe("foreign-origin");
      expect(refused.body).not.toContain("evil");
    }
    for (const origin of [`http://${host()}`, "http://localhost:5173", "https://games.example"])
      expect((await withOrigin(origin)).status, origin).toBe(200);
  });

  it("applies the same rule to a WebSocket upgrade: 403 and the connection closed", async () => {
    const refusals = [
      { host: "evil.example:8173" },
      { host: "evil.example:8173", origin: "http://evil.example:8173" },
      { host: host(), origin: "http://evil.example" },
      { host: host(), origin: "null" },
    ];
    for (const headers of refusals) {
      const { status, raw } = await upgrade(port, headers);
      expect(status, JSON.stringify(headers)).toBe(403);
      expect(raw.data()).not.toContain("evil");
      await raw.closed;
    }
    const accepted = [
      { host: host() },
      { host: `localhost:${port}` },
      { host: `localhost:${port}`, origin: `http://localhost:${port}` },
      { host: "games.example", origin: "https://games.example" },
      { host: host(), origin: "http://localhost:5173" },
    ];
    for (const headers of accepted) {
      const { status, raw } = await upgrade(port, headers);
      expect(status, JSON.stringify(headers)).toBe(101);
      raw.socket.destroy();
    }
  });
});
