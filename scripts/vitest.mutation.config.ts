import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import base from "../vitest.config.ts";

/**
 * The Vitest config of mutation runs (scripts/mutation.mjs): the project's
 * aliases, the engine's test files only, and every test file in a fresh
 * module graph (isolate). The engine keeps caches in its modules (the odds
 * previews, the map's tables); shared across Stryker's runs, as the "pure"
 * project shares them across files, a cache filled under one mutant would
 * answer for the next, hiding some mutants and killing others wrongly.
 */
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  resolve: base.resolve,
  test: {
    include: ["packages/systems/musket-and-pike/src/**/*.test.ts"],
    pool: "threads",
    isolate: true,
  },
});
