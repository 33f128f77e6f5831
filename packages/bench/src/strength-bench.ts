import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { CLI } from "./server-process.js";
import { table } from "./table.js";

/**
 * Issue 19's targets for the strong AI, judged by `tercio arena` (all 18
 * scenarios, each seed with the sides swapped): against greedy, 85% of the
 * games overall and 60% in every scenario where a game can be won; the
 * candidate (`strong-rollouts`) against today's strong, 60% of the score.
 */
export const STRENGTH_TARGETS = {
  overallWinRate: 0.85,
  scenarioWinRate: 0.6,
  headToHeadScore: 0.6,
} as const;

/** The bench's seeds for these matches are its base seed plus this: fresh, not the seeds the AI was tuned on. */
export const FRESH_SEED_OFFSET = 8000;

export interface Record3 {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly games: number;
}

export interface MatchFigure {
  readonly a: string;
  readonly b: string;
  readonly gamesPerSide: number;
  readonly seed: number;
  readonly overall: Record3 & { readonly asFirst: Record3; readonly asSecond: Record3 };
  readonly scenarios: readonly (Record3 & { readonly id: string; readonly name: string })[];
  readonly meanDecisionMs: { readonly a: number; readonly b: number };
  readonly maxDecisionMs: { readonly a: number; readonly b: number };
  readonly errors: number;
  readonly seconds: number;
}

export interface StrengthFigure {
  readonly againstGreedy: MatchFigure;
  readonly headToHead: MatchFigure;
}

const run = promisify(execFile);

/**
 * Section 11: the two matches, each by the CLI's arena in a child process
 * (two worker threads), read back from its JSON report.
 */
export async function strengthBench(seed: number, gamesPerSide: number): Promise<StrengthFigure> {
  const first = seed + FRESH_SEED_OFFSET;
  return {
    againstGreedy: await arena("strong", "greedy", first, gamesPerSide),
    headToHead: await arena("strong-rollouts", "strong", first, gamesPerSide),
  };
}

async function arena(a: string, b: string, seed: number, gamesPerSide: number): Promise<MatchFigure> {
  const dir = mkdtempSync(join(tmpdir(), "tercio-strength-"));
  const out = join(dir, "arena.json");
  try {
    const args = [CLI, "arena", a, b, "--games", String(gamesPerSide), "--seed", String(seed)];
    await run(process.execPath, [...args, "--workers", "2", "--out", out, "--no-progress"], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return matchFigure(a, b, gamesPerSide, seed, JSON.parse(readFileSync(out, "utf8")));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the section reads of an arena report (format tercio/arena@2); throws if it is not one. */
export function matchFigure(
  a: string,
  b: string,
  gamesPerSide: number,
  seed: number,
  report: unknown,
): MatchFigure {
  const r = report as ArenaReport;
  if (r?.format !== "tercio/arena@2" || r.a !== a || r.b !== b || !Array.isArray(r.scenarios))
    throw new Error(`the arena wrote no report of ${a} against ${b} (format ${String(r?.format)})`);
  return {
    a,
    b,
    gamesPerSide,
    seed,
    overall: {
      ...record(r.overall),
      asFirst: record(r.overall.asFirst),
      asSecond: record(r.overall.asSecond),
    },
    scenarios: r.scenarios.map((s) => ({ id: s.id, name: s.name, ...record(s) })),
    meanDecisionMs: { a: r.timing.a.meanMs, b: r.timing.b.meanMs },
    maxDecisionMs: { a: r.timing.a.maxMs, b: r.timing.b.maxMs },
    errors: r.overall.errors,
    seconds: r.timing.elapsedMs / 1000,
  };
}

interface ArenaRecord extends Record3 {
  readonly errors: number;
  readonly asFirst: Record3;
  readonly asSecond: Record3;
}

interface ArenaReport {
  readonly format: string;
  readonly a: string;
  readonly b: string;
  readonly overall: ArenaRecord;
  readonly scenarios: readonly (ArenaRecord & { readonly id: string; readonly name: string })[];
  readonly timing: {
    readonly elapsedMs: number;
    readonly a: { readonly meanMs: number; readonly maxMs: number };
    readonly b: { readonly meanMs: number; readonly maxMs: number };
  };
}

function record(r: Record3): Record3 {
  return { wins: r.wins, draws: r.draws, losses: r.losses, games: r.games };
}

const percent = (x: number) => `${Math.round(100 * x)}%`;
const wdl = (r: Record3) => `${r.wins}-${r.draws}-${r.losses}`;
const winRate = (r: Record3) => (r.games === 0 ? 0 : r.wins / r.games);
const score = (r: Record3) => (r.games === 0 ? 0 : (r.wins + r.draws / 2) / r.games);
const verdict = (met: boolean) => (met ? "met" : "NOT MET");

/** The section's report: each figure beside its target. */
export function formatStrengthReport(f: StrengthFigure): string {
  const g = f.againstGreedy;
  const h = f.headToHead;
  const lines: string[] = [];
  lines.push(
    `${g.a} against ${g.b}: all ${g.scenarios.length} scenarios, ${g.gamesPerSide} game(s) per side on each, seeds ${g.seed}..${g.seed + g.gamesPerSide - 1}, sides swapped (${g.overall.games} games, ${g.seconds.toFixed(0)} s, ${g.errors} errors)`,
  );
  // A scenario no game of which was won or lost gives no win to judge: its target is not counted.
  const judged = g.scenarios.filter((s) => s.wins + s.losses > 0);
  const below = judged.filter((s) => winRate(s) < STRENGTH_TARGETS.scenarioWinRate);
  lines.push(
    table(
      ["scenario", "games", "W-D-L", "win rate", `target >= ${percent(STRENGTH_TARGETS.scenarioWinRate)}`],
      g.scenarios.map((s) => [
        `${s.id} ${s.name}`,
        s.games,
        wdl(s),
        percent(winRate(s)),
        s.wins + s.losses === 0
          ? "(every game drawn)"
          : verdict(winRate(s) >= STRENGTH_TARGETS.scenarioWinRate),
      ]),
    ),
  );
  lines.push(
    `Overall ${wdl(g.overall)}: win rate ${percent(winRate(g.overall))} (target >= ${percent(STRENGTH_TARGETS.overallWinRate)}: ${verdict(winRate(g.overall) >= STRENGTH_TARGETS.overallWinRate)}); as First Player ${percent(winRate(g.overall.asFirst))}, as Second ${percent(winRate(g.overall.asSecond))}.`,
  );
  lines.push(
    `Scenarios at or above ${percent(STRENGTH_TARGETS.scenarioWinRate)}: ${judged.length - below.length} of ${judged.length} with a decisive game (${verdict(below.length === 0)}).`,
  );
  lines.push(
    `Time per decision: ${g.a} mean ${g.meanDecisionMs.a.toFixed(1)} ms (max ${g.maxDecisionMs.a.toFixed(0)} ms), ${g.b} ${g.meanDecisionMs.b.toFixed(1)} ms.`,
  );
  lines.push(
    `Head to head, ${h.a} against today's ${h.b} (${h.overall.games} games, the same seeds, ${h.errors} errors): ${wdl(h.overall)}, score ${score(h.overall).toFixed(2)} (target >= ${STRENGTH_TARGETS.headToHeadScore.toFixed(2)}: ${verdict(score(h.overall) >= STRENGTH_TARGETS.headToHeadScore)}); time per decision ${h.meanDecisionMs.a.toFixed(1)} ms against ${h.meanDecisionMs.b.toFixed(1)} ms.`,
  );
  return lines.join("\n");
}
