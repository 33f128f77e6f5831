import { availableParallelism } from "node:os";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
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
  "packages/server/src/crash-pg.test.ts": 199,
  "packages/web/e2e/game.test.ts": 68,
  "packages/systems/musket-and-pike/src/properties.test.ts": 62,
  "packages/server/src/fuzz.test.ts": 31,
  "packages/ai/src/musket-and-pike/legality.test.ts": 22,
  "packages/web/e2e/group-moves.test.ts": 25,
  "packages/web/e2e/move-feedback.test.ts": 20,
  "packages/web/e2e/online-reconnect.test.ts": 20,
  "packages/web/e2e/online.test.ts": 16,
  "packages/server/src/hardening.test.ts": 16,
  "packages/cli/src/readme.test.ts": 26,
  "packages/cli/src/main.test.ts": 15,
  "packages/cli/src/queued-runs.test.ts": 14,
  "packages/server/src/tabletop-fuzz.test.ts": 15,
  "packages/server/src/online.test.ts": 14,
  "packages/web/e2e/online-dice.test.ts": 10,
  "packages/web/e2e/nt-table.test.ts": 18,
  "packages/web/e2e/nt-play.test.ts": 12,
  "packages/systems/musket-and-pike/src/conformance.test.ts": 10,
  "packages/ai/src/horse-and-musket-ch11/strong/strong.test.ts": 10,
  "packages/ai/src/musket-and-pike/strong/strong.test.ts": 9,
};

/**
 * Longest first (by SLOW_FIRST), then the rest with the files that share
 * their workers (the pure project) kept together, so that a worker goes on
 * from one to the next without starting again.
 */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (f: TestSpecification) => SLOW_FIRST[relative(ROOT, f.moduleId)] ?? 0;
    const shared = (f: TestSpecification) => (f.project.config.isolate ? 1 : 0);
    const name = (f: TestSpecification) => relative(ROOT, f.moduleId);
    return [...files].sort(
      (a, b) => seconds(b) - seconds(a) || shared(a) - shared(b) || name(a).localeCompare(name(b)),
    );
  }
}

/**
 * The packages whose lint rules make them pure (no Node APIs, no clock, no
 * globals, no Math.random: biome.json): their test files share a worker's
 * modules from one file to the next instead of loading the engine again for
 * each file (isolate: false).
 */
const PURE = [
  "packages/core/src/**/*.test.ts",
  "packages/geometry/src/**/*.test.ts",
  "packages/tabletop/src/**/*.test.ts",
  "packages/systems/*/src/**/*.test.ts",
  "packages/ai/src/**/*.test.ts",
];

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
      "@tercio/tabletop": fileURLToPath(new URL("./packages/tabletop/src/index.ts", import.meta.url)),
      "@tercio/horse-and-musket-nt": fileURLToPath(
        new URL("./packages/systems/horse-and-musket-nt/src/index.ts", import.meta.url),
      ),
      "@tercio/plucky-pikes": fileURLToPath(
        new URL("./packages/systems/plucky-pikes/src/index.ts", import.meta.url),
      ),
      "@tercio/ai": fileURLToPath(new URL("./packages/ai/src/index.ts", import.meta.url)),
      "@tercio/protocol": fileURLToPath(new URL("./packages/protocol/src/index.ts", import.meta.url)),
      "@tercio/render/tabletop-nt": fileURLToPath(
        new URL("./packages/render/src/tabletop-nt/index.ts", import.meta.url),
      ),
      "@tercio/render/tabletop-pp": fileURLToPath(
        new URL("./packages/render/src/tabletop-pp/index.ts", import.meta.url),
      ),
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
      { extends: true, test: { name: "pure", include: PURE, isolate: false } },
      {
        extends: true,
        test: {
          name: "node",
          include: ["packages/*/src/**/*.test.ts", "packages/systems/*/src/**/*.test.ts"],
          // Several of these load whole rule systems and play games: on a busy 2-core machine 5 s is too
          // short a net (a timeout here is never an assertion about speed: those are benchmarks).
          testTimeout: 20_000,
          exclude: [...configDefaults.exclude, ...PURE],
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
