import { availableParallelism } from "node:os";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const ROOT = fileURLToPath(new URL(".", import.meta.url));

/**
 * The slowest files, longest first, with their seconds in a CI run on the
 * project's 2-core machine: they start first, so that the longest (the
 * crash test) is not left to run alone at the end. A file missing here only
 * starts later.
 */
const SLOW_FIRST: Readonly<Record<string, number>> = {
  "packages/server/src/crash.test.ts": 199,
  "packages/web/e2e/game.test.ts": 68,
  "packages/systems/musket-and-pike/src/properties.test.ts": 62,
  "packages/server/src/fuzz.test.ts": 31,
  "packages/ai/src/musket-and-pike/legality.test.ts": 22,
  "packages/web/e2e/online.test.ts": 16,
  "packages/server/src/hardening.test.ts": 16,
  "packages/cli/src/main.test.ts": 15,
  "packages/server/src/tabletop-fuzz.test.ts": 15,
  "packages/server/src/online.test.ts": 14,
  "packages/web/e2e/online-dice.test.ts": 10,
  "packages/systems/musket-and-pike/src/conformance.test.ts": 10,
  "packages/ai/src/horse-and-musket-ch11/strong/strong.test.ts": 10,
  "packages/ai/src/musket-and-pike/strong/strong.test.ts": 9,
};

/** Longest first (by SLOW_FIRST), then the rest by name. */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (f: TestSpecification) => SLOW_FIRST[relative(ROOT, f.moduleId)] ?? 0;
    const name = (f: TestSpecification) => relative(ROOT, f.moduleId);
    return [...files].sort((a, b) => seconds(b) - seconds(a) || name(a).localeCompare(name(b)));
  }
}

export default defineConfig({
  resolve: {
    // Tests run against the packages' sources, not their build output.
    alias: {
      "@tercio/core/test-support/conformance": fileURLToPath(
        new URL("./packages/core/src/test-support/conformance.ts", import.meta.url),
      ),
      "@tercio/core": fileURLToPath(new URL("./packages/core/src/index.ts", import.meta.url)),
      "@tercio/musket-and-pike": fileURLToPath(
        new URL("./packages/systems/musket-and-pike/src/index.ts", import.meta.url),
      ),
      "@tercio/horse-and-musket-ch11": fileURLToPath(
        new URL("./packages/systems/horse-and-musket-ch11/src/index.ts", import.meta.url),
      ),
      "@tercio/systems": fileURLToPath(new URL("./packages/systems/registry/src/index.ts", import.meta.url)),
      "@tercio/geometry": fileURLToPath(new URL("./packages/geometry/src/index.ts", import.meta.url)),
      "@tercio/ai": fileURLToPath(new URL("./packages/ai/src/index.ts", import.meta.url)),
      "@tercio/protocol": fileURLToPath(new URL("./packages/protocol/src/index.ts", import.meta.url)),
      "@tercio/render/tabletop": fileURLToPath(
        new URL("./packages/render/src/tabletop/index.ts", import.meta.url),
      ),
      "@tercio/render": fileURLToPath(new URL("./packages/render/src/index.ts", import.meta.url)),
    },
  },
  test: {
    pool: "threads",
    // Every core: Vitest's default keeps one for itself, which on 2 cores is a single worker for all.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: SlowFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "packages/systems/*/src/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["packages/web/e2e/**/*.test.ts"],
          // The build half of `npm start`, once for all the browser test files.
          globalSetup: ["packages/web/e2e/global-setup.ts"],
        },
      },
    ],
  },
});
