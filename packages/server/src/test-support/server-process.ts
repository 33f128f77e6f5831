import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The built CLI: the tests run the real server, as `npm start` does. */
export const CLI = fileURLToPath(new URL("../../../cli/dist/main.js", import.meta.url));

export interface ServerProcess {
  readonly url: string;
  readonly wsUrl: string;
  readonly db: string;
  readonly child: ChildProcess;
  /** What it wrote to stderr (its log). */
  stderr(): string;
  /** SIGKILL: no chance to flush anything. */
  kill(): Promise<void>;
  /** SIGTERM: a clean stop. */
  stop(): Promise<void>;
}

export function tempDb(): string {
  return join(mkdtempSync(join(tmpdir(), "tercio-server-")), "games.sqlite");
}

/** Generous limits for tests that are not about limits. */
export const OPEN_LIMITS = [
  "--games-per-hour",
  "100000",
  "--messages-per-second",
  "100000",
  "--message-burst",
  "100000",
  "--connections-per-address",
  "100000",
  "--address-messages-per-second",
  "100000",
  "--send-bytes-per-second",
  "1000000000",
  "--address-send-bytes-per-second",
  "1000000000",
  "--http-connections-per-address",
  "100000",
  "--max-connections",
  "100000",
];

export function startServerProcess(
  db: string,
  args: readonly string[] = OPEN_LIMITS,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [CLI, "serve", "--port", "0", "--db", db, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr?.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 20 s: ${err}`)), 20_000);
    let listening = false;
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (!listening) reject(new Error(`the server exited (${code}) before listening: ${out}${err}`));
    });
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /Tercio is running at (http:\/\/\S+)/.exec(out);
      if (!m?.[1] || listening) return;
      listening = true;
      clearTimeout(timer);
      const url = m[1];
      resolve({
        url,
        wsUrl: `${url.replace(/^http/, "ws")}ws`,
        db,
        child,
        stderr: () => err,
        kill: async () => {
          child.kill("SIGKILL");
          await exited;
        },
        stop: async () => {
          child.kill("SIGTERM");
          const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
          await exited;
          clearTimeout(timer);
        },
      });
      out = "";
    });
  });
}
