import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { Client } from "pg";

/**
 * PostgreSQL for the tests. With TERCIO_TEST_POSTGRES_URL (a role that may
 * create databases) the tests use that server; otherwise a throwaway
 * cluster of the machine's own binaries (Debian's postgresql package:
 * /usr/lib/postgresql/<version>/bin) is made in a temporary folder, on a
 * free port of 127.0.0.1, and removed afterwards. Each test takes a fresh
 * database of it. Without either the PostgreSQL tests are skipped with a
 * notice; with TERCIO_REQUIRE_POSTGRES=1 (set by .ci/run) that is a failure.
 */
export const POSTGRES_URL = process.env.TERCIO_TEST_POSTGRES_URL || undefined;
export const REQUIRE_POSTGRES = process.env.TERCIO_REQUIRE_POSTGRES === "1";

/** The folder holding initdb and pg_ctl: Debian's newest, else the PATH's. */
export function postgresBin(): string | undefined {
  const debian = "/usr/lib/postgresql";
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => join(debian, v, "bin"))
    : [];
  const path = (process.env.PATH ?? "").split(delimiter).filter((d) => d !== "");
  return [...versions, ...path].find((d) => existsSync(join(d, "initdb")) && existsSync(join(d, "pg_ctl")));
}

export const HAVE_POSTGRES = POSTGRES_URL !== undefined || postgresBin() !== undefined;

export const POSTGRES_SKIP_NOTICE =
  "PostgreSQL tests SKIPPED: no PostgreSQL binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin or on the PATH, and no TERCIO_TEST_POSTGRES_URL. Install them (Debian: apt-get install -y postgresql) or set the URL of a server where the role may create databases; .ci/run installs them and sets TERCIO_REQUIRE_POSTGRES=1, which makes their absence a failure.";

/**
 * Called once at the top of each PostgreSQL test file: no PostgreSQL fails
 * the run when one is required (CI), and is otherwise named on stderr.
 */
export function checkPostgres(): void {
  if (HAVE_POSTGRES) return;
  if (REQUIRE_POSTGRES) throw new Error(POSTGRES_SKIP_NOTICE.replace("SKIPPED", "REQUIRED but missing"));
  process.stderr.write(`\n${POSTGRES_SKIP_NOTICE}\n\n`);
}

export interface TestPostgres {
  /** The server's URL, as the role that creates the databases. */
  readonly url: string;
  /** A new, empty database's URL. */
  database(): Promise<string>;
  /** Drops the databases made (the URL's server) or stops and removes the cluster (a throwaway one). */
  stop(): Promise<void>;
}

/** The URL's server, or a throwaway cluster started for the caller. */
export async function startTestPostgres(): Promise<TestPostgres> {
  if (POSTGRES_URL !== undefined) return onServer(POSTGRES_URL);
  const bin = postgresBin();
  if (bin === undefined) throw new Error(POSTGRES_SKIP_NOTICE);
  const cluster = await startCluster(bin);
  try {
    return await onServer(cluster.url, cluster.stop);
  } catch (e) {
    await cluster.stop();
    throw e;
  }
}

/**
 * Fresh databases on a server: on someone else's, each is dropped at the
 * end; a cluster of our own is simply removed with them.
 */
async function onServer(url: string, removeCluster?: () => Promise<void>): Promise<TestPostgres> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  const made: string[] = [];
  return {
    url,
    async database() {
      // Random names: several test files (workers) may share one server.
      const name = `tercio_test_${randomBytes(6).toString("hex")}`;
      await admin.query(`CREATE DATABASE ${name}`);
      made.push(name);
      const at = new URL(url);
      at.pathname = `/${name}`;
      return at.toString();
    },
    async stop() {
      try {
        if (!removeCluster)
          for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
        await removeCluster?.();
      }
    },
  };
}

interface Cluster {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * initdb into a temporary folder, then pg_ctl start on a free port of
 * 127.0.0.1 with its Unix socket in that folder. PostgreSQL refuses to run
 * as root: as root, the folder is given to the postgres user and the
 * binaries run as it.
 */
async function startCluster(bin: string): Promise<Cluster> {
  // As root, under /tmp: the postgres user must reach the folder, and its socket's path be short.
  const dir = mkdtempSync(join(process.getuid?.() === 0 ? "/tmp" : tmpdir(), "tercio-pg-"));
  const data = join(dir, "data");
  const asOwner = ownerOf(dir);
  const watchdog = watch(dir, asOwner(join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "immediate"]));
  const remove = async () => {
    await run(...asOwner(join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "fast"])).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    watchdog.kill();
  };
  try {
    await run(
      ...asOwner(join(bin, "initdb"), [
        "-D",
        data,
        "-U",
        "postgres",
        "--auth=trust",
        "-E",
        "UTF8",
        "--no-locale",
        "--no-sync",
      ]),
    );
    const port = await startOnFreePort(bin, dir, data, asOwner);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop: remove };
  } catch (e) {
    await remove();
    throw e;
  }
}

/**
 * A test run that ends without its afterAll (a hook timed out, Ctrl+C, a
 * worker thread cut short, where no exit handler runs) must not leave a
 * server behind: a shell waits for this process to end, then stops the
 * cluster and removes its folder. A clean stop kills it first.
 */
function watch(dir: string, [command, args]: [string, string[]]): ChildProcess {
  const script =
    'pid=$1; dir=$2; shift 2; while kill -0 "$pid" 2>/dev/null; do sleep 1; done; "$@"; rm -rf "$dir"';
  const child = spawn("sh", ["-c", script, "sh", String(process.pid), dir, command, ...args], {
    detached: true,
    stdio: "ignore",
  });
  child.unref();
  return child;
}

type AsOwner = (command: string, args: readonly string[]) => [string, string[]];

/** How to run the binaries so that they own `dir`: as the postgres user when we are root. */
function ownerOf(dir: string): AsOwner {
  if (process.getuid?.() !== 0) return (command, args) => [command, [...args]];
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  let uid: number;
  try {
    uid = id("-u");
  } catch {
    throw new Error("PostgreSQL will not run as root, and there is no postgres user to run it as");
  }
  chownSync(dir, uid, id("-g"));
  return (command, args) => ["runuser", ["-u", "postgres", "--", command, ...args]];
}

/** A port free a moment ago may be taken by the time the server binds it: a few tries. */
async function startOnFreePort(bin: string, dir: string, data: string, asOwner: AsOwner): Promise<number> {
  const log = join(dir, "server.log");
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const settings = [
      "-c listen_addresses=127.0.0.1",
      `-c port=${port}`,
      `-c unix_socket_directories='${dir}'`,
      "-c max_connections=200",
    ].join(" ");
    try {
      await run(
        ...asOwner(join(bin, "pg_ctl"), ["start", "-w", "-t", "60", "-D", data, "-l", log, "-o", settings]),
      );
      return port;
    } catch (e) {
      if (attempt >= 3) {
        const tail = existsSync(log) ? readFileSync(log, "utf8").slice(-2000) : "";
        throw new Error(`${e instanceof Error ? e.message : String(e)}\n${tail}`);
      }
    }
  }
}

/** A port of 127.0.0.1 that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // pg_ctl start hands the server's output to its log (-l), so these pipes close when pg_ctl ends.
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} failed (${code}): ${out.slice(-2000)}`));
    });
  });
}
