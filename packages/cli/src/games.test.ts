import { describe, expect, it } from "vitest";
import { combineTimes, type GameRecord, gamePlayer, outcome, Stopwatch } from "./games.js";
import { MemoryIo } from "./memory-io.js";
import { chooseSystem } from "./systems.js";

describe("decision times", () => {
  it("keep the count, mean and max of a policy's decisions", () => {
    const w = new Stopwatch();
    expect(w.times()).toEqual({ decisions: 0, meanMs: 0, maxMs: 0 });
    for (const ms of [1, 4, 1]) w.add(ms);
    expect(w.times()).toEqual({ decisions: 3, meanMs: 2, maxMs: 4 });
  });

  it("combine over games weighted by decisions", () => {
    const t = combineTimes([
      { decisions: 1, meanMs: 10, maxMs: 10 },
      { decisions: 3, meanMs: 2, maxMs: 5 },
      { decisions: 0, meanMs: 0, maxMs: 0 },
    ]);
    expect(t).toEqual({ decisions: 4, meanMs: 4, maxMs: 10 });
    expect(combineTimes([])).toEqual({ decisions: 0, meanMs: 0, maxMs: 0 });
  });
});

describe("playing a game task", { timeout: 30_000 }, () => {
  it("[16.0] plays Brentford to its result, timing each side's decisions", () => {
    const play = gamePlayer(chooseSystem(new MemoryIo(), {}));
    const task = { scenario: "16.31", seed: 4, first: "greedy", second: "random", options: {} };
    const r = play(task);
    expect(r).toMatchObject({ scenario: "16.31", seed: 4, first: "greedy", second: "random" });
    expect(r.winner).toMatch(/^(first|second|draw)$/);
    expect(r.error).toBeUndefined();
    expect(r.gameTurns).toBeGreaterThan(0);
    expect(r.time.first.decisions + r.time.second.decisions).toBe(r.actions);
    expect(r.time.first.maxMs).toBeGreaterThanOrEqual(r.time.first.meanMs);
    // The same task, the same game (only the times differ).
    const again = play(task);
    expect({ ...again, time: null }).toEqual({ ...r, time: null });
  });

  it("tells how a game went for each side", () => {
    const record = (winner: GameRecord["winner"]) => ({ winner }) as GameRecord;
    expect(outcome(record("first"), "first")).toBe("win");
    expect(outcome(record("first"), "second")).toBe("loss");
    expect(outcome(record("draw"), "second")).toBe("draw");
    expect(outcome(record(null), "first")).toBeNull();
  });
});
