import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where `npm run build` puts the browser game (packages/web/dist), found from this file in src or dist. */
export function defaultWebRoot(): string {
  return fileURLToPath(new URL("../../web/dist/", import.meta.url));
}

/** The content types of the web app's files, by extension. */
export const STATIC_TYPES: Readonly<Record<string, string>> = {
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

export function hasWebApp(root: string): boolean {
  return existsSync(join(root, "index.html"));
}
