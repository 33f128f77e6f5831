import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { GameRecord, GameTask } from "./games.js";
import { compiledScript, runPool } from "./pool.js";

// Worker threads run the compiled worker (npm run build, which npm test runs first).
const built = existsSync(fileURLToPath(new URL("../dist/game-worker.js", import.meta.url)));

const task = (seed: number, first = "random", second = "random"): GameTask => ({
  scenario: "16.31",
  seed,
  first,
  second,
  options: {},
});

describe.skipIf(!built)("the worker pool, with the built game worker", { timeout: 60_000 }, () => {
  const script = built ? compiledScript("game-worker.js", import.meta.url) : new URL("file:///");

  it("runs every task on worker threads and returns the results in task order", async () => {
    const tasks = [task(1), task(2), task(3)];
    const seen: number[] = [];
    const results = await runPool<GameTask, GameRecord>({
      script,
      tasks,
      workers: 2,
      onResult: (_r, index) => seen.push(index),
    });
    expect(results.map((r) => r.seed)).toEqual([1, 2, 3]);
    expect([...seen].sort()).toEqual([0, 1, 2]);
    for (const r of results) {
      expect(r).toMatchObject({ scenario: "16.31", first: "random", second: "random" });
      expect(r.winner).toMatch(/^(first|second|draw)$/);
      expect(r.time.first.decisions + r.time.second.decisions).toBe(r.actions);
    }
  });

  it("runs nothing for no tasks, and fails with the worker's error when a task throws", async () => {
    expect(await runPool({ script, tasks: [], workers: 2 })).toEqual([]);
    await expect(runPool({ script, tasks: [{ ...task(1), scenario: "16.99" }], workers: 1 })).rejects.toThrow(
      /task 0: .*no scenario "16\.99"/,
    );
  });

  it("stops the workers when aborted", async () => {
    const controller = new AbortController();
    const run = runPool({ script, tasks: [task(1), task(2)], workers: 1, signal: controller.signal });
    controller.abort(new Error("stop"));
    await expect(run).rejects.toThrow("stop");
  });
});

describe("compiledScript", () => {
  it("names a missing script and how to build it", () => {
    expect(() => compiledScript("no-such-worker.js", import.meta.url)).toThrow(/not built.*npm run build/);
  });
});
