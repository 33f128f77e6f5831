/**
 * A balance run's findings: per scenario, how often each side won, with 95%
 * intervals, set beside the balance the scenario states (Musket & Pike's
 * 16.0), and whether the two agree. A scenario of a system whose texts state
 * no balance (chapter 11's designed scenarios) is measured alone. The
 * definition is in docs/balance.md.
 */
import { table } from "./format.js";
import type { DecisionTimes, GameRecord } from "./games.js";
import { above, type Interval, percentInterval, scoreInterval, scoreText, wilson } from "./stats.js";
import type { BalanceStatement } from "./system-cli.js";

export const BALANCE_FORMAT = "tercio/balance@2";

/** The side whose win rate is significantly higher, or "neither" when their intervals overlap. */
export type Measured = "first" | "second" | "neither";

export type Verdict = "agree" | "disagree" | "inconclusive" | "unstated";

export interface ScenarioBalance {
  readonly id: string;
  readonly name: string;
  /** The scenario's own statement ("favors Spanish moderately"), or null where its text states none. */
  readonly stated: BalanceStatement | null;
  /** Games with a result; `errors` more stopped without one and are left out. */
  readonly games: number;
  readonly errors: number;
  readonly counts: { readonly first: number; readonly draw: number; readonly second: number };
  /** Win rates of each side and the draw rate, with Wilson 95% intervals. */
  readonly first: Interval;
  readonly draw: Interval;
  readonly second: Interval;
  /** The First Player's score (a draw counts half), with its interval. */
  readonly firstScore: Interval;
  readonly measured: Measured;
  readonly verdict: Verdict;
  readonly meanGameTurns: number;
  readonly meanActions: number;
}

export interface BalanceReport {
  readonly format: typeof BALANCE_FORMAT;
  /** The rule system played, and its title. */
  readonly system: string;
  readonly systemTitle: string;
  readonly bot: string;
  readonly gamesPerScenario: number;
  readonly seed: number;
  /** The system's options, as given. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly rules: { readonly version: string; readonly hash: string };
  readonly summary: Readonly<Record<Verdict, number>>;
  readonly scenarios: readonly ScenarioBalance[];
  /** Wall clock: the bot's time per decision over every game in the report. */
  readonly time: DecisionTimes;
}

/** The measured favoured side: the one whose win-rate interval lies wholly above the other's. */
export function measuredFavours(first: Interval, second: Interval): Measured {
  if (above(first, second)) return "first";
  if (above(second, first)) return "second";
  return "neither";
}

/**
 * Agreement of a measurement with the rulebook. A scenario said to favour a
 * side agrees when that side is measured favoured, disagrees when the other
 * is, and is inconclusive when neither is. An even scenario agrees when
 * neither side is measured favoured and disagrees when one is. No games at
 * all is inconclusive.
 */
export function verdict(
  stated: BalanceStatement["favours"] | undefined,
  measured: Measured,
  games: number,
): Verdict {
  if (stated === undefined) return "unstated";
  if (games === 0) return "inconclusive";
  if (stated === "neither") return measured === "neither" ? "agree" : "disagree";
  if (measured === "neither") return "inconclusive";
  return measured === stated ? "agree" : "disagree";
}

export function scenarioBalance(
  scenario: { readonly id: string; readonly name: string; readonly balance?: BalanceStatement | undefined },
  records: readonly GameRecord[],
): ScenarioBalance {
  const done = records.filter((r) => r.winner !== null);
  const count = (w: GameRecord["winner"]) => done.filter((r) => r.winner === w).length;
  const counts = { first: count("first"), draw: count("draw"), second: count("second") };
  const n = done.length;
  const first = wilson(counts.first, n);
  const second = wilson(counts.second, n);
  const measured = measuredFavours(first, second);
  const mean = (f: (r: GameRecord) => number) => (n === 0 ? 0 : done.reduce((s, r) => s + f(r), 0) / n);
  return {
    id: scenario.id,
    name: scenario.name,
    stated: scenario.balance ?? null,
    games: n,
    errors: records.length - n,
    counts,
    first,
    draw: wilson(counts.draw, n),
    second,
    firstScore: scoreInterval({ wins: counts.first, draws: counts.draw, losses: counts.second }),
    measured,
    verdict: verdict(scenario.balance?.favours, measured, n),
    meanGameTurns: mean((r) => r.gameTurns),
    meanActions: mean((r) => r.actions),
  };
}

export function summaryOf(scenarios: readonly ScenarioBalance[]): Record<Verdict, number> {
  const summary = { agree: 0, disagree: 0, inconclusive: 0, unstated: 0 };
  for (const s of scenarios) summary[s.verdict]++;
  return summary;
}

/** "first, moderately", "even", or "none stated" */
export function statedText(b: BalanceStatement | null): string {
  if (b === null) return "none stated";
  return b.favours === "neither" ? "even" : `${b.favours}, ${b.degree}`;
}

export function balanceText(report: BalanceReport): string {
  const rows = report.scenarios.map((s) => [
    `${s.id} ${s.name}`,
    statedText(s.stated),
    String(s.games) + (s.errors > 0 ? ` (+${s.errors} errors)` : ""),
    percentInterval(s.first),
    percentInterval(s.draw),
    percentInterval(s.second),
    scoreText(s.firstScore),
    s.measured,
    s.verdict,
  ]);
  const { agree, disagree, inconclusive, unstated } = report.summary;
  return [
    table(
      [
        "Scenario",
        "Rulebook",
        "Games",
        "First wins",
        "Draws",
        "Second wins",
        "First's score",
        "Measured",
        "Verdict",
      ],
      rows,
      ["left", "left", "right", "right", "right", "right", "right", "left", "left"],
    ),
    "",
    `Agree ${agree}, disagree ${disagree}, inconclusive ${inconclusive}${unstated > 0 ? `, no balance stated ${unstated}` : ""} (of ${report.scenarios.length}). Rates with Wilson 95% intervals;`,
    "a side is measured favoured when its win-rate interval lies wholly above the other side's (docs/balance.md).",
  ].join("\n");
}
