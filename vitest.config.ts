import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
