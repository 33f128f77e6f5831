import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { HAVE_BROWSER, startScript } from "./harness.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Once per run of the browser tests: the first half of `npm start` (the
 * build of the CLI, the server and the web bundle), so that each test file
 * serves the built game without building it again (harness.ts, startGame).
 * Under `npm test`, whose first step is that same build, it is not run twice.
 * Where no Chromium is installed the tests are skipped, and so is the build.
 */
export default function setup(): void {
  if (!HAVE_BROWSER) return;
  const { build } = startScript();
  const scripts = (
    JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { scripts: Record<string, string> }
  ).scripts;
  if (process.env.npm_lifecycle_event === "test" && scripts.test?.startsWith(`${build} && `)) return;
  const started = Date.now();
  const r = spawnSync(build, { cwd: ROOT, shell: true, encoding: "utf8" });
  if (r.status !== 0)
    throw new Error(`the build of npm start (${build}) failed (${r.status}):\n${r.stdout}${r.stderr}`);
  process.stdout.write(`e2e: built once for the browser tests (${build}) in ${Date.now() - started} ms\n`);
}
