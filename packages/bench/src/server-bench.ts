import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createRng, rngInt } from "@tercio/ai";
import type { Hashing } from "@tercio/core";
import type { GameContext } from "@tercio/musket-and-pike";
import { LoadRecorder } from "./load-recorder.js";
import { ScriptedGame } from "./scripted-game.js";
import { CLI, filesystemOf, ServerProcess, type SyncMode } from "./server-process.js";
import { gameScript } from "./server-script.js";

export interface ServerRunFigure {
  /** Which server: this build, or the peer build measured beside it (TERCIO_BENCH_PEER_CLI). */
  readonly build: string;
  /** closed: each seat acts the moment it may; thinking: each waits a drawn time first, as people do. */
  readonly mode: "closed" | "thinking";
  readonly sync: SyncMode;
  readonly games: number;
  readonly connections: number;
  /** Seconds to create the games and connect their sockets, before the warm-up. */
  readonly setupSeconds: number;
  /** The measured window (after the warm-up). */
  readonly seconds: number;
  /** Actions acknowledged within the window, and their send-to-ack latency. */
  readonly actions: number;
  readonly actionsPerSecond: number;
  readonly ackMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly gamesCreated: number;
  readonly gamesFinished: number;
  /** The server's peak resident memory during the window, MB. */
  readonly serverRssMb: number;
  /** CPU used during the window, in percent of one core: the server (all its threads), and this bench's clients. */
  readonly serverCpuPercent: number;
  /** The server's main thread alone: what saturates first. */
  readonly mainThreadCpuPercent: number;
  readonly clientCpuPercent: number;
  /**
   * The longest this bench's own event loop was held during the window, ms:
   * an acknowledgement that arrives then is read late, and its latency
   * counts the bench's stall as the server's. A tail the size of this is
   * the bench's, not the server's.
   */
  readonly benchLoopMaxMs: number;
  /** GET /api/health after the run. */
  readonly health: Record<string, unknown>;
  readonly errors: number;
  readonly errorSamples: readonly string[];
  readonly serverLog: readonly string[];
}

export interface ServerFigure {
  readonly scenario: string;
  readonly scriptActions: number;
  readonly deployActions: number;
  readonly replicaApplyMicros: number;
  readonly replicaHashMicros: Readonly<Record<Hashing, number>>;
  readonly dbDirectory: string;
  readonly dbFilesystem: string;
  readonly think: ThinkTime;
  readonly runs: readonly ServerRunFigure[];
  /** The whole section, wall clock. */
  readonly totalSeconds: number;
}

/** How long a thinking seat waits before each action: uniform between the two. */
export interface ThinkTime {
  readonly minMs: number;
  readonly maxMs: number;
}

export interface RunPlan {
  readonly mode: "closed" | "thinking";
  readonly sync: SyncMode;
  readonly games: number;
  readonly warmupSeconds: number;
  readonly windowSeconds: number;
}

interface Plan {
  readonly runs: readonly RunPlan[];
  readonly think: ThinkTime;
}

/**
 * The most games one server process can hold here with two sockets each: a
 * process may have at most 20,000 open files on this machine (ulimit -Hn;
 * root cannot raise it), and the server needs a few dozen besides its sockets.
 */
export const MAX_THINKING_GAMES = 9_900;

/** A person's pace: an action every 2 to 8 s (5 s on average) while it is their turn. */
const THINK: ThinkTime = { minMs: 2_000, maxMs: 8_000 };
/** The quick run's thinkers, fast enough to be measured in seconds. */
const QUICK_THINK: ThinkTime = { minMs: 200, maxMs: 800 };

/**
 * TERCIO_BENCH_SERVER_CLOSED="100,1000": closed-loop runs (FULL) at these
 * numbers of games; TERCIO_BENCH_SERVER_THINKING="9900": runs of thinking
 * players. Either gives a targeted comparison instead of the whole plan
 * (both: the closed loops, then the thinkers).
 */
function gamesFrom(variable: string): number[] | undefined {
  const text = process.env[variable];
  if (text === undefined || text.trim() === "") return undefined;
  const counts = text.split(",").map((s) => Number(s.trim()));
  for (const n of counts)
    if (!Number.isInteger(n) || n < 1 || n > MAX_THINKING_GAMES)
      throw new Error(
        `${variable} must list numbers of games from 1 to ${MAX_THINKING_GAMES}, not "${text}"`,
      );
  return counts;
}

export function serverPlan(quick: boolean): Plan {
  const closedOnly = gamesFrom("TERCIO_BENCH_SERVER_CLOSED");
  const thinkingOnly = gamesFrom("TERCIO_BENCH_SERVER_THINKING");
  const closed = (sync: SyncMode, games: number): RunPlan => ({
    mode: "closed",
    sync,
    games,
    warmupSeconds: quick ? 1 : 2,
    windowSeconds: quick ? 4 : 10,
  });
  // The warm-up outlasts the longest wait, so that every seat is in its stride when the window opens.
  const thinking = (games: number, think: ThinkTime): RunPlan => ({
    mode: "thinking",
    sync: "FULL",
    games,
    warmupSeconds: Math.ceil(think.maxMs / 1000) + 2,
    windowSeconds: quick ? 4 : 20,
  });
  if (closedOnly || thinkingOnly) {
    const think = quick ? QUICK_THINK : THINK;
    return {
      runs: [
        ...(closedOnly ?? []).map((games) => closed("FULL", games)),
        ...(thinkingOnly ?? []).map((games) => thinking(games, think)),
      ],
      think,
    };
  }
  if (quick) {
    return {
      runs: [closed("FULL", 10), closed("FULL", 100), thinking(100, QUICK_THINK)],
      think: QUICK_THINK,
    };
  }
  const syncs: SyncMode[] = ["FULL", "NORMAL"];
  return {
    runs: [
      ...syncs.flatMap((sync) => [10, 100, 1000].map((games) => closed(sync, games))),
      ...[10, 100, 1000, MAX_THINKING_GAMES].map((games) => thinking(games, THINK)),
    ],
    think: THINK,
  };
}

interface Build {
  readonly label: string;
  readonly cli: string;
  /** More of `tercio serve`'s options. */
  readonly serveArgs: readonly string[];
}

/**
 * The servers measured, run by run: this build; this build again with the
 * options TERCIO_BENCH_SERVE_ARGS gives ("--room-threads 1", say), so a
 * configuration is compared with the default under the same load and noise;
 * and the peer TERCIO_BENCH_PEER_CLI names (an older build, say).
 */
function builds(): Build[] {
  const ours: Build = { label: "this build", cli: CLI, serveArgs: [] };
  const configured = (process.env.TERCIO_BENCH_SERVE_ARGS ?? "").split(/\s+/).filter((a) => a !== "");
  const peer = process.env.TERCIO_BENCH_PEER_CLI;
  return [
    ours,
    ...(configured.length > 0
      ? [{ ...ours, label: `this build ${configured.join(" ")}`, serveArgs: configured }]
      : []),
    ...(peer ? [{ label: process.env.TERCIO_BENCH_PEER_LABEL ?? "peer", cli: peer, serveArgs: [] }] : []),
  ];
}

/** Sockets opened at once while setting up (and games created at once): a crowd, not a stampede. */
const BATCH = 50;
const DRAIN_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Section 5: the online server under N concurrent games, each played by two
 * scripted clients over loopback, one fresh server process and SQLite file
 * per run: a closed loop (each seat acts as soon as it may), then players
 * who think before each action.
 */
export async function serverBench(
  ctx: GameContext,
  quick: boolean,
  seed: number,
  onRun: (run: ServerRunFigure) => void,
): Promise<ServerFigure> {
  const started = performance.now();
  const plan = serverPlan(quick);
  const script = gameScript(ctx);
  const runs: ServerRunFigure[] = [];
  for (const run of plan.runs)
    for (const build of builds()) {
      const figure = await loadRun(script, run, plan.think, build, seed);
      runs.push(figure);
      onRun(figure);
    }
  return {
    scenario: script.scenario,
    scriptActions: script.steps.length,
    deployActions: script.deployActions,
    replicaApplyMicros: script.replicaApplyMicros,
    replicaHashMicros: script.replicaHashMicros,
    dbDirectory: tmpdir(),
    dbFilesystem: filesystemOf(tmpdir()),
    think: plan.think,
    runs,
    totalSeconds: (performance.now() - started) / 1000,
  };
}

async function loadRun(
  script: ReturnType<typeof gameScript>,
  plan: RunPlan,
  think: ThinkTime,
  build: Build,
  seed: number,
): Promise<ServerRunFigure> {
  const { sync, games: count } = plan;
  const dir = mkdtempSync(join(tmpdir(), "tercio-bench-"));
  let server: ServerProcess | undefined;
  let games: ScriptedGame[] = [];
  try {
    server = await ServerProcess.start(join(dir, "games.sqlite"), sync, false, build.cli, build.serveArgs);
    const recorder = new LoadRecorder(performance.now());
    const url = server.url;
    const rng = createRng(seed);
    const wait =
      plan.mode === "thinking" ? () => think.minMs + rngInt(rng, think.maxMs - think.minMs + 1) : 0;
    games = Array.from({ length: count }, () => new ScriptedGame(url, script, recorder, wait));
    const setupStart = performance.now();
    // Two sockets a game: BATCH sockets at a time.
    for (let i = 0; i < games.length; i += BATCH / 2) {
      const batch = games.slice(i, i + BATCH / 2);
      await Promise.all(
        batch.map((g) =>
          g
            .create()
            .then((created) => g.connect(created))
            .catch((e: unknown) => recorder.error(`setting up a game: ${(e as Error).message}`)),
        ),
      );
    }
    const setupSeconds = (performance.now() - setupStart) / 1000;

    recorder.running = true;
    for (const g of games) g.start();
    await sleep(plan.warmupSeconds * 1000);

    const running = server;
    let peakRss = running.rssMb();
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, running.rssMb());
    }, 250);
    const cpu = server.cpuSeconds();
    const mainCpu = server.mainThreadCpuSeconds();
    const client = process.cpuUsage();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const t0 = performance.now();
    recorder.measuring = true;
    await sleep(plan.windowSeconds * 1000);
    recorder.measuring = false;
    loop.disable();
    const seconds = (performance.now() - t0) / 1000;
    const serverCpu = server.cpuSeconds() - cpu;
    const mainThreadCpu = server.mainThreadCpuSeconds() - mainCpu;
    const clientCpu = process.cpuUsage(client);
    clearInterval(sampler);
    recorder.running = false;

    await drain(games, recorder);
    const health = await healthOf(server.url, recorder);
    if (server.exited !== undefined) recorder.error(`the server exited during the run (${server.exited})`);
    const latency = recorder.latency();
    return {
      build: build.label,
      mode: plan.mode,
      sync,
      games: count,
      connections: 2 * count,
      setupSeconds,
      seconds,
      actions: recorder.acks,
      actionsPerSecond: recorder.acks / seconds,
      ackMs: latency,
      gamesCreated: recorder.gamesCreated,
      gamesFinished: recorder.gamesFinished,
      serverRssMb: peakRss,
      serverCpuPercent: (100 * serverCpu) / seconds,
      mainThreadCpuPercent: (100 * mainThreadCpu) / seconds,
      clientCpuPercent: (clientCpu.user + clientCpu.system) / 1e4 / seconds,
      benchLoopMaxMs: loop.max / 1e6,
      health,
      errors: recorder.errors + server.logLines.length,
      errorSamples: recorder.errorSamples(),
      serverLog: server.logLines.slice(0, 8),
    };
  } finally {
    for (const g of games) g.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits for the actions still in flight when the window closed (none may be lost). */
async function drain(games: readonly ScriptedGame[], recorder: LoadRecorder): Promise<void> {
  const until = performance.now() + DRAIN_MS;
  while (performance.now() < until) {
    if (games.every((g) => g.idle)) return;
    await sleep(20);
  }
  const stuck = games.filter((g) => !g.idle).length;
  recorder.error(`${stuck} games still waited for an acknowledgement ${DRAIN_MS / 1000} s after the window`);
}

/** GET /api/health: the server must be up, and must have refused nothing and seen no hash mismatch. */
async function healthOf(base: string, recorder: LoadRecorder): Promise<Record<string, unknown>> {
  try {
    const response = await fetch(new URL("api/health", base));
    const health = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200 || health.ok !== true)
      recorder.error(`GET /api/health answered ${response.status}: ${JSON.stringify(health)}`);
    if (health.refused !== 0) recorder.error(`the server counted ${String(health.refused)} refused messages`);
    if (health.mismatches !== 0)
      recorder.error(`the server counted ${String(health.mismatches)} hash mismatches`);
    return health;
  } catch (e) {
    recorder.error(`GET /api/health failed: ${(e as Error).message}`);
    return {};
  }
}
