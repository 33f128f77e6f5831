import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { precompress } from "./precompress.js";

describe("precompress, at build time", () => {
  const root = mkdtempSync(join(tmpdir(), "tercio-precompress-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("writes .br and .gz beside each text file worth it, which decode to the file", async () => {
    mkdirSync(join(root, "assets"));
    const js = "export const x = 1;\n".repeat(500);
    writeFileSync(join(root, "index.html"), `<!doctype html>${"<p>x</p>".repeat(300)}`);
    writeFileSync(join(root, "assets", "index-B9lOl7DD.js"), js);
    writeFileSync(join(root, "assets", "index-B9lOl7DD.js.map"), "{}".repeat(1000));
    writeFileSync(join(root, "assets", "small-AbCd1234.css"), "a{}");
    const done = await precompress(root);
    expect(done.map((d) => d.file.slice(root.length)).sort()).toEqual([
      "/assets/index-B9lOl7DD.js",
      "/index.html",
    ]);
    const file = join(root, "assets", "index-B9lOl7DD.js");
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
    for (const d of done) expect(d.br).toBeLessThan(d.raw);
    // Source maps are left to the server; tiny files are not worth a coding.
    expect(existsSync(join(root, "assets", "index-B9lOl7DD.js.map.br"))).toBe(false);
    expect(existsSync(join(root, "assets", "small-AbCd1234.css.br"))).toBe(false);
    // Run again (a rebuild): the siblings are not compressed in their turn.
    expect((await precompress(root)).length).toBe(2);
    expect(existsSync(`${file}.br.br`)).toBe(false);
  });
});
