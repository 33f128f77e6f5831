#!/usr/bin/env node
// The `tercio` command that npm links as node_modules/.bin/tercio, so that
// `npx tercio` works in the repository. This file is committed because npm
// links a bin only if its file exists at install time, and dist/ is built
// after `npm ci`: a bin pointing into dist/ is silently never linked.
import { existsSync } from "node:fs";

const main = new URL("../dist/main.js", import.meta.url);
if (existsSync(main)) {
  await import(main.href);
} else {
  process.stderr.write("tercio: the command is not built yet: run `npm run build` first\n");
  process.exitCode = 1;
}
