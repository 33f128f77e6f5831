import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { type ArenaReport, arenaCommand } from "./arena.js";

// The games run on worker threads, which run the compiled worker (npm run build, which npm test runs first).
const main = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const built = existsSync(fileURLToPath(new URL("../../dist/game-worker.js", import.meta.url)));

/** A silent progress stream. */
const quiet = { progressStream: { isTTY: false, write: () => true } };

/** The report without its wall-clock parts: what must not depend on the workers. */
function fixed(report: ArenaReport) {
  const { timing: _timing, games, ...rest } = report;
  return { ...rest, games: games.map(({ time: _time, ...g }) => g) };
}

describe.skipIf(!built)("tercio arena", { timeout: 60_000 }, () => {
  // Brentford (16.31) is the quickest scenario: a few tenths of a second a game.
  const options = { scenarios: "16.31", games: "2", seed: "5" };

  it("[16.31] plays random against greedy, each seed twice with the sides swapped, and reports A's results as JSON", async () => {
    const r = await arenaCommand(
      "random",
      "greedy",
      { ...options, workers: "2", json: true },
      new MemoryIo(),
      quiet,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as ArenaReport;
    expect(Object.keys(report)).toEqual([
      "format",
      "system",
      "a",
      "b",
      "gamesPerSide",
      "seed",
      "options",
      "rules",
      "overall",
      "scenarios",
      "timing",
      "games",
    ]);
    expect(report).toMatchObject({
      format: "tercio/arena@2",
      system: "musket-and-pike",
      a: "random",
      b: "greedy",
      gamesPerSide: 2,
      seed: 5,
    });
    expect(report.games.map((g) => [g.index, g.seed, g.aPlays, g.first, g.second])).toEqual([
      [0, 5, "first", "random", "greedy"],
      [1, 5, "second", "greedy", "random"],
      [2, 6, "first", "random", "greedy"],
      [3, 6, "second", "greedy", "random"],
    ]);
    for (const g of report.games) {
      expect(g.winner).toMatch(/^(first|second|draw)$/);
      expect(g.aResult).toBe(g.winner === "draw" ? "draw" : g.winner === g.aPlays ? "win" : "loss");
      expect(g.gameTurns).toBeGreaterThan(0);
      expect(g.time.a.decisions + g.time.b.decisions).toBe(g.actions);
      expect(g.time.a.maxMs).toBeGreaterThanOrEqual(g.time.a.meanMs);
    }
    const { overall } = report;
    expect(overall.games).toBe(4);
    expect(overall.wins + overall.draws + overall.losses).toBe(4);
    expect(overall.asFirst.games + overall.asSecond.games).toBe(4);
    expect(overall.winRate.low).toBeLessThanOrEqual(overall.winRate.estimate);
    expect(overall.score.high).toBeGreaterThanOrEqual(overall.score.estimate);
    expect(report.scenarios).toHaveLength(1);
    expect(report.scenarios[0]).toMatchObject({ id: "16.31", name: "Brentford", games: 4, errors: 0 });
    expect(report.timing.workers).toBe(2);
    expect(report.timing.a.decisions + report.timing.b.decisions).toBe(
      report.games.reduce((n, g) => n + g.actions, 0),
    );

    // The built command with one worker: the same games and results, whatever the number of workers.
    const one = spawnSync(
      process.execPath,
      [
        main,
        "arena",
        "random",
        "greedy",
        "--scenarios",
        "brentford",
        "--games",
        "2",
        "--seed",
        "5",
        "--workers",
        "1",
        "--json",
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(one.status, one.stderr).toBe(0);
    const single = JSON.parse(one.stdout) as ArenaReport;
    expect(single.timing.workers).toBe(1);
    expect(fixed(single)).toEqual(fixed(report));
    // Not a terminal: the progress is plain lines, no control codes.
    expect(one.stderr).toMatch(/^arena random-greedy: 4\/4 \(100%\)/m);
    expect(one.stderr).not.toContain("\r");
  });

  it("prints a text report per scenario and per side, and writes the JSON report with --out", async () => {
    const io = new MemoryIo();
    const r = await arenaCommand(
      "greedy",
      "greedy",
      { ...options, games: "1", out: "arena.json" },
      io,
      quiet,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe(
      "Arena: greedy (A) against greedy (B); 1 scenario, 1 game per side on each (seeds 5 to 5): 2 games",
    );
    expect(r.stdout).toMatch(
      /^greedy \(A\) won \d, drew \d and lost \d of 2: win rate \d+% \[\d+%, \d+%\], score/m,
    );
    expect(r.stdout).toMatch(/^ {2}as First Player: {2}\d-\d-\d, win rate/m);
    expect(r.stdout).toMatch(/^16\.31 Brentford\s+2\s+\d-\d-\d\s+\d+% \[/m);
    expect(r.stdout).toMatch(/^Time per decision: greedy \(A\) mean [\d.]+ ms, max [\d.]+ ms/m);
    expect(r.stdout).toContain("wrote arena.json");
    expect(io.json("arena.json")).toMatchObject({ format: "tercio/arena@2", a: "greedy", b: "greedy" });
  });
});

describe("tercio arena refuses bad options with a clear message", () => {
  it.each([
    [["minimax", "greedy", {}], /^tercio: bot A: unknown policy "minimax"; choose from [a-z, ]*greedy/],
    [["greedy", "Random", {}], /^tercio: bot B: unknown policy "Random"/],
    [
      ["greedy", "random", { games: "0" }],
      /^tercio: --games must be a whole number from 1 to 100000, not "0"/,
    ],
    [["greedy", "random", { workers: "two" }], /^tercio: --workers must be a whole number/],
    [["greedy", "random", { seed: "-1" }], /^tercio: --seed must be a whole number/],
    [["greedy", "random", { seed: "4294967295", games: "2" }], /runs past the last seed/],
    [["greedy", "random", { scenarios: "16.31,waterloo" }], /^tercio: --scenarios: no scenario "waterloo"/],
    [["greedy", "random", { optional: "gunpowder" }], /^tercio: unknown optional rule "gunpowder"/],
  ] as const)("%j", async ([a, b, o], message) => {
    const r = await arenaCommand(a, b, o, new MemoryIo(), quiet);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(message);
  });
});
