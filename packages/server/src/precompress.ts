import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * The build's files worth sending compressed, given their `.br` and `.gz`
 * siblings by `precompress`: source maps are left to the server, which
 * compresses one once if a developer's tools ask for it.
 */
const PRECOMPRESSED = new Set([".html", ".js", ".css", ".json", ".svg", ".txt"]);
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface Precompressed {
  readonly file: string;
  readonly raw: number;
  readonly br: number;
  readonly gzip: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? filesUnder(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]),
    ),
  );
  return nested.flat();
}

/**
 * Writes `x.br` (brotli at its best, 11) and `x.gz` (gzip 9) beside each
 * text file of a built web app, once at build time, so that the server
 * (static-site.ts) sends them as they are and never compresses per request.
 */
export async function precompress(dir: string): Promise<Precompressed[]> {
  const files = (await filesUnder(dir)).filter(
    (f) => PRECOMPRESSED.has(extname(f)) && !f.endsWith(".br") && !f.endsWith(".gz"),
  );
  const done = await Promise.all(
    files.map(async (file): Promise<Precompressed | undefined> => {
      if ((await stat(file)).size < MIN_BYTES) return undefined;
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipped(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      return { file, raw: body.length, br: br.length, gzip: gz.length };
    }),
  );
  return done.filter((d) => d !== undefined);
}
