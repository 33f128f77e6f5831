import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { precompress } from "../server/src/precompress.ts";

const src = (pkg: string) => fileURLToPath(new URL(`../${pkg}/src/index.ts`, import.meta.url));

export default defineConfig(({ command }) => {
  // A build is for players: React's production build even when the caller's
  // NODE_ENV says otherwise (vitest sets "test" for the servers it starts).
  if (command === "build") process.env.NODE_ENV = "production";
  return config;
});

/** The `.br` and `.gz` of each built file, which the server sends as they are (server/src/static-site.ts). */
const precompressed: Plugin = {
  name: "tercio-precompress",
  apply: "build",
  async closeBundle() {
    const done = await precompress(fileURLToPath(new URL("dist/", import.meta.url)));
    const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
    for (const d of done.filter((f) => f.raw > 100_000))
      console.log(
        `precompressed ${d.file.replace(/^.*dist\//, "")}: ${kB(d.raw)}, brotli ${kB(d.br)}, gzip ${kB(d.gzip)}`,
      );
  },
};

const config = {
  plugins: [react(), precompressed],
  // The engine, AI, protocol and renderer are bundled from their sources: one build, no stale dist.
  resolve: {
    alias: {
      "@tercio/core": src("core"),
      "@tercio/musket-and-pike": src("systems/musket-and-pike"),
      "@tercio/ai": src("ai"),
      "@tercio/protocol": src("protocol"),
      "@tercio/render/tabletop-nt": fileURLToPath(
        new URL("../render/src/tabletop-nt/index.ts", import.meta.url),
      ),
      "@tercio/render/tabletop-pp": fileURLToPath(
        new URL("../render/src/tabletop-pp/index.ts", import.meta.url),
      ),
      "@tercio/render/tabletop": fileURLToPath(new URL("../render/src/tabletop/index.ts", import.meta.url)),
      "@tercio/render": src("render"),
      "@tercio/geometry": src("geometry"),
      "@tercio/tabletop": src("tabletop"),
      "@tercio/horse-and-musket-ch11": src("systems/horse-and-musket-ch11"),
      "@tercio/horse-and-musket-nt": src("systems/horse-and-musket-nt"),
      "@tercio/plucky-pikes": src("systems/plucky-pikes"),
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
