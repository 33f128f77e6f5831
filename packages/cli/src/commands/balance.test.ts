import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { BalanceReport } from "../balance-report.js";
import { nodeIo } from "../io.js";
import { balanceCommand } from "./balance.js";

// The games run on worker threads, which run the compiled worker (npm run build, which npm test runs first).
const main = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const built = existsSync(fileURLToPath(new URL("../../dist/game-worker.js", import.meta.url)));

const quiet = { progressStream: { isTTY: false, write: () => true } };

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "tercio-balance-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The games in DIR/games.jsonl, as "scenario/seed". */
function saved(dir: string): string[] {
  return readFileSync(join(dir, "games.jsonl"), "utf8")
    .trimEnd()
    .split("\n")
    .slice(1)
    .map((l) => {
      const g = JSON.parse(l) as { scenario: string; seed: number };
      return `${g.scenario}/${g.seed}`;
    });
}

describe.skipIf(!built)("tercio balance", { timeout: 60_000 }, () => {
  // Brentford (16.31) and Grantham (16.32) are the quickest scenarios: a few tenths of a second a game.
  const base = { scenarios: "16.31,grantham", workers: "2" };

  it("[16.0] saves each game, goes on where an interrupted run stopped, and writes balance.json and balance.html", async () => {
    const dir = folder();
    const first = await balanceCommand({ ...base, games: "2", out: dir }, nodeIo, quiet);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).toContain(
      `playing 4 games; each is saved in ${join(dir, "games.jsonl")} as it ends`,
    );
    expect([...saved(dir)].sort()).toEqual(["16.31/1", "16.31/2", "16.32/1", "16.32/2"]);

    // A run stopped while writing its last game: the line is cut short.
    const path = join(dir, "games.jsonl");
    const text = readFileSync(path, "utf8");
    const original = saved(dir);
    const cut = text.slice(0, -30);
    writeFileSync(path, cut);

    // Three games a scenario now: only the two new seeds and the lost game are played.
    const second = await balanceCommand({ ...base, games: "3", out: dir }, nodeIo, quiet);
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/dropped the unfinished last line/);
    expect(second.stdout).toContain(`3 games already in ${path}; playing the other 3`);
    const games = saved(dir);
    expect(games).toHaveLength(6);
    expect(new Set(games).size).toBe(6);
    expect(games.slice(0, 3)).toEqual(original.slice(0, 3));
    expect(games.slice(3).sort()).toEqual([original[3], "16.31/3", "16.32/3"].sort());
    expect(readFileSync(path, "utf8").startsWith(cut.slice(0, cut.lastIndexOf("\n") + 1))).toBe(true);

    const report = JSON.parse(readFileSync(join(dir, "balance.json"), "utf8")) as BalanceReport;
    expect(report).toMatchObject({
      format: "tercio/balance@2",
      system: "musket-and-pike",
      bot: "greedy",
      gamesPerScenario: 3,
      seed: 1,
    });
    expect(report.scenarios.map((s) => [s.id, s.games, s.stated?.favours])).toEqual([
      ["16.31", 3, "second"],
      ["16.32", 3, "first"],
    ]);
    for (const s of report.scenarios) {
      expect(s.counts.first + s.counts.draw + s.counts.second).toBe(3);
      expect(s.verdict).toMatch(/^(agree|disagree|inconclusive)$/);
    }
    const html = readFileSync(join(dir, "balance.html"), "utf8");
    expect(html).toContain("<svg");
    expect(html).toContain("16.32 Grantham");
    expect(second.stdout).toMatch(/^16\.31 Brentford\s+second, moderately\s+3\s/m);

    // Run again: nothing left to play, the same report.
    const third = await balanceCommand({ ...base, games: "3", out: dir, json: true }, nodeIo, quiet);
    expect(third.exitCode, third.stderr).toBe(0);
    expect(third.stderr).toContain("6 games already in");
    const { time: _t1, ...again } = JSON.parse(third.stdout) as BalanceReport;
    const { time: _t2, ...before } = report;
    expect(again).toEqual(before);

    // Another bot in the same folder is refused: its games would be mixed with these.
    const other = spawnSync(
      process.execPath,
      [main, "balance", "--bot", "random", "--scenarios", "16.31", "--games", "1", "--out", dir],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(other.status).toBe(1);
    expect(other.stderr).toMatch(
      /^tercio: .*games\.jsonl holds games played with musket-and-pike, bot greedy, .*this run asks for musket-and-pike, bot random/,
    );
    expect(other.stderr).toMatch(/Use another --out folder, or delete .* to start over\n$/);
    expect(saved(dir)).toEqual(games);
  });

  it("without --out, prints the table and writes nothing", async () => {
    const r = await balanceCommand({ scenarios: "16.31", games: "1", workers: "1" }, nodeIo, quiet);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^Balance: greedy against itself, 1 game on each of 1 scenario of musket-and-pike \(seeds 1 to 1\)/,
    );
    expect(r.stdout).toMatch(/Agree \d, disagree \d, inconclusive \d \(of 1\)/);
    expect(r.stdout).not.toContain("wrote");
  });

  it("[004 Sequence of Play] measures a system whose scenarios state no balance: each 'none stated', verdict unstated", async () => {
    const dir = folder();
    const r = await balanceCommand(
      {
        system: "horse-and-musket-ch11",
        bot: "random",
        scenarios: "meeting-engagement",
        games: "2",
        workers: "1",
        out: dir,
      },
      nodeIo,
      quiet,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^Balance: random against itself, 2 games on each of 1 scenario of horse-and-musket-ch11/,
    );
    expect(r.stdout).toContain("none stated");
    const report = JSON.parse(readFileSync(join(dir, "balance.json"), "utf8")) as BalanceReport;
    expect(report).toMatchObject({
      format: "tercio/balance@2",
      system: "horse-and-musket-ch11",
      bot: "random",
    });
    expect(report.scenarios).toHaveLength(1);
    expect(report.scenarios[0]).toMatchObject({
      id: "meeting-engagement",
      stated: null,
      verdict: "unstated",
    });
    expect(report.summary).toEqual({ agree: 0, disagree: 0, inconclusive: 0, unstated: 1 });
    expect(readFileSync(join(dir, "balance.html"), "utf8")).toContain("Horse and Musket Wargames Rules");
  });
});

describe("tercio balance refuses bad options with a clear message", () => {
  it.each([
    [{ bot: "minimax" }, /^tercio: --bot: unknown policy "minimax"; choose from [a-z, ]*greedy/],
    [{ games: "twenty" }, /^tercio: --games must be a whole number from 1 to 100000, not "twenty"/],
    [{ scenarios: "" }, /^tercio: --scenarios names no scenario/],
    [{ workers: "0" }, /^tercio: --workers must be a whole number/],
    [{ out: " " }, /^tercio: --out needs a folder name/],
  ])("%j", async (options, message) => {
    const r = await balanceCommand(options, nodeIo, quiet);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(message);
  });
});
