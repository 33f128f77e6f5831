import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The CLI, beside the bench in the monorepo (`tsc -b packages/bench` builds
 * it too); TERCIO_BENCH_CLI points at another build's, to measure it beside this one.
 */
export const CLI =
  process.env.TERCIO_BENCH_CLI ?? fileURLToPath(new URL("../../cli/dist/main.js", import.meta.url));

/** High enough that no limit throttles the benchmark: it measures the server, not its abuse guards. */
const UNLIMITED = [
  "--games-per-hour",
  "--connections-per-address",
  "--http-connections-per-address",
  "--max-connections",
  "--messages-per-second",
  "--message-burst",
  "--address-messages-per-second",
].flatMap((flag) => [flag, "100000"]);
/** The budgets of bytes sent, out of the way too, except where the bench measures them. */
const UNLIMITED_BUDGETS = [
  "--send-bytes-per-second",
  "1000000000",
  "--address-send-bytes-per-second",
  "1000000000",
];

export type SyncMode = "FULL" | "NORMAL";

/** `tercio serve` as a child process: the real server, started as a user would start it. */
export class ServerProcess {
  /** What the server wrote to stderr: it logs only trouble, so any line is worth reporting. */
  readonly logLines: string[] = [];
  /** How the server ended, if it has. */
  exited: string | undefined;
  url = "";
  private readonly child: ChildProcess;

  private constructor(
    db: string,
    sync: SyncMode,
    defaultLimits: boolean,
    cli: string,
    serveArgs: readonly string[],
  ) {
    this.child = spawn(
      process.execPath,
      [
        cli,
        "serve",
        "--port",
        "0",
        "--db",
        db,
        "--sync",
        sync,
        // The abuse section measures the server's own limits: only the cap on games is lifted (its players restart games).
        ...(defaultLimits ? ["--games-per-hour", "100000"] : [...UNLIMITED, ...UNLIMITED_BUDGETS]),
        ...serveArgs,
      ],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let partial = "";
    this.child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      const lines = (partial + chunk).split("\n");
      partial = lines.pop() ?? "";
      this.logLines.push(...lines.filter((l) => l.trim() !== ""));
    });
    this.child.once("exit", (code, signal) => {
      this.exited = signal ?? `exit code ${code}`;
    });
  }

  /**
   * `defaultLimits`: the server's own limits on messages, connections and
   * bytes sent (what the abuse section measures); `serveArgs`: more of
   * `tercio serve`'s options (a configuration measured beside the default).
   */
  static async start(
    db: string,
    sync: SyncMode,
    defaultLimits = false,
    cli = CLI,
    serveArgs: readonly string[] = [],
  ): Promise<ServerProcess> {
    if (!existsSync(cli)) throw new Error(`${cli} is missing: build it with npx tsc -b packages/cli`);
    const server = new ServerProcess(db, sync, defaultLimits, cli, serveArgs);
    server.url = await new Promise<string>((resolve, reject) => {
      let stdout = "";
      const timer = setTimeout(() => {
        server.child.kill("SIGKILL");
        reject(new Error("the server did not start within 30 s"));
      }, 30_000);
      server.child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        const m = /Tercio is running at (http:\/\/\S+)/.exec(stdout);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      server.child.once("exit", () => {
        clearTimeout(timer);
        reject(new Error(`the server exited at start (${server.exited}): ${server.logLines.join(" ")}`));
      });
    });
    return server;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** Resident memory in MB (VmRSS), or NaN where there is no /proc. */
  rssMb(): number {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.pid}/status`, "utf8"));
      return m?.[1] ? Number(m[1]) / 1024 : Number.NaN;
    } catch {
      return Number.NaN;
    }
  }

  /** CPU seconds used so far, all threads, user and system (from /proc, at Linux's 100 ticks a second). */
  cpuSeconds(): number {
    return ticksOf(`/proc/${this.pid}/stat`);
  }

  /** The same for the main thread alone (the event loop every socket waits on): its task has the process's id. */
  mainThreadCpuSeconds(): number {
    return ticksOf(`/proc/${this.pid}/task/${this.pid}/stat`);
  }

  /** SIGTERM (the server closes its sockets and the database), SIGKILL if it hangs. */
  async stop(): Promise<void> {
    if (this.exited !== undefined) return;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => {
      this.logLines.push("(the bench: the server did not stop within 10 s of SIGTERM; killed)");
      this.child.kill("SIGKILL");
    }, 10_000);
    await exited;
    clearTimeout(timer);
  }
}

/** User and system CPU seconds of a process or thread, from its /proc stat file (NaN where there is none). */
function ticksOf(file: string): number {
  try {
    const stat = readFileSync(file, "utf8");
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The file system a path is on (from /proc/mounts): fsync costs nothing on tmpfs, so it matters. */
export function filesystemOf(path: string): string {
  try {
    let best = { mount: "", type: "unknown" };
    for (const line of readFileSync("/proc/mounts", "utf8").split("\n")) {
      const [, mount, type] = line.split(" ");
      if (mount === undefined || type === undefined) continue;
      const inside = path === mount || path.startsWith(mount.endsWith("/") ? mount : `${mount}/`);
      if (inside && mount.length >= best.mount.length) best = { mount, type };
    }
    return best.type;
  } catch {
    return "unknown";
  }
}
