import { describe, expect, it } from "vitest";
import { formatPpssReport, ppssBench, ppssGames, TINY_PPSS } from "./ppss-bench.js";

describe("the 001 bench (Plucky Pikes and Stalwart Shot) on a tiny workload", () => {
  it("plays whole random games to a result, the same game for the same seed", () => {
    const [one] = ppssGames(["pavia-park"], 2, 1);
    const [again] = ppssGames(["pavia-park"], 2, 1);
    expect(one?.actions).toBeGreaterThan(10);
    expect(one?.hashes).toEqual(again?.hashes);
  }, 60_000);

  it("runs the section untimed and prints its tables", () => {
    const r = ppssBench({ seed: 1, quick: true, untimed: true, sizes: TINY_PPSS });
    const text = formatPpssReport(r);
    expect(text).toContain("games/s");
    expect(r.decisions.map((d) => d.level)).toEqual(["random", "greedy", "strong"]);
  }, 120_000);
});
