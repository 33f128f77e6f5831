import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { type Coding, chooseCoding } from "./accept-encoding.js";
import { STATIC_TYPES } from "./static-files.js";

/** Types worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".map", ".txt", ".ico"]);
/** Below this a coding gains less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;
/** Vite's hashed names: `index-B9lOl7DD.js`, `worker-Cw874Kx_.js.map`, under assets/. */
const HASHED = /^assets[/\\].*-[\w-]{8}\.[a-z0-9]+(\.map)?$/i;
const SIBLING = { br: ".br", gzip: ".gz" } as const;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Made when the build wrote no sibling: once per file, kept in memory. Brotli 11 is slow on megabytes. */
function compress(coding: Coding, body: Buffer): Promise<Buffer> {
  return coding === "br"
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: body.length > 1_000_000 ? 5 : 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipped(body, { level: 9 });
}

export interface StaticAnswer {
  readonly status: 200 | 304;
  readonly headers: Readonly<Record<string, string | number>>;
  /** Undefined for a 304; a HEAD request's caller sends none either. */
  readonly body: Buffer | undefined;
}

interface Representation {
  readonly body: Buffer;
  readonly etag: string;
}

/** One file as served: its identity bytes and each coding worth sending, with their ETags. */
interface Entry {
  /** The file's size and mtime when read: a rebuild while the server runs is noticed. */
  readonly stamp: string;
  readonly type: string;
  readonly immutable: boolean;
  readonly compressible: boolean;
  readonly identity: Representation;
  readonly codings: ReadonlyMap<Coding, Representation>;
}

const etagOf = (body: Buffer, suffix: string) =>
  `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}${suffix}"`;

/** The file a URL path names inside the root, or undefined: "/../etc/passwd" finds nothing. */
function resolveFile(root: string, urlPath: string): { file: string; rel: string } | undefined {
  const rel = normalize(urlPath).replace(/^([/\\])+/, "");
  if (rel.split(sep).includes("..")) return undefined;
  const file = join(root, rel);
  if (!file.startsWith(normalize(root))) return undefined;
  return { file, rel };
}

/**
 * The built web app, served from memory: each file is read once (again
 * only if it changes on disk), its brotli and gzip forms taken from the
 * build's `.br` and `.gz` siblings or made once, never per request. Hashed
 * assets are cached for a year; index.html and unhashed files are
 * revalidated with their ETag.
 */
export class StaticSite {
  readonly #root: string;
  readonly #entries = new Map<string, Promise<Entry>>();
  readonly #onCompress: () => void;

  /** `onCompress` counts the codings made here (the server's stats), for the tests and the health page. */
  constructor(root: string, onCompress: () => void = () => undefined) {
    this.#root = root;
    this.#onCompress = onCompress;
  }

  /** The answer for a GET or HEAD of `urlPath`, or undefined when no such file is served. */
  async answer(
    urlPath: string,
    request: { readonly acceptEncoding?: string | undefined; readonly ifNoneMatch?: string | undefined },
  ): Promise<StaticAnswer | undefined> {
    const entry = await this.#entry(urlPath);
    if (entry === undefined) return undefined;
    const coding = chooseCoding(request.acceptEncoding, [...entry.codings.keys()]);
    const chosen = coding === "identity" ? entry.identity : (entry.codings.get(coding) ?? entry.identity);
    const headers: Record<string, string | number> = {
      "content-type": entry.type,
      "cache-control": entry.immutable ? "public, max-age=31536000, immutable" : "no-cache",
      etag: chosen.etag,
      ...(entry.compressible ? { vary: "Accept-Encoding" } : {}),
    };
    if (matches(request.ifNoneMatch, chosen.etag)) return { status: 304, headers, body: undefined };
    if (coding !== "identity") headers["content-encoding"] = coding;
    headers["content-length"] = chosen.body.length;
    return { status: 200, headers, body: chosen.body };
  }

  async #entry(urlPath: string): Promise<Entry | undefined> {
    const found = resolveFile(this.#root, urlPath);
    if (found === undefined || /\.(br|gz)$/.test(found.rel)) return undefined;
    const stat = existsSync(found.file) ? statSync(found.file) : undefined;
    if (!stat?.isFile()) {
      // A file a rebuild removed (an old hash) leaves memory too.
      this.#entries.delete(found.rel);
      return undefined;
    }
    const stamp = `${stat.size}:${stat.mtimeMs}`;
    const cached = this.#entries.get(found.rel);
    if (cached !== undefined) {
      const entry = await cached;
      if (entry.stamp === stamp) return entry;
    }
    const loading = this.#load(found.file, found.rel, stamp);
    this.#entries.set(found.rel, loading);
    loading.catch(() => this.#entries.delete(found.rel));
    return loading;
  }

  async #load(file: string, rel: string, stamp: string): Promise<Entry> {
    const body = readFileSync(file);
    const ext = extname(file);
    const compressible = COMPRESSIBLE.has(ext);
    const codings = new Map<Coding, Representation>();
    if (compressible && body.length >= MIN_COMPRESS_BYTES)
      for (const coding of ["br", "gzip"] as const) {
        const sibling = `${file}${SIBLING[coding]}`;
        // A sibling older than its file belongs to an earlier build.
        const fresh = existsSync(sibling) && statSync(sibling).mtimeMs >= statSync(file).mtimeMs;
        let coded: Buffer;
        if (fresh) coded = readFileSync(sibling);
        else {
          coded = await compress(coding, body);
          this.#onCompress();
        }
        if (coded.length < body.length)
          codings.set(coding, { body: coded, etag: etagOf(body, `-${coding}`) });
      }
    return {
      stamp,
      type: STATIC_TYPES[ext] ?? "application/octet-stream",
      immutable: HASHED.test(rel),
      compressible,
      identity: { body, etag: etagOf(body, "") },
      codings,
    };
  }
}

/** If-None-Match (RFC 9110, 13.1.2): `*` or a list of ETags, compared weakly. */
function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
