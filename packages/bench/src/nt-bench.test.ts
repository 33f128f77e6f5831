import { describe, expect, it } from "vitest";
import {
  checkNtAgreement,
  FULL_NT,
  formatNtReport,
  ntBench,
  ntGames,
  ntWorkload,
  TINY_NT,
} from "./nt-bench.js";

describe("the 003 bench (Horse and Musket, NT-inspired) on a tiny workload", () => {
  it("builds the same workload from the same seed and checks checkMove against apply before timing", () => {
    const a = ntWorkload(3, TINY_NT);
    const b = ntWorkload(3, TINY_NT);
    expect(a.moves.length).toBeGreaterThan(0);
    expect(a.moves.map((m) => [m.unit, m.program])).toEqual(b.moves.map((m) => [m.unit, m.program]));
    const agreed = checkNtAgreement(a);
    expect(agreed.moves).toBe(a.moves.length);
  });

  it("agrees with apply on a move whose double is too close to call (apply measured exactly too)", () => {
    // Seed 1's first scenario holds such a move (A-Gds, the double move's 12" within the roll-off
    // band): apply with the option set only in the position rolled off and refused after the roll.
    const w = ntWorkload(1, { ...FULL_NT, scenarios: 1 });
    expect(checkNtAgreement(w).moves).toBe(w.moves.length);
  }, 30_000);

  it("plays whole random games to a result, the same game for the same seed", () => {
    const [one] = ntGames(["minden-heath"], 2, 1);
    const [again] = ntGames(["minden-heath"], 2, 1);
    expect(one?.actions).toBeGreaterThan(10);
    expect(one?.hashes).toEqual(again?.hashes);
  });

  it("runs the section untimed and prints its tables", async () => {
    const r = await ntBench({ seed: 1, quick: true, untimed: true, sizes: TINY_NT });
    const text = formatNtReport(r);
    expect(text).toContain("fontenoy-redoubt");
    expect(text).toContain("games/s");
    expect(r.decisions.map((d) => d.level)).toContain("random");
  });
});
