import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { GameContext } from "@tercio/musket-and-pike";
import type { CreatedGame } from "@tercio/protocol";
import { LoadRecorder } from "./load-recorder.js";
import { ScriptedGame } from "./scripted-game.js";
import { ServerProcess } from "./server-process.js";
import { gameScript } from "./server-script.js";

export type Attack = "none" | "snapshot flood" | "snapshot flood, never reading";
/** Where the attackers are: spectators of a game of their own, or of one of the fair games (whose every event they are sent too). */
export type Target = "own game" | "a fair game";

export interface AbuseRunFigure {
  readonly attack: Attack;
  readonly target: Target;
  readonly fairGames: number;
  readonly attackers: number;
  readonly seconds: number;
  /** The fair games' acknowledgements within the window, and their latency. */
  readonly actionsPerSecond: number;
  /** Each fair game's acknowledged actions in the window (a game held up stands out). */
  readonly perGameActions: readonly number[];
  readonly ackMs: { readonly p50: number; readonly p99: number; readonly max: number };
  /** Bytes the attackers received (0 for those that never read). */
  readonly attackerMbPerSecond: number;
  /** The server's resident memory: before the attack, its peak during the window, and 3 s after the attackers left. */
  readonly rssBeforeMb: number;
  readonly rssPeakMb: number;
  readonly rssAfterMb: number;
  /** CPU in percent of one core over the window: the server's, the fair clients' (this process), the attacker's. */
  readonly serverCpuPercent: number;
  readonly fairClientCpuPercent: number;
  readonly attackerCpuPercent: number;
  readonly health: Record<string, unknown>;
  readonly errors: number;
  readonly errorSamples: readonly string[];
}

export interface AbuseFigure {
  readonly scenario: string;
  readonly windowSeconds: number;
  readonly runs: readonly AbuseRunFigure[];
  /** Under each attack, the fair games' rate and p99 over the unloaded run's (the target: within 20%). */
  readonly ratios: readonly {
    readonly attack: Attack;
    readonly target: Target;
    readonly rate: number;
    readonly p99: number;
  }[];
}

/** The attack the security review made: 62 spectator sockets from one address, each asking for a snapshot 20 times a second. */
const ATTACKERS = 62;
const REQUESTS_PER_SECOND = 20;
const FAIR_GAMES = 10;
/** The fair players think a little before each action, as people do: the measure is how long the server keeps them waiting. */
const THINK_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Section 6: what one address can do to everyone else. Ten fair Lutzen
 * games played by scripted clients (each thinking 50 ms before it acts),
 * alone, then beside 62 spectator sockets on one of them
 * flooding snapshot requests (and wrong hash reports) within the default
 * message limits, reading what they get or never reading it. The server
 * runs with its default limits (but games per hour); each run is a fresh
 * process. The attackers come from 127.0.0.2, each fair game's players from
 * an address of their own in 127.0.1.0/24.
 */
export async function abuseBench(
  ctx: GameContext,
  quick: boolean,
  onRun: (run: AbuseRunFigure) => void,
): Promise<AbuseFigure> {
  const script = gameScript(ctx);
  const windowSeconds = quick ? 4 : 10;
  const runs: AbuseRunFigure[] = [];
  const plan: [Attack, Target][] = [
    ["none", "own game"],
    ["snapshot flood", "own game"],
    ["snapshot flood, never reading", "own game"],
    ["snapshot flood", "a fair game"],
    ["snapshot flood, never reading", "a fair game"],
  ];
  for (const [attack, target] of plan) {
    const run = await abuseRun(script, attack, target, windowSeconds);
    runs.push(run);
    onRun(run);
  }
  const base = runs[0];
  const ratios = runs.slice(1).map((r) => ({
    attack: r.attack,
    target: r.target,
    rate: base ? r.actionsPerSecond / base.actionsPerSecond : Number.NaN,
    p99: base ? r.ackMs.p99 / base.ackMs.p99 : Number.NaN,
  }));
  return { scenario: script.scenario, windowSeconds, runs, ratios };
}

async function abuseRun(
  script: ReturnType<typeof gameScript>,
  attack: Attack,
  target: Target,
  windowSeconds: number,
): Promise<AbuseRunFigure> {
  const dir = mkdtempSync(join(tmpdir(), "tercio-abuse-"));
  let server: ServerProcess | undefined;
  const games: ScriptedGame[] = [];
  try {
    server = await ServerProcess.start(join(dir, "games.sqlite"), "FULL", true);
    const recorder = new LoadRecorder(performance.now());
    let watched: CreatedGame | undefined;
    for (let i = 0; i < FAIR_GAMES; i++) {
      // Each game's players at an address of their own, as on the internet (the limits are per address).
      const g = new ScriptedGame(server.url, script, recorder, THINK_MS, `127.0.1.${i + 1}`);
      const created = await g.create();
      if (target === "a fair game") watched ??= created;
      await g.connect(created);
      games.push(g);
    }
    // A game of the attackers' own: created, never played.
    if (target === "own game") watched = await new ScriptedGame(server.url, script, recorder).create();
    recorder.running = true;
    for (const g of games) g.start();
    await sleep(2000);
    const running = server;
    const rssBeforeMb = running.rssMb();
    const attacker =
      attack !== "none" && watched
        ? attackFrom(server.url, watched, attack === "snapshot flood" ? "read" : "never-read", windowSeconds)
        : Promise.resolve({ received: 0, cpuSeconds: 0 });
    let rssPeakMb = rssBeforeMb;
    const sampler = setInterval(() => {
      rssPeakMb = Math.max(rssPeakMb, running.rssMb());
    }, 250);
    const cpu = running.cpuSeconds();
    const own = process.cpuUsage();
    const t0 = performance.now();
    recorder.measuring = true;
    await sleep(windowSeconds * 1000);
    recorder.measuring = false;
    const seconds = (performance.now() - t0) / 1000;
    const serverCpu = running.cpuSeconds() - cpu;
    const ownCpu = process.cpuUsage(own);
    recorder.running = false;
    const { received, cpuSeconds: attackerCpu } = await attacker;
    await sleep(3000);
    clearInterval(sampler);
    const rssAfterMb = running.rssMb();
    const health = (await (await fetch(new URL("api/health", server.url))).json()) as Record<string, unknown>;
    if (health.ok !== true) recorder.error(`GET /api/health answered ${JSON.stringify(health)}`);
    if (server.exited !== undefined) recorder.error(`the server exited during the run (${server.exited})`);
    return {
      attack,
      target,
      fairGames: FAIR_GAMES,
      attackers: attack === "none" ? 0 : ATTACKERS,
      seconds,
      actionsPerSecond: recorder.acks / seconds,
      perGameActions: games.map((g) => g.acked),
      ackMs: recorder.latency(),
      attackerMbPerSecond: received / 1e6 / seconds,
      rssBeforeMb,
      rssPeakMb,
      rssAfterMb,
      serverCpuPercent: (100 * serverCpu) / seconds,
      fairClientCpuPercent: (ownCpu.user + ownCpu.system) / 1e4 / seconds,
      attackerCpuPercent: (100 * attackerCpu) / seconds,
      health,
      errors: recorder.errors,
      errorSamples: recorder.errorSamples(),
    };
  } finally {
    for (const g of games) g.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ATTACKER = fileURLToPath(new URL("./abuse-attacker.js", import.meta.url));

/** Runs the attacker (abuse-attacker.ts) in its own process for `seconds`; resolves with the bytes it received. */
function attackFrom(
  base: string,
  game: CreatedGame,
  mode: "read" | "never-read",
  seconds: number,
): Promise<{ received: number; cpuSeconds: number }> {
  const url = new URL("ws", base);
  url.protocol = "ws:";
  const child = spawn(
    process.execPath,
    [
      ATTACKER,
      url.href,
      game.game.id,
      game.tokens.spectator,
      String(ATTACKERS),
      String(REQUESTS_PER_SECOND),
      mode,
      String(seconds),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  return new Promise((resolve) =>
    child.once("exit", () => {
      try {
        resolve(JSON.parse(out) as { received: number; cpuSeconds: number });
      } catch {
        resolve({ received: Number.NaN, cpuSeconds: Number.NaN });
      }
    }),
  );
}
