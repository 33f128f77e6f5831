import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type TercioServer } from "./server.js";
import { http } from "./test-support/raw-http.js";

/** A script big enough to be worth compressing, and unlike any other: its bytes are checked after decoding. */
const script = (name: string) =>
  Array.from({ length: 800 }, (_, i) => `export const ${name}${i} = "${name} value ${i * 7}";\n`).join("");

/**
 * The built game as the server sends it: compressed per Accept-Encoding, the
 * hashed assets cached for a year, index.html and unhashed files revalidated
 * by ETag, HEAD answered with the headers alone.
 */
describe("the web app's files", () => {
  let server: TercioServer;
  let port: number;
  let root: string;
  const html = `<!doctype html><title>game</title>${"<p>the game</p>".repeat(200)}`;
  const hashed = script("hashed");
  const plain = script("plain");
  const precompressed = script("pre");
  // Brotli at its lowest quality: a sibling the build wrote, told apart from what the server would make.
  const sibling = brotliCompressSync(precompressed, { params: { [constants.BROTLI_PARAM_QUALITY]: 0 } });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "tercio-static-"));
    mkdirSync(join(root, "assets"));
    writeFileSync(join(root, "index.html"), html);
    writeFileSync(join(root, "assets", "index-B9lOl7DD.js"), hashed);
    writeFileSync(join(root, "assets", "plain.js"), plain);
    writeFileSync(join(root, "assets", "worker-Cw874Kx_.js"), precompressed);
    writeFileSync(join(root, "assets", "worker-Cw874Kx_.js.br"), sibling);
    writeFileSync(join(root, "assets", "tiny-AbCd1234.css"), "a{}");
    server = await createServer({ db: ":memory:", webRoot: root, log: () => undefined });
    port = Number(new URL(await server.listen(0, "127.0.0.1")).port);
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    http(port, path, { method, headers: { host: `127.0.0.1:${port}`, ...headers } });
  const BROWSER = "gzip, deflate, br, zstd";

  it("sends brotli to a browser, with the length of what it sends, and the bytes decode to the file", async () => {
    const a = await get("/assets/index-B9lOl7DD.js", { "accept-encoding": BROWSER });
    expect(a.status).toBe(200);
    expect(a.headers["content-encoding"]).toBe("br");
    expect(a.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(a.headers["content-length"])).toBe(a.bytes.length);
    expect(a.bytes.length).toBeLessThan(Buffer.byteLength(hashed) / 4);
    expect(brotliDecompressSync(a.bytes).toString("utf8")).toBe(hashed);
    expect(a.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });

  it("sends gzip to a client without brotli, and the file as it is to one that names no coding", async () => {
    const gz = await get("/assets/index-B9lOl7DD.js", { "accept-encoding": "gzip, deflate" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.bytes).toString("utf8")).toBe(hashed);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    for (const headers of [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "br;q=0, gzip;q=0" },
    ]) {
      const none = await get("/assets/index-B9lOl7DD.js", headers);
      expect(none.headers["content-encoding"], JSON.stringify(headers)).toBeUndefined();
      expect(none.body).toBe(hashed);
      expect(Number(none.headers["content-length"])).toBe(Buffer.byteLength(hashed));
      expect(none.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it("caches hashed assets for a year, immutable; index.html and unhashed files are revalidated", async () => {
    for (const path of [
      "/assets/index-B9lOl7DD.js",
      "/assets/worker-Cw874Kx_.js",
      "/assets/tiny-AbCd1234.css",
    ])
      expect((await get(path, { "accept-encoding": BROWSER })).headers["cache-control"], path).toBe(
        "public, max-age=31536000, immutable",
      );
    for (const path of ["/", "/index.html", "/assets/plain.js"]) {
      const a = await get(path, { "accept-encoding": BROWSER });
      expect(a.status, path).toBe(200);
      expect(a.headers["cache-control"], path).toBe("no-cache");
      expect(a.headers.etag, path).toMatch(/^"[^"]+"$/);
    }
    const index = await get("/", { "accept-encoding": BROWSER });
    expect(brotliDecompressSync(index.bytes).toString("utf8")).toBe(html);
    expect(index.headers["content-security-policy"]).toContain("worker-src 'self'");
  });

  it("answers 304 with no body to If-None-Match with the ETag of the coding it would send", async () => {
    const first = await get("/index.html", { "accept-encoding": BROWSER });
    const etag = String(first.headers.etag);
    const again = await get("/index.html", { "accept-encoding": BROWSER, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe("no-cache");
    expect(again.headers.vary).toMatch(/accept-encoding/i);
    const list = await get("/index.html", { "accept-encoding": BROWSER, "if-none-match": `"x", ${etag}` });
    expect(list.status).toBe(304);
    // Another coding is another representation: its ETag differs, so a stale match gets the file.
    const plainTag = String((await get("/index.html")).headers.etag);
    expect(plainTag).not.toBe(etag);
    const other = await get("/index.html", { "if-none-match": etag });
    expect(other.status).toBe(200);
    expect(other.body).toBe(html);
    expect((await get("/index.html", { "if-none-match": '"nothing"' })).status).toBe(200);
  });

  it("answers HEAD with the headers of the GET and no body", async () => {
    const getAnswer = await get("/assets/index-B9lOl7DD.js", { "accept-encoding": BROWSER });
    const head = await get("/assets/index-B9lOl7DD.js", { "accept-encoding": BROWSER }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    for (const name of [
      "content-encoding",
      "content-length",
      "content-type",
      "cache-control",
      "etag",
      "vary",
    ])
      expect(head.headers[name], name).toBe(getAnswer.headers[name]);
  });

  it("sends the build's own precompressed file where there is one, and no coding for a file too small to gain", async () => {
    const a = await get("/assets/worker-Cw874Kx_.js", { "accept-encoding": BROWSER });
    expect(a.headers["content-encoding"]).toBe("br");
    expect(a.bytes.equals(sibling)).toBe(true);
    // No .gz beside it: the server makes its own once.
    const gz = await get("/assets/worker-Cw874Kx_.js", { "accept-encoding": "gzip" });
    expect(gunzipSync(gz.bytes).toString("utf8")).toBe(precompressed);
    const tiny = await get("/assets/tiny-AbCd1234.css", { "accept-encoding": BROWSER });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body).toBe("a{}");
    // The sibling is the server's own business, not a file of the game.
    expect((await get("/assets/worker-Cw874Kx_.js.br")).status).toBe(404);
  });

  it("serves index.html anew after a rebuild while it runs, under a new ETag", async () => {
    const old = await get("/", { "accept-encoding": BROWSER });
    const rebuilt = `${html}<p>rebuilt</p>`;
    writeFileSync(join(root, "index.html"), rebuilt);
    const now = await get("/", { "accept-encoding": BROWSER });
    expect(brotliDecompressSync(now.bytes).toString("utf8")).toBe(rebuilt);
    expect(now.headers.etag).not.toBe(old.headers.etag);
    expect(
      (await get("/", { "accept-encoding": BROWSER, "if-none-match": String(old.headers.etag) })).status,
    ).toBe(200);
  });

  it("compresses each file once, not on every request", async () => {
    const before = server.state.stats.staticCompressions;
    for (let i = 0; i < 5; i++) await get("/assets/plain.js", { "accept-encoding": BROWSER });
    for (let i = 0; i < 5; i++) await get("/assets/plain.js", { "accept-encoding": "gzip" });
    // Both codings of plain.js were made by the earlier tests' requests, if not before.
    expect(server.state.stats.staticCompressions - before).toBeLessThanOrEqual(2);
    const after = server.state.stats.staticCompressions;
    for (let i = 0; i < 5; i++) await get("/assets/plain.js", { "accept-encoding": BROWSER });
    expect(server.state.stats.staticCompressions).toBe(after);
  });
});
