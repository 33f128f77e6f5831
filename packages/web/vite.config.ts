import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const src = (pkg: string) => fileURLToPath(new URL(`../${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  plugins: [react()],
  // The engine, AI and renderer are bundled from their sources: one build, no stale dist.
  resolve: {
    alias: { "@tercio/engine": src("engine"), "@tercio/ai": src("ai"), "@tercio/render": src("render") },
  },
  worker: { format: "es" },
  build: { outDir: "dist", target: "es2022", sourcemap: true, chunkSizeWarningLimit: 2000 },
});
