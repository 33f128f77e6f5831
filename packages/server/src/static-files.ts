import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Where `npm run build` puts the browser game (packages/web/dist), found from this file in src or dist. */
export function defaultWebRoot(): string {
  return fileURLToPath(new URL("../../web/dist/", import.meta.url));
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".map": "application/json; charset=utf-8",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

export interface StaticFile {
  readonly type: string;
  readonly body: Buffer;
  /** Hashed build assets never change under their name. */
  readonly immutable: boolean;
}

/**
 * A file of the built web app, or undefined. The path is normalised and must
 * stay inside the root: "/../etc/passwd" finds nothing.
 */
export function readStatic(root: string, urlPath: string): StaticFile | undefined {
  const rel = normalize(urlPath).replace(/^([/\\])+/, "");
  if (rel.split(sep).includes("..")) return undefined;
  const file = join(root, rel);
  if (!file.startsWith(normalize(root))) return undefined;
  if (!existsSync(file) || !statSync(file).isFile()) return undefined;
  const type = TYPES[extname(file)] ?? "application/octet-stream";
  return { type, body: readFileSync(file), immutable: rel.startsWith(`assets${sep}`) };
}

export function hasWebApp(root: string): boolean {
  return existsSync(join(root, "index.html"));
}
