import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import base from "../vitest.config.ts";

/**
 * The Vitest config of mutation runs (scripts/mutation.mjs): the project's
 * aliases and the engine's test files, sharing a worker's modules from one
 * file to the next as the "pure" project does (isolate: false), so that a
 * mutant's run does not load the engine again for each file. That is sound
 * because a mutated module run this way keeps no cache of its own: the
 * modules that do (odds' previews, victory, deployment) are run with the
 * command runner, a fresh Vitest for each mutant (scripts/mutation-modules.mjs).
 * Isolating the files would not help static mutants either (docs/mutation.md).
 */
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  resolve: base.resolve,
  test: {
    include: ["packages/systems/musket-and-pike/src/**/*.test.ts"],
    pool: "threads",
    isolate: false,
  },
});
