import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";

const src = (pkg: string) => fileURLToPath(new URL(`../${pkg}/src/index.ts`, import.meta.url));

export default defineConfig(({ command }) => {
  // A build is for players: React's production build even when the caller's
  // NODE_ENV says otherwise (vitest sets "test" for the servers it starts).
  if (command === "build") process.env.NODE_ENV = "production";
  return config;
});

const config = {
  plugins: [react()],
  // The engine, AI, protocol and renderer are bundled from their sources: one build, no stale dist.
  resolve: {
    alias: {
      "@tercio/core": src("core"),
      "@tercio/musket-and-pike": src("systems/musket-and-pike"),
      "@tercio/ai": src("ai"),
      "@tercio/protocol": src("protocol"),
      "@tercio/render/tabletop": fileURLToPath(new URL("../render/src/tabletop/index.ts", import.meta.url)),
      "@tercio/render": src("render"),
      "@tercio/geometry": src("geometry"),
      "@tercio/horse-and-musket-ch11": src("systems/horse-and-musket-ch11"),
      "@tercio/systems": src("systems/registry"),
    },
  },
  worker: { format: "es" },
  // `npm run dev -w @tercio/web` beside `npm start`: online play goes to the real server.
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8173",
      "/ws": { target: "ws://127.0.0.1:8173", ws: true },
    },
  },
  build: { outDir: "dist", target: "es2022", sourcemap: true, chunkSizeWarningLimit: 2000 },
} satisfies UserConfig;
