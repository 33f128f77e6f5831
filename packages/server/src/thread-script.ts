import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * A worker thread's script (`name`.js), compiled beside this module; run
 * from source (the tests), the package's build (`npm run build` precedes
 * `npm test`). `what` names the thread in the error when neither is there.
 */
export function threadScript(name: string, what: string): URL {
  const beside = new URL(`./${name}.js`, import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  const built = new URL(`../dist/${name}.js`, import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(`${what}'s script is missing: build the server (npx tsc -b packages/server)`);
}
