import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM, CHROMIUM_ARGS, HAVE_BROWSER, startScript } from "./harness.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shared Chromium's address (global-setup.ts): each test file connects instead of launching its own. */
    chromiumEndpoint: string;
  }
}

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Once per run of the browser tests: the first half of `npm start` (the
 * build of the CLI, the server and the web bundle), so that each test file
 * serves the built game without building it again (harness.ts, startGame);
 * and one Chromium for every file, each in contexts of its own (a launch
 * per file cost a second or so of the run each). Under `npm test`, whose
 * first step is that same build, it is not run twice. Where no Chromium is
 * installed the tests are skipped, and so is the build.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!HAVE_BROWSER) return undefined;
  build();
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}

/** The build half of `npm start`, unless `npm test` has just run it. */
function build(): void {
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
