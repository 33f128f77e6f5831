/**
 * Section 9: the browser game while the AI plays the biggest battle. Lutzen,
 * the strong AI on both sides, in Debian's Chromium against the built game
 * (`npm run build` first). Wall-clock frames suffer from whatever else the
 * machine runs, so the page's own work is also read from Chromium's trace as
 * thread CPU time (`tdur`): what one AI action costs the page, whatever the load.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const CHROMIUM = process.env.TERCIO_CHROMIUM ?? "/usr/bin/chromium";
/** The built game to serve: packages/web/dist, or another build (TERCIO_BENCH_WEB) to compare two side by side. */
const WEB = process.env.TERCIO_BENCH_WEB ?? join(ROOT, "packages/web/dist");
// TERCIO_BENCH_TRACE=FILE writes the run's trace to FILE; TERCIO_BENCH_PROFILE=FILE a CPU profile of the page.

export interface BrowserFigure {
  readonly scenario: string;
  readonly seed: number;
  /** The time measured: the window given, or less where the game ended in it (only play is measured). */
  readonly seconds: number;
  /** Whether the game ended within the window (its end stops the measurement). */
  readonly ended: boolean;
  /** The AI's actions the page played in the measured time (the log's action numbers). */
  readonly aiActions: number;
  /** The page's main-thread CPU per AI action (ms): everything it did, divided by the actions. */
  readonly cpuPerActionMs: number;
  /** The longest main-thread task, in thread CPU time (ms). */
  readonly worstTaskCpuMs: number;
  /** Tasks over 50 ms of thread CPU time. */
  readonly tasksOver50CpuMs: number;
  /** Frames (requestAnimationFrame gaps, wall clock) over 50 ms, of all frames. */
  readonly framesOver50: number;
  readonly frames: number;
  readonly worstFrameMs: number;
  /** The 95th and 99th percentiles of the frames, ms. */
  readonly frameP95Ms: number;
  readonly frameP99Ms: number;
  /** Frames over 33 ms (two frames' time at 60 Hz). */
  readonly framesOver33: number;
  /**
   * Frames over 50 ms after the game's first second, and the longest of them: the opening (the sheet
   * drawn and decoded, the AI's worker starting) apart from the play itself.
   */
  readonly framesOver50AfterOpening: number;
  readonly worstFrameAfterOpeningMs: number;
  /**
   * Each Player-Turn the AI completed in the measured time: "1 Imperialists", its wall-clock ms, the AI's
   * actions in it, and the longest main-thread task in it (thread CPU, ms).
   */
  readonly playerTurns: readonly PlayerTurn[];
}

/**
 * Records every frame's gap from the one before (requestAnimationFrame), from the page's start, and when
 * it ended (`__frameEnds`, the page's clock).
 */
const FRAME_RECORDER = `window.__frames = [];
window.__frameEnds = [];
let last = performance.now();
const loop = (t) => { window.__frames.push(t - last); window.__frameEnds.push(t); last = t; requestAnimationFrame(loop); };
requestAnimationFrame(loop);`;

/**
 * The number of entries in the game's log, as the game screen carries it (`data-entries`, drawn with the
 * board): what the AI has played, read from the game itself (a count of the page's message tasks would
 * count React's own scheduling messages as well; the log's own lines follow the board a frame behind).
 */
const ACTION_NUMBER = `Number(document.querySelector('[data-testid="game-screen"]')?.getAttribute("data-entries") ?? 0)`;

/** Whether the game is over: its end stops the measurement (an ended game's idle frames are not play). */
const GAME_OVER = `(document.querySelector('[data-testid="phase"]')?.textContent ?? "").startsWith("Game over")`;

/** The Game-Turn and the side to act, as the phase bar shows them: "1 Imperialists". */
const TURN_TEXT = `(document.querySelector('[data-testid="game-turn"]')?.textContent ?? "") + " " + (document.querySelector(".phase-bar .side")?.textContent ?? "")`;

export interface PlayerTurn {
  readonly turn: string;
  readonly ms: number;
  readonly actions: number;
  readonly worstTaskCpuMs: number;
}

export type BrowserReport = { readonly skipped: string } | BrowserFigure;

function serve(db: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [join(ROOT, "packages/cli/dist/main.js"), "serve", "--port", "0", "--db", db, "--web", WEB],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve({ url: m[1], child });
    });
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
  });
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  /** Start, wall clock, in microseconds of the trace's clock. */
  readonly ts: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

export async function browserBench(opts: { seed: number; quick: boolean }): Promise<BrowserReport> {
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM}` };
  if (!existsSync(join(WEB, "index.html")))
    return { skipped: "the web game is not built: run npm run build first" };
  const seconds = opts.quick ? 15 : 60;
  const db = join(mkdtempSync(join(tmpdir(), "tercio-bench-")), "games.sqlite");
  const { url, child } = await serve(db);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    // Page scripts as text: this package is compiled without the DOM's types.
    await page.addInitScript(FRAME_RECORDER);
    await page.goto(url);
    await page.locator('[data-scenario="lutzen"]').click();
    await page.getByTestId("first-controller").selectOption("strong");
    await page.getByTestId("second-controller").selectOption("strong");
    await page.getByTestId("seed").fill(String(opts.seed));
    await page.getByTestId("start").click();
    await page.getByTestId("board").waitFor();
    const cdp = await page.context().newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (d) => events.push(...(d.value as unknown as TraceEvent[])));
    const complete = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
    await page.evaluate("window.__frames = []; window.__frameEnds = []; window.__opened = performance.now()");
    await cdp.send("Tracing.start", {
      categories: "devtools.timeline,disabled-by-default-devtools.timeline",
      transferMode: "ReportEvents",
    });
    await page.evaluate(MARK);
    // TERCIO_BENCH_PROFILE=FILE: a CPU profile of the page's scripts too (read best on an unminified build).
    const profile = process.env.TERCIO_BENCH_PROFILE;
    if (profile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.start");
    }
    // Each change of Player-Turn, on the page's own clock (the trace's clock is another: see `offset`).
    const turns: { turn: string; ms: number; from: number; to: number; actions: number }[] = [];
    const turnOf = () => page.evaluate<string>(TURN_TEXT);
    const actionOf = () => page.evaluate<number>(ACTION_NUMBER);
    const firstAction = await actionOf();
    let turnAction = firstAction;
    const pageNow = () => page.evaluate<number>("performance.timeOrigin + performance.now()");
    let turn = await turnOf();
    let since = performance.now();
    let sincePage = await pageNow();
    const started = performance.now();
    const until = since + seconds * 1000;
    let ended = false;
    while (performance.now() < until && !ended) {
      await page.waitForTimeout(100);
      ended = await page.evaluate<boolean>(GAME_OVER);
      const now = await turnOf();
      if (now !== turn && !ended) {
        const at = await pageNow();
        const action = await actionOf();
        turns.push({
          turn,
          ms: Math.round(performance.now() - since),
          from: sincePage,
          to: at,
          actions: action - turnAction,
        });
        turnAction = action;
        turn = now;
        since = performance.now();
        sincePage = at;
      }
    }
    const lastAction = await actionOf();
    // The frames of play only: read at once, before the trace is collected (an ended game's page stands idle).
    const { frames, frameEnds, opened } = await page.evaluate<{
      frames: number[];
      frameEnds: number[];
      opened: number;
    }>("({ frames: window.__frames, frameEnds: window.__frameEnds, opened: window.__opened })");
    const afterOpening = frames.filter((_, i) => (frameEnds[i] ?? 0) - opened > 1000);
    const measured = (performance.now() - started) / 1000;
    if (profile) writeFileSync(profile, JSON.stringify((await cdp.send("Profiler.stop")).profile));
    await cdp.send("Tracing.end");
    await complete;
    // The whole trace, for a closer look at a run (chrome://tracing or Perfetto read it).
    if (process.env.TERCIO_BENCH_TRACE)
      writeFileSync(process.env.TERCIO_BENCH_TRACE, JSON.stringify({ traceEvents: events }));
    const threads = new Map<string, string>();
    for (const e of events)
      if (e.name === "thread_name") threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
    const onMain = (e: TraceEvent) => threads.get(`${e.pid}:${e.tid}`) === "CrRendererMain";
    const tasks = events.filter(
      (e) => e.ph === "X" && e.name === "RunTask" && onMain(e) && e.tdur !== undefined,
    );
    const cpu = tasks.map((e) => (e.tdur ?? 0) / 1000);
    const aiActions = lastAction - firstAction;
    // The trace's clock against the page's: the page marks both at once (a trace event with its own time).
    const offset = traceOffset(events);
    const within = <T extends TraceEvent>(list: readonly T[], t: { from: number; to: number }) =>
      list.filter((e) => e.ts / 1000 - offset >= t.from && e.ts / 1000 - offset < t.to);
    const total = cpu.reduce((a, b) => a + b, 0);
    return {
      scenario: "lutzen",
      seed: opts.seed,
      seconds: Math.round(measured * 10) / 10,
      ended,
      aiActions,
      cpuPerActionMs: aiActions > 0 ? total / aiActions : 0,
      worstTaskCpuMs: Math.max(0, ...cpu),
      tasksOver50CpuMs: cpu.filter((c) => c > 50).length,
      framesOver50: frames.filter((f) => f > 50).length,
      frames: frames.length,
      worstFrameMs: Math.max(0, ...frames),
      frameP95Ms: percentile(frames, 0.95),
      frameP99Ms: percentile(frames, 0.99),
      framesOver33: frames.filter((f) => f > 33.4).length,
      framesOver50AfterOpening: afterOpening.filter((f) => f > 50).length,
      worstFrameAfterOpeningMs: Math.max(0, ...afterOpening),
      // The first entry is the opening (set-up), not a Player-Turn of play.
      playerTurns: turns.slice(1).map((t) => ({
        turn: t.turn,
        ms: t.ms,
        actions: t.actions,
        worstTaskCpuMs: Math.max(0, ...within(tasks, t).map((e) => (e.tdur ?? 0) / 1000)),
      })),
    };
  } finally {
    await browser.close();
    if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
  }
}

/** The `q` quantile of `values` (nearest rank), 0 for none. */
function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

/**
 * The page's clock (performance.timeOrigin + now, ms) minus the trace's (ts, µs, as ms): the page writes
 * its time into a console.timeStamp-like mark when the bench starts tracing (`MARK`).
 */
function traceOffset(events: readonly TraceEvent[]): number {
  const mark = events.find((e) => e.name === "TimeStamp" && markTime(e) !== undefined);
  const t = mark ? markTime(mark) : undefined;
  return mark && t !== undefined ? mark.ts / 1000 - t : 0;
}

function markTime(e: TraceEvent): number | undefined {
  const m = /^tercio-bench@([\d.]+)$/.exec(
    (e.args as { data?: { message?: string } } | undefined)?.data?.message ?? "",
  );
  return m?.[1] ? Number(m[1]) : undefined;
}

/** Marks the page's time in the trace: the page's clock and the trace's, side by side. */
const MARK = `console.timeStamp("tercio-bench@" + (performance.timeOrigin + performance.now()))`;

export function formatBrowserReport(r: BrowserReport): string {
  if ("skipped" in r) return `Skipped: ${r.skipped}.`;
  const turns = r.playerTurns
    .map(
      (t) =>
        `${t.turn.trim()}: ${(t.ms / 1000).toFixed(1)} s, ${t.actions} actions, longest task ${t.worstTaskCpuMs.toFixed(0)} ms of CPU`,
    )
    .join("; ");
  return [
    `Lutzen, seed ${r.seed}, the strong AI on both sides, ${r.seconds} s of play in Chromium (1366x768, no GPU)${r.ended ? ", to the game's end" : ""}.`,
    `AI actions played by the page: ${r.aiActions}; the page's main-thread CPU per action: ${r.cpuPerActionMs.toFixed(1)} ms.`,
    `Longest main-thread task: ${r.worstTaskCpuMs.toFixed(0)} ms of CPU; tasks over 50 ms of CPU: ${r.tasksOver50CpuMs}.`,
    `Frames (wall clock, load included): ${r.frames}, of which over 33 ms: ${r.framesOver33}, over 50 ms: ${r.framesOver50}; 95th percentile ${r.frameP95Ms.toFixed(0)} ms, 99th ${r.frameP99Ms.toFixed(0)} ms, longest ${r.worstFrameMs.toFixed(0)} ms; after the first second measured (the game's opening), over 50 ms: ${r.framesOver50AfterOpening}, longest ${r.worstFrameAfterOpeningMs.toFixed(0)} ms.`,
    `AI Player-Turns completed (wall clock, thinking in the worker included): ${turns || "none in the time"}.`,
  ].join("\n");
}
