import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkPostgres,
  HAVE_POSTGRES,
  startTestPostgres,
  type TestPostgres,
} from "../../server/src/test-support/postgres.js";
import type { BalanceReport } from "./balance-report.js";
import { buildId } from "./build-id.js";
import { type ArenaReport, arenaCommand } from "./commands/arena.js";
import { balanceCommand } from "./commands/balance.js";
import { workerCommand } from "./commands/worker.js";
import type { GameTask } from "./games.js";
import { MemoryIo } from "./memory-io.js";
import { parseQueueUrl } from "./queue-database.js";
import { runQueuedGames } from "./queued-games.js";

checkPostgres();

// The workers are the built command, and their games run on its compiled thread script (npm run build).
const main = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const built = existsSync(fileURLToPath(new URL("../dist/queue-thread.js", import.meta.url)));

const quiet = { progressStream: { isTTY: false, write: () => true } };

/** The arena report without its wall-clock parts (timing, each game's time): what a local run fixes too. */
function fixedArena(report: ArenaReport) {
  const { timing: _timing, games, ...rest } = report;
  return { ...rest, games: games.map(({ time: _time, ...g }) => g) };
}

/** The balance report without its one wall-clock part, the time per decision. */
function fixedBalance(report: BalanceReport) {
  const { time: _time, ...rest } = report;
  return rest;
}

/** A `tercio worker` process on the queue, its log kept; fast leases and polls so that the test is short. */
class WorkerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  log = "";

  constructor(url: string, ...extra: string[]) {
    this.child = spawn(
      process.execPath,
      [main, "worker", "--db", url, "--lease", "2", "--poll", "100", ...extra],
      { stdio: "pipe" },
    );
    this.child.stderr.on("data", (d: Buffer) => {
      this.log += d.toString();
    });
  }

  /** Resolves once the log matches. */
  async waitFor(pattern: RegExp, ms = 30_000): Promise<void> {
    const end = Date.now() + ms;
    while (!pattern.test(this.log)) {
      if (this.child.exitCode !== null) throw new Error(`the worker exited:\n${this.log}`);
      if (Date.now() > end) throw new Error(`no ${pattern} in the worker's log:\n${this.log}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Sends the signal and resolves with the exit code (null when killed). */
  stop(signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null)
      return Promise.resolve(this.child.exitCode);
    return new Promise((resolve) => {
      this.child.once("exit", (code) => resolve(code));
      this.child.kill(signal);
    });
  }
}

describe.skipIf(!HAVE_POSTGRES || !built)(
  "arena and balance on a PostgreSQL queue",
  { timeout: 60_000 },
  () => {
    let pg: TestPostgres;
    const workers: WorkerProcess[] = [];
    beforeAll(async () => {
      pg = await startTestPostgres();
    }, 60_000);
    afterAll(async () => {
      await Promise.all(workers.map((w) => w.stop("SIGKILL")));
      await pg?.stop();
    });
    const worker = (url: string, ...extra: string[]) => {
      const w = new WorkerProcess(url, ...extra);
      workers.push(w);
      return w;
    };

    it("two worker processes play an arena run: the report is the local run's, game for game", async () => {
      const url = await pg.database();
      // Brentford (16.31) is the quickest scenario: a few tenths of a second a game.
      const args = { scenarios: "16.31", games: "2", seed: "5", json: true } as const;
      const local = await arenaCommand("random", "greedy", { ...args, workers: "2" }, new MemoryIo(), quiet);
      expect(local.exitCode, local.stderr).toBe(0);

      const a = worker(url);
      // One worker with two threads: three lanes in all.
      const b = worker(url, "--workers", "2");
      const queued = await arenaCommand("random", "greedy", { ...args, db: url }, new MemoryIo(), quiet);
      expect(queued.exitCode, queued.stderr).toBe(0);
      const report = JSON.parse(queued.stdout) as ArenaReport;
      expect(JSON.stringify(fixedArena(report))).toBe(
        JSON.stringify(fixedArena(JSON.parse(local.stdout) as ArenaReport)),
      );
      expect(report.games).toHaveLength(4);
      expect(report.timing.workers).toBeGreaterThanOrEqual(1);
      expect(report.timing.workers).toBeLessThanOrEqual(3);

      // SIGTERM: a clean stop, the totals said.
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
      expect(a.log + b.log).toMatch(/^worker stopped: \d+ games? played, 0 failed/m);
      expect(a.log + b.log).not.toMatch(/failed:/);
    });

    it("a worker killed mid-game loses nothing: its game is played again and the balance report is the local run's", async () => {
      const url = await pg.database();
      const args = { bot: "random", scenarios: "16.31", games: "3", seed: "11", json: true } as const;
      const local = await balanceCommand({ ...args, workers: "1" }, new MemoryIo(), quiet);
      expect(local.exitCode, local.stderr).toBe(0);

      const doomed = worker(url);
      const pending = balanceCommand({ ...args, db: url }, new MemoryIo(), quiet);
      // Its first game starts its thread and loads the system: killed at once, it is surely mid-game.
      await doomed.waitFor(/game 0 .*: playing/);
      expect(await doomed.stop("SIGKILL")).toBeNull();
      const heir = worker(url);
      const queued = await pending;
      expect(queued.exitCode, queued.stderr).toBe(0);
      expect(JSON.stringify(fixedBalance(JSON.parse(queued.stdout) as BalanceReport))).toBe(
        JSON.stringify(fixedBalance(JSON.parse(local.stdout) as BalanceReport)),
      );
      expect(doomed.log).not.toMatch(/game 0: /);
      expect(heir.log).toMatch(/game 0 \(16\.31 seed 11, random against random, attempt 2\): playing/);
      expect(await heir.stop("SIGINT")).toBe(0);
    });

    it("stops a game still playing after --game-timeout and fails it in words; the worker goes on with the next", async () => {
      const url = await pg.database();
      // 2 s, between the two games as this two-core machine plays them: the quick one 0.3 s idle and up to
      // 1.8 s with two CPU hogs beside it, the slow one 4 s idle and longer the more the machine is loaded.
      const w = worker(url, "--game-timeout", "2");
      const target = {
        db: parseQueueUrl(url),
        setup: { system: "musket-and-pike", rules: await builtInRules(), build: buildId() },
      };
      const run = (task: GameTask) =>
        runQueuedGames(target, {
          tasks: [task],
          workers: 1,
          label: "arena timeout",
          progress: false,
          stream: quiet.progressStream,
          interruptedMessage: () => "interrupted",
        });
      // Rollouts on both sides: about 700 decisions of 6 ms.
      const slow: GameTask = {
        scenario: "16.24",
        seed: 1,
        first: "strong-rollouts",
        second: "strong-rollouts",
        options: {},
      };
      await expect(run(slow)).rejects.toThrow(
        /^game 0 \(16\.24 seed 1, strong-rollouts against strong-rollouts\) failed on worker [^:]+:\d+\/1: not finished after 2 s \(--game-timeout\): stopped/,
      );
      const quick = await run({ scenario: "16.31", seed: 3, first: "random", second: "random", options: {} });
      expect(quick.records).toHaveLength(1);
      expect(quick.records[0]?.error).toBeUndefined();
      expect(await w.stop()).toBe(0);
      expect(w.log).toMatch(/^worker stopped: 1 game played, 1 failed, 0 given back to the queue$/m);
    });

    it("refuses a malformed or hostile job in words: the worker goes on, the job is not tried again, the run reports it", async () => {
      const url = await pg.database();
      const lines: string[] = [];
      const stop = new AbortController();
      const serving = workerCommand(
        { db: url, lease: "2", poll: "50" },
        { signal: stop.signal, log: (l) => lines.push(l) },
      );
      const setup = { system: "musket-and-pike", rules: { version: "?", hash: "?" }, build: buildId() };

      try {
        // The command's own run: a task the thread's handler throws on (a scenario the system lacks; an
        // unknown policy, by contrast, makes a game record with its error, as locally) fails the run in words.
        const target = { db: parseQueueUrl(url), setup: { ...setup, rules: await builtInRules() } };
        const task: GameTask = { scenario: "16.31", seed: 1, first: "random", second: "random", options: {} };
        await expect(
          runQueuedGames(target, {
            tasks: [{ ...task, scenario: "99.99" }],
            workers: 1,
            label: "arena hostile",
            progress: false,
            stream: quiet.progressStream,
            interruptedMessage: () => "interrupted",
          }),
        ).rejects.toThrow(
          /^game 0 \(99\.99 seed 1, random against random\) failed on worker [^:]+:\d+\/1: no scenario "99\.99" in musket-and-pike/,
        );
        await hostileRows(url, setup, target.setup.rules, JSON.stringify(task));
      } finally {
        stop.abort();
      }
      const result = await serving;
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/^worker stopped: 0 games played, 8 failed, 0 given back to the queue$/m);
      expect(lines.join("\n")).toMatch(/run bad-tasks game 0: failed: the job's task is not JSON/);
    });
  },
);

/**
 * Rows written by someone else with access to the database: each job is failed
 * for good with the reason in words, and is not tried again.
 */
async function hostileRows(
  url: string,
  setup: { system: string; rules: { version: string; hash: string }; build: string },
  rules: { version: string; hash: string },
  valid: string,
): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO tercio_queue_runs (id, setup, build, waiting_until) VALUES
         ('bad-tasks', $1, $3, now() + interval '1 hour'),
         ('bad-rules', $2, $3, now() + interval '1 hour'),
         ('bad-setup', 'nonsense', $3, now() + interval '1 hour'),
         ('bad-build', $4, $3, now() + interval '1 hour'),
         ('other-build', $5, 'feedfacefeedface', now() + interval '1 hour')`,
      [
        JSON.stringify({ ...setup, rules }),
        JSON.stringify(setup),
        setup.build,
        // The column names this worker's build, the setup another's: a row changed by hand.
        JSON.stringify({ ...setup, rules, build: "feedfacefeedface" }),
        JSON.stringify({ ...setup, rules, build: "feedfacefeedface" }),
      ],
    );
    await client.query(
      `INSERT INTO tercio_queue_jobs (run_id, game, task, state, attempts, lease_until) VALUES
         ('bad-tasks', 0, 'not json', 'queued', 0, NULL),
         ('bad-tasks', 1, '{"scenario":"16.31","seed":"one","first":"random","second":"random","options":{}}', 'queued', 0, NULL),
         ('bad-tasks', 2, '{"scenario":"__proto__","seed":1,"first":"random","second":"random","options":{}}', 'queued', 0, NULL),
         ('bad-tasks', 3, $1, 'running', 5, now() - interval '1 second'),
         ('bad-rules', 0, $1, 'queued', 0, NULL),
         ('bad-setup', 0, $1, 'queued', 0, NULL),
         ('bad-build', 0, $1, 'queued', 0, NULL),
         ('other-build', 0, $1, 'queued', 0, NULL)`,
      [valid],
    );
    const failed = async () =>
      (
        await client.query<{ run_id: string; game: number; error: string }>(
          "SELECT run_id, game, error FROM tercio_queue_jobs WHERE state = 'failed' ORDER BY run_id, game",
        )
      ).rows;
    const end = Date.now() + 20_000;
    while ((await failed()).length < 7 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    const errors = Object.fromEntries((await failed()).map((r) => [`${r.run_id}/${r.game}`, r.error]));
    expect(errors).toEqual({
      "bad-build/0": `this worker is build ${setup.build}, the run's feedfacefeedface: run the same Tercio on every machine`,
      "bad-rules/0": expect.stringMatching(
        /^this worker's musket-and-pike rules data are .*, the run's \? \(\?\): run the same Tercio on every machine$/,
      ),
      "bad-setup/0": "the run's setup is not JSON",
      "bad-tasks/0": "the job's task is not JSON",
      "bad-tasks/1": expect.stringMatching(/^the job's task is malformed \(seed: /),
      "bad-tasks/2": expect.stringMatching(/__proto__/),
      "bad-tasks/3": expect.stringMatching(/^taken 5 times and never finished .*: not tried again$/),
    });
    // Failed for good: a few polls later still failed, and taken no more.
    await new Promise((r) => setTimeout(r, 300));
    const attempts = await client.query<{ n: number }>("SELECT max(attempts) AS n FROM tercio_queue_jobs");
    expect(attempts.rows[0]?.n).toBe(6);
    // Another build's run is left to its own workers: never taken here.
    const other = await client.query<{ state: string; attempts: number }>(
      "SELECT state, attempts FROM tercio_queue_jobs WHERE run_id = 'other-build'",
    );
    expect(other.rows).toEqual([{ state: "queued", attempts: 0 }]);
  } finally {
    await client.end();
  }
}

/** The built-in Musket & Pike rules' version and hash, as a run states them. */
async function builtInRules(): Promise<{ version: string; hash: string }> {
  const { chooseSystem } = await import("./systems.js");
  const { version, hash } = chooseSystem(new MemoryIo(), {}).system.rules;
  return { version, hash };
}

describe("arena, balance and worker refuse a bad --db in words", () => {
  // Port 1 of loopback: nothing listens there, so the connection is refused at once.
  const nowhere = "postgres://tercio:secret@127.0.0.1:1/tercio";

  it.each([
    [
      { db: "games.sqlite" },
      /^tercio: --db must be a PostgreSQL URL, postgres:\/\/user:password@host:5432\/database, not "games.sqlite"$/m,
    ],
    [{ db: "postgres://" }, /^tercio: --db: "postgres:\/\/" names no host$/m],
    [{ db: "postgres://a b:x@[::1/db" }, /^tercio: --db: "the PostgreSQL URL given" is not a valid URL$/m],
    [{ db: nowhere, workers: "2" }, /^tercio: --workers does not go with --db/m],
    [
      { db: nowhere },
      /^tercio: cannot reach the queue at postgres:\/\/tercio:\*\*\*@127\.0\.0\.1:1\/tercio: connection refused/m,
    ],
  ] as const)("arena %j", async (o, message) => {
    const r = await arenaCommand(
      "random",
      "greedy",
      { scenarios: "16.31", games: "1", ...o },
      new MemoryIo(),
      quiet,
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toContain("secret");
  });

  it("balance, unreachable", async () => {
    const r = await balanceCommand({ scenarios: "16.31", games: "1", db: nowhere }, new MemoryIo(), quiet);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(
      /^tercio: cannot reach the queue at postgres:\/\/tercio:\*\*\*@127\.0\.0\.1:1\/tercio: connection refused/m,
    );
  });

  it.each([
    [{ db: "mysql://x/y" }, /^tercio: --db must be a PostgreSQL URL/m],
    [
      { db: nowhere, rules: "my-rules.json" },
      /^tercio: worker: --system and --rules belong to arena and balance/m,
    ],
    [{ db: nowhere, lease: "0" }, /^tercio: --lease must be a whole number from 1 to 86400, not "0"$/m],
    [
      { db: nowhere, gameTimeout: "soon" },
      /^tercio: --game-timeout must be a whole number from 1 to 604800, not "soon"$/m,
    ],
    [{ db: nowhere, poll: "soon" }, /^tercio: --poll must be a whole number/m],
    [
      { db: nowhere },
      /^tercio: cannot reach the queue at postgres:\/\/tercio:\*\*\*@127\.0\.0\.1:1\/tercio: connection refused/m,
    ],
  ] as const)("worker %j", async (o, message) => {
    const r = await workerCommand(o, { signal: new AbortController().signal, log: () => undefined });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(message);
  });
});
