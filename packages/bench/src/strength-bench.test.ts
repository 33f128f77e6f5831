import { describe, expect, it } from "vitest";
import report from "./fixtures/arena-strong-greedy.json" with { type: "json" };
import { formatStrengthReport, matchFigure } from "./strength-bench.js";

// A real arena report (strong against greedy, Lutzen and Nieuport, one seed each way), its games cut to one.
const againstGreedy = matchFigure("strong", "greedy", 1, 8001, report);

describe("the strength section reads the arena's report and judges it by issue 19's targets", () => {
  it("reads each scenario's record and the overall one, by side", () => {
    expect(againstGreedy.scenarios.map((s) => [s.id, s.wins, s.draws, s.losses])).toEqual([
      ["16.24", 2, 0, 0],
      ["16.11", 1, 1, 0],
    ]);
    expect(againstGreedy.overall).toMatchObject({ wins: 3, draws: 1, losses: 0, games: 4 });
    expect(againstGreedy.overall.asFirst.games + againstGreedy.overall.asSecond.games).toBe(4);
  });

  it("refuses what is not an arena report of the match asked for", () => {
    expect(() => matchFigure("strong", "greedy", 1, 8001, { format: "tercio/arena@1" })).toThrow(/no report/);
    expect(() => matchFigure("greedy", "strong", 1, 8001, report)).toThrow(/no report of greedy/);
    expect(() => matchFigure("strong", "greedy", 1, 8001, null)).toThrow(/no report/);
  });

  it("puts each figure beside its target: 75% overall is not 85%, 50% in a scenario is not 60%, a score of 0.50 is not 0.60", () => {
    const text = formatStrengthReport({
      againstGreedy,
      headToHead: {
        ...againstGreedy,
        a: "strong-rollouts",
        b: "strong",
        overall: { ...againstGreedy.overall, wins: 1, draws: 2, losses: 1 },
      },
    });
    expect(text).toContain("16.24 Lutzen");
    expect(text).toMatch(/Overall 3-1-0: win rate 75% \(target >= 85%: NOT MET\)/);
    expect(text).toMatch(/Scenarios at or above 60%: 1 of 2 with a decisive game \(NOT MET\)/);
    expect(text).toMatch(/score 0\.50 \(target >= 0\.60: NOT MET\)/);
  });

  it("a scenario every game of which was drawn has no win to judge, and the rest meeting 60% meet the target", () => {
    const drawn = { id: "16.33", name: "Staverton", wins: 0, draws: 2, losses: 0, games: 2 };
    const lutzen = againstGreedy.scenarios[0] as (typeof againstGreedy.scenarios)[number];
    const text = formatStrengthReport({
      againstGreedy: { ...againstGreedy, scenarios: [lutzen, drawn] },
      headToHead: againstGreedy,
    });
    expect(text).toContain("(every game drawn)");
    expect(text).toMatch(/Scenarios at or above 60%: 1 of 1 with a decisive game \(met\)/);
  });
});
