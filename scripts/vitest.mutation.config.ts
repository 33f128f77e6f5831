import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import base from "../vitest.config.ts";

/**
 * The Vitest config of mutation runs (scripts/mutation.mjs): the project's
 * aliases and the engine's test files, each test file in a fresh module
 * graph (isolate). Shared modules (isolate: true, as in the project's
 * "pure" project) would be faster, but a static mutant (one in code run when
 * a module loads, such as retreat.ts's `CLEAR`) only takes effect when the
 * module is loaded again, and with shared modules it never is: such mutants
 * would survive whatever the tests. Modules that cache results of their own
 * (odds' previews, victory, deployment) are run with the command runner
 * (scripts/mutation-modules.mjs).
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
