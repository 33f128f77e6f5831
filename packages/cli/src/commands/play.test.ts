import { describe, expect, it } from "vitest";
import { MemoryIo } from "../memory-io.js";
import { playCommand } from "./play.js";
import { replayCommand } from "./replay.js";

// Whole games: a second or so each, more on a loaded machine.
describe("tercio play", { timeout: 60_000 }, () => {
  it("[16.0] plays Brentford greedy against greedy and prints the result and a summary", () => {
    const r = playCommand("brentford", { seed: "3" });
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("Scenario: 16.31 Brentford; seed 3");
    expect(lines[1]).toBe("First Player (Parliamentarians): greedy; Second Player (Royalists): greedy");
    expect(lines[2]).toMatch(/control.*: (Parliamentarians win|Royalists win|draw)$/);
    expect(lines[3]).toMatch(/^Game-Turns played: \d+ of 10; actions: \d+$/);
    expect(lines[4]).toMatch(/^Units left: Parliamentarians \d+ of \d+, Royalists \d+ of \d+$/);
  });

  it("[16.0] --json prints the scenario, seed, result, Game-Turn and number of actions", () => {
    const r = playCommand("16.31", { seed: "3", first: "greedy", second: "random", json: true });
    expect(r.exitCode, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(summary)).toEqual(["scenario", "seed", "result", "gameTurn", "actions"]);
    expect(summary).toMatchObject({ scenario: "16.31", seed: 3 });
    expect(summary.result).toMatchObject({ winner: expect.stringMatching(/^(first|second|draw)$/) });
    expect(summary.actions).toBeGreaterThan(50);
  });

  it("[4.1] the same seed gives the same game", () => {
    const a = playCommand("16.31", { seed: "3", first: "random", second: "random", json: true });
    const b = playCommand("16.31", { seed: "3", first: "random", second: "random", json: true });
    expect(b.stdout).toBe(a.stdout);
  });

  it("--log prints every event, from the deployment to the end of the game", () => {
    const r = playCommand("16.31", { seed: "3", log: true });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Game-Turn 1: Parliamentarians Deployment began\n/);
    expect(r.stdout).toMatch(/B-\w+ deployed in \d{4}/);
    expect(r.stdout).toMatch(/moved \d{4} -> \d{4}/);
    expect(r.stdout).toMatch(/die \(rolled\): \d/);
    expect(r.stdout).toMatch(/the game ended in Game-Turn \d+: /);
    // With --json the log goes to stderr, so that stdout stays JSON.
    const j = playCommand("16.31", { seed: "3", log: true, json: true });
    expect(() => JSON.parse(j.stdout)).not.toThrow();
    expect(j.stderr).toMatch(/the game ended in Game-Turn/);
  });

  it("[16.0] --save writes a saved game that tercio replay accepts", () => {
    const io = new MemoryIo();
    const r = playCommand("16.31", { seed: "3", second: "random", save: "game.json" }, io);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("wrote game.json");
    const save = io.json("game.json") as { format: string; seed: number; actions: unknown[] };
    expect(save).toMatchObject({
      format: "tercio/save@1",
      system: "musket-and-pike",
      scenario: "16.31",
      seed: 3,
    });
    const replayed = replayCommand("game.json", { json: true }, io);
    expect(replayed.exitCode, replayed.stderr).toBe(0);
    expect(JSON.parse(replayed.stdout)).toMatchObject({
      scenario: "16.31",
      actions: save.actions.length,
      phase: "game-over",
      verified: true,
    });
  });

  it("[12.0] [15.0] --optional plays with optional rules, and the saved game replays with them", () => {
    const io = new MemoryIo();
    const options = {
      seed: "2",
      second: "random",
      optional: "infantry-squares,artillery-capture",
      save: "opt.json",
    };
    const r = playCommand("16.31", options, io);
    expect(r.exitCode, r.stderr).toBe(0);
    const save = io.json("opt.json") as { options: { optionalRules: string[] } };
    expect([...save.options.optionalRules].sort()).toEqual(["artillery-capture", "infantry-squares"]);
    expect(replayCommand("opt.json", {}, io).exitCode).toBe(0);
    const bad = playCommand("16.31", { seed: "2", optional: "gunpowder" }, new MemoryIo());
    expect(bad.exitCode).toBe(1);
  });

  it("refuses an unknown scenario or policy and a bad seed with exit 1", () => {
    const scenario = playCommand("16.99", { seed: "1" });
    expect(scenario.exitCode).toBe(1);
    expect(scenario.stderr).toMatch(/no scenario "16\.99"/);
    const first = playCommand("16.31", { seed: "1", first: "minimax" });
    expect(first.exitCode).toBe(1);
    expect(first.stderr).toBe(
      'tercio: --first: unknown policy "minimax"; choose from random, greedy, strong\n',
    );
    const second = playCommand("16.31", { seed: "1", second: "Greedy" });
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toMatch(/--second: unknown policy "Greedy"/);
    expect(playCommand("16.31", { seed: "x" }).exitCode).toBe(1);
  });

  // Every scenario is played to its result, both ways, in packages/ai (play.test.ts, policies.test.ts).
  it.each(["16.22", "16.37", "16.51"])("[16.0] %s: prints the result the game reached", (id) => {
    const r = playCommand(id, { seed: "3", json: true });
    expect(r.exitCode, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as {
      result: { reason: string; gameTurn: number };
      gameTurn: number;
    };
    expect(summary.result.reason).not.toBe("");
    expect(summary.result.gameTurn).toBe(summary.gameTurn);
  });
});
