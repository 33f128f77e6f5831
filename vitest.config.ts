import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Tests run against the packages' sources, not their build output.
    alias: {
      "@tercio/engine": fileURLToPath(new URL("./packages/engine/src/index.ts", import.meta.url)),
      "@tercio/geometry": fileURLToPath(new URL("./packages/geometry/src/index.ts", import.meta.url)),
      "@tercio/ai": fileURLToPath(new URL("./packages/ai/src/index.ts", import.meta.url)),
      "@tercio/protocol": fileURLToPath(new URL("./packages/protocol/src/index.ts", import.meta.url)),
      "@tercio/render": fileURLToPath(new URL("./packages/render/src/index.ts", import.meta.url)),
    },
  },
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/web/e2e/**/*.test.ts"],
    pool: "threads",
  },
});
