import { defaultCatalog, type Scenario } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { balanceHtml } from "./balance-html.js";
import {
  BALANCE_FORMAT,
  type BalanceReport,
  balanceText,
  measuredFavours,
  scenarioBalance,
  summaryOf,
  verdict,
} from "./balance-report.js";
import type { GameRecord } from "./games.js";
import { wilson } from "./stats.js";

const scenarios = defaultCatalog().scenarios.scenarios;
const scenario = (id: string) => scenarios.find((s) => s.id === id) as Scenario;

/** `first` First Player wins, `draw` draws and `second` Second Player wins, and `errors` games without a result. */
function records(id: string, first: number, draw: number, second: number, errors = 0): GameRecord[] {
  const winners: GameRecord["winner"][] = [
    ...Array<"first">(first).fill("first"),
    ...Array<"draw">(draw).fill("draw"),
    ...Array<"second">(second).fill("second"),
    ...Array<null>(errors).fill(null),
  ];
  const time = { decisions: 10, meanMs: 1, maxMs: 2 };
  return winners.map((winner, seed) => ({
    scenario: id,
    seed,
    first: "greedy",
    second: "greedy",
    winner,
    reason: winner === null ? "error" : "by the rules",
    gameTurns: 10,
    actions: 20,
    time: { first: time, second: time },
    ...(winner === null ? { error: "dead end" } : {}),
  }));
}

describe("the measured favoured side", () => {
  it("is the side whose win-rate interval lies wholly above the other's, else neither", () => {
    expect(measuredFavours(wilson(15, 20), wilson(2, 20))).toBe("first");
    expect(measuredFavours(wilson(2, 20), wilson(15, 20))).toBe("second");
    // 11 against 5 of 20: the intervals [34%, 74%] and [11%, 47%] overlap.
    expect(measuredFavours(wilson(11, 20), wilson(5, 20))).toBe("neither");
    expect(measuredFavours(wilson(0, 20), wilson(0, 20))).toBe("neither");
  });
});

describe("agreement with the rulebook", () => {
  it.each([
    // [stated, measured, verdict]
    ["first", "first", "agree"],
    ["first", "second", "disagree"],
    ["first", "neither", "inconclusive"],
    ["second", "second", "agree"],
    ["second", "first", "disagree"],
    ["second", "neither", "inconclusive"],
    ["neither", "neither", "agree"],
    ["neither", "first", "disagree"],
    ["neither", "second", "disagree"],
  ] as const)("stated %s, measured %s: %s", (stated, measured, expected) => {
    expect(verdict(stated, measured, 20)).toBe(expected);
  });

  it("is inconclusive with no games at all, whatever the rulebook says", () => {
    expect(verdict("neither", "neither", 0)).toBe("inconclusive");
    expect(verdict("first", "neither", 0)).toBe("inconclusive");
  });
});

describe("a scenario's balance", () => {
  it("[16.36] counts each side's wins and the draws, with intervals, and leaves out games without a result", () => {
    // 16.36 Naseby: heavily favours the Parliamentarians, the First Player.
    const b = scenarioBalance(scenario("16.36"), records("16.36", 14, 4, 2, 1));
    expect(b).toMatchObject({ id: "16.36", name: "Naseby", games: 20, errors: 1 });
    expect(b.stated).toEqual({
      favours: "first",
      degree: "heavily",
      text: "favors Parliamentarians heavily",
    });
    expect(b.counts).toEqual({ first: 14, draw: 4, second: 2 });
    expect(b.first).toEqual(wilson(14, 20));
    expect(b.draw).toEqual(wilson(4, 20));
    expect(b.second).toEqual(wilson(2, 20));
    expect(b.firstScore.estimate).toBe(0.8);
    expect(b.measured).toBe("first");
    expect(b.verdict).toBe("agree");
    expect(b.meanGameTurns).toBe(10);
  });

  it("[16.13] an even scenario with all games drawn agrees; one side winning every game disagrees", () => {
    expect(scenarioBalance(scenario("16.13"), records("16.13", 0, 20, 0)).verdict).toBe("agree");
    expect(scenarioBalance(scenario("16.13"), records("16.13", 0, 0, 20)).verdict).toBe("disagree");
  });
});

function report(): BalanceReport {
  const per = [
    scenarioBalance(scenario("16.31"), records("16.31", 1, 2, 17)),
    scenarioBalance(scenario("16.32"), records("16.32", 0, 20, 0)),
    scenarioBalance(scenario("16.25"), records("16.25", 6, 8, 6)),
  ];
  return {
    format: BALANCE_FORMAT,
    system: "musket-and-pike",
    systemTitle: "Musket & Pike",
    bot: "greedy",
    gamesPerScenario: 20,
    seed: 1,
    options: {},
    rules: { version: "test", hash: "0123456789abcdef" },
    summary: summaryOf(per),
    scenarios: per,
    time: { decisions: 100, meanMs: 1.5, maxMs: 9 },
  };
}

describe("the balance report", () => {
  it("counts the verdicts and prints a table with the rulebook's balance beside the measurement", () => {
    const r = report();
    expect(r.summary).toEqual({ agree: 2, disagree: 0, inconclusive: 1, unstated: 0 });
    const text = balanceText(r);
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^Scenario\s+Rulebook\s+Games\s+First wins\s+Draws\s+Second wins/);
    expect(lines[2]).toMatch(/^16\.31 Brentford\s+second, moderately\s+20\s+5% \[1%, 24%\].*second\s+agree$/);
    expect(lines[3]).toMatch(/^16\.32 Grantham\s+first, moderately\s+20 .*neither\s+inconclusive$/);
    expect(lines[4]).toMatch(/^16\.25 Nordlingen\s+even .*neither\s+agree$/);
    expect(text).toContain("Agree 2, disagree 0, inconclusive 1 (of 3)");
  });

  it("draws a self-contained page: a bar per scenario with whiskers, the rulebook's scale, the table", () => {
    const html = balanceHtml(report());
    expect(html).toMatch(/^<!doctype html>/);
    // Nothing fetched: no scripts, stylesheets or images from elsewhere.
    expect(html).not.toMatch(/<script|<link|src=|href="http/);
    expect(html.match(/<svg /g)).toHaveLength(1);
    expect(html.match(/<g class="row">/g)).toHaveLength(3);
    // Two whiskers per scenario (the First Player's and the Second Player's win-rate intervals).
    expect(html.match(/win rate, 95%/g)).toHaveLength(6);
    expect(html).toContain("favors Royalists moderately");
    expect(html).toContain('<td class="agree">agree</td>');
    expect(html).toContain('<td class="inconclusive">inconclusive</td>');
    expect(html).toContain("Agree 2, disagree 0, inconclusive 1");
  });

  it("escapes text it did not write", () => {
    const r = { ...report(), bot: "<b>&" };
    const html = balanceHtml(r);
    expect(html).toContain("&lt;b&gt;&amp;");
    expect(html).not.toContain("<b>&");
  });
});
