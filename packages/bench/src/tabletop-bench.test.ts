import { describe, expect, it } from "vitest";
import {
  checkTabletopAgreement,
  formatTabletopReport,
  tabletopBench,
  tabletopGames,
} from "./tabletop-bench.js";
import { TINY_TABLETOP, tabletopWorkload } from "./tabletop-workload.js";

describe("the tabletop bench (Horse and Musket, chapter 11) on a tiny workload", () => {
  it("builds the same workload from the same seed, with moves and charges from scenario positions", () => {
    const a = tabletopWorkload(3, TINY_TABLETOP);
    const b = tabletopWorkload(3, TINY_TABLETOP);
    expect(a.moves.length).toBeGreaterThan(0);
    expect(a.charges.length).toBeGreaterThan(0);
    expect(a.moves.map((m) => [m.unit, m.program])).toEqual(b.moves.map((m) => [m.unit, m.program]));
    for (const m of a.moves) expect(m.program.map((op) => op.op)).toEqual(["pivot", "advance", "pivot"]);
  });

  it("checks checkMove and the charge path against apply of the same action before timing", () => {
    const w = tabletopWorkload(1, TINY_TABLETOP);
    const a = checkTabletopAgreement(w);
    expect(a.moves).toBe(w.moves.length);
    expect(a.legalMoves).toBeGreaterThan(0);
    expect(a.legalMoves).toBeLessThan(a.moves);
    expect(a.charges).toBe(w.charges.length);
  });

  it("plays whole random games to a result, the same game for the same seed", () => {
    const [one] = tabletopGames(["rearguard"], 2, 1);
    const [again] = tabletopGames(["rearguard"], 2, 1);
    expect(one?.actions).toBeGreaterThan(10);
    expect(one?.hashes).toEqual(again?.hashes);
  });

  it("runs the section untimed and prints its tables", async () => {
    const r = await tabletopBench({
      seed: 1,
      quick: true,
      untimed: true,
      sizes: { ...TINY_TABLETOP, scenarios: 1 },
    });
    expect(r.games).toHaveLength(1);
    const text = formatTabletopReport(r);
    expect(text).toContain("pitched-battle");
    expect(text).toContain("games/s");
  });
});
