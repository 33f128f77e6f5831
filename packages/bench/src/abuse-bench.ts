import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GameContext } from "@tercio/engine";
import type { CreatedGame } from "@tercio/protocol";
import { type RawData, WebSocket } from "ws";
import { LoadRecorder } from "./load-recorder.js";
import { ScriptedGame } from "./scripted-game.js";
import { ServerProcess } from "./server-process.js";
import { gameScript } from "./server-script.js";

export type Attack = "none" | "snapshot flood" | "snapshot flood, never reading";

export interface AbuseRunFigure {
  readonly attack: Attack;
  readonly fairGames: number;
  readonly attackers: number;
  readonly seconds: number;
  /** The fair games' acknowledgements within the window, and their latency. */
  readonly actionsPerSecond: number;
  readonly ackMs: { readonly p50: number; readonly p99: number; readonly max: number };
  /** Bytes the attackers received (0 for those that never read). */
  readonly attackerMbPerSecond: number;
  /** The server's resident memory: before the attack, its peak during the window, and 3 s after the attackers left. */
  readonly rssBeforeMb: number;
  readonly rssPeakMb: number;
  readonly rssAfterMb: number;
  readonly health: Record<string, unknown>;
  readonly errors: number;
  readonly errorSamples: readonly string[];
}

export interface AbuseFigure {
  readonly scenario: string;
  readonly windowSeconds: number;
  readonly runs: readonly AbuseRunFigure[];
  /** Under each attack, the fair games' rate and p99 over the unloaded run's (the target: within 20%). */
  readonly ratios: readonly { readonly attack: Attack; readonly rate: number; readonly p99: number }[];
}

/** The attack the security review made: 62 spectator sockets from one address, each asking for a snapshot 20 times a second. */
const ATTACKERS = 62;
const REQUESTS_PER_SECOND = 20;
const FAIR_GAMES = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Section 6: what one address can do to everyone else. Ten fair Lutzen
 * games played by scripted clients, alone, then beside 62 spectator sockets
 * flooding snapshot requests (and wrong hash reports) within the default
 * message limits, reading what they get or never reading it. The server
 * runs with its default budgets of bytes sent; each run is a fresh process.
 */
export async function abuseBench(
  ctx: GameContext,
  quick: boolean,
  onRun: (run: AbuseRunFigure) => void,
): Promise<AbuseFigure> {
  const script = gameScript(ctx);
  const windowSeconds = quick ? 4 : 10;
  const runs: AbuseRunFigure[] = [];
  for (const attack of ["none", "snapshot flood", "snapshot flood, never reading"] as const) {
    const run = await abuseRun(script, attack, windowSeconds);
    runs.push(run);
    onRun(run);
  }
  const base = runs[0];
  const ratios = runs.slice(1).map((r) => ({
    attack: r.attack,
    rate: base ? r.actionsPerSecond / base.actionsPerSecond : Number.NaN,
    p99: base ? r.ackMs.p99 / base.ackMs.p99 : Number.NaN,
  }));
  return { scenario: script.scenario, windowSeconds, runs, ratios };
}

async function abuseRun(
  script: ReturnType<typeof gameScript>,
  attack: Attack,
  windowSeconds: number,
): Promise<AbuseRunFigure> {
  const dir = mkdtempSync(join(tmpdir(), "tercio-abuse-"));
  let server: ServerProcess | undefined;
  const games: ScriptedGame[] = [];
  const attackers: WebSocket[] = [];
  try {
    server = await ServerProcess.start(join(dir, "games.sqlite"), "FULL", true);
    const recorder = new LoadRecorder(performance.now());
    let watched: CreatedGame | undefined;
    for (let i = 0; i < FAIR_GAMES; i++) {
      const g = new ScriptedGame(server.url, script, recorder);
      const created = await g.create();
      watched ??= created;
      await g.connect(created);
      games.push(g);
    }
    recorder.running = true;
    for (const g of games) g.start();
    await sleep(2000);
    const running = server;
    const rssBeforeMb = running.rssMb();
    let received = 0;
    let flood: NodeJS.Timeout | undefined;
    if (attack !== "none" && watched) {
      const url = new URL("ws", server.url);
      url.protocol = "ws:";
      const hello = JSON.stringify({
        type: "hello",
        protocol: 1,
        game: watched.game.id,
        token: watched.tokens.spectator,
        lastSeq: 0,
      });
      for (let i = 0; i < ATTACKERS; i++) {
        const ws = new WebSocket(url.href, { perMessageDeflate: false });
        ws.on("error", () => undefined);
        ws.on("open", () => {
          ws.send(hello);
          if (attack === "snapshot flood, never reading") ws.pause();
        });
        ws.on("message", (data: RawData) => {
          received += (data as Buffer).length;
        });
        attackers.push(ws);
      }
      flood = setInterval(() => {
        for (const [i, ws] of attackers.entries()) {
          if (ws.readyState !== WebSocket.OPEN) continue;
          ws.send(i % 4 === 0 ? '{"type":"hash","seq":1,"hash":"0123456789abcdef"}' : '{"type":"sync"}');
        }
      }, 1000 / REQUESTS_PER_SECOND);
    }
    let rssPeakMb = rssBeforeMb;
    const sampler = setInterval(() => {
      rssPeakMb = Math.max(rssPeakMb, running.rssMb());
    }, 250);
    const t0 = performance.now();
    recorder.measuring = true;
    await sleep(windowSeconds * 1000);
    recorder.measuring = false;
    const seconds = (performance.now() - t0) / 1000;
    recorder.running = false;
    if (flood) clearInterval(flood);
    for (const ws of attackers) ws.terminate();
    await sleep(3000);
    clearInterval(sampler);
    const rssAfterMb = running.rssMb();
    const health = (await (await fetch(new URL("api/health", server.url))).json()) as Record<string, unknown>;
    if (health.ok !== true) recorder.error(`GET /api/health answered ${JSON.stringify(health)}`);
    if (server.exited !== undefined) recorder.error(`the server exited during the run (${server.exited})`);
    return {
      attack,
      fairGames: FAIR_GAMES,
      attackers: attack === "none" ? 0 : ATTACKERS,
      seconds,
      actionsPerSecond: recorder.acks / seconds,
      ackMs: recorder.latency(),
      attackerMbPerSecond: received / 1e6 / seconds,
      rssBeforeMb,
      rssPeakMb,
      rssAfterMb,
      health,
      errors: recorder.errors,
      errorSamples: recorder.errorSamples(),
    };
  } finally {
    for (const g of games) g.close();
    for (const ws of attackers) ws.terminate();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
