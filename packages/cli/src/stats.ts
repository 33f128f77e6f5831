/**
 * Statistics for match results: proportions with 95% confidence intervals.
 * Plain numbers in, plain numbers out; no clock, no randomness.
 */

/** The standard normal quantile for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** An estimate with its confidence interval, each a proportion from 0 to 1. */
export interface Interval {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
}

/**
 * The Wilson score interval (Wilson 1927) for `k` successes in `n` trials.
 * Unlike the textbook p ± z·sqrt(p(1-p)/n) it stays inside [0, 1] and is not
 * empty at 0 or n successes: 0 wins in 10 games still allows a win rate up
 * to 28%. `k` may be fractional (half points for draws, see `scoreInterval`).
 * With no trials at all nothing is known: estimate 0, interval [0, 1].
 */
export function wilson(k: number, n: number, z: number = Z95): Interval {
  if (!(n > 0)) return { estimate: 0, low: 0, high: 1 };
  if (!(k >= 0 && k <= n)) throw new RangeError(`wilson: ${k} successes in ${n} trials`);
  const p = k / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return {
    estimate: p,
    // Exactly 0 and 1 at the ends, not 1e-17 off.
    low: k === 0 ? 0 : Math.max(0, centre - half),
    high: k === n ? 1 : Math.min(1, centre + half),
  };
}

/** Wins, draws and losses, from one player's point of view. */
export interface Tally {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export const EMPTY_TALLY: Tally = { wins: 0, draws: 0, losses: 0 };

export function games(t: Tally): number {
  return t.wins + t.draws + t.losses;
}

export function addTallies(a: Tally, b: Tally): Tally {
  return { wins: a.wins + b.wins, draws: a.draws + b.draws, losses: a.losses + b.losses };
}

/**
 * The score (a win 1, a draw 1/2, a loss 0) per game, with the Wilson interval
 * of `wins + draws/2` points in `n` games. A game's score lies in [0, 1], so
 * its variance is at most s(1 - s), the variance of a win-or-lose game with the
 * same mean: the interval is exact without draws and conservative (a little
 * wide) with them.
 */
export function scoreInterval(t: Tally, z: number = Z95): Interval {
  return wilson(t.wins + t.draws / 2, games(t), z);
}

/**
 * The Elo difference a score corresponds to (400·log10(s / (1 - s))), or null
 * at a score of 0 or 1, where it is unbounded.
 */
export function eloFromScore(score: number): number | null {
  if (!(score > 0 && score < 1)) return null;
  return 400 * Math.log10(score / (1 - score));
}

/** A tally with its rates and intervals: what the reports print. */
export interface TallySummary extends Tally {
  readonly games: number;
  readonly winRate: Interval;
  readonly drawRate: Interval;
  readonly lossRate: Interval;
  readonly score: Interval;
  /** The Elo difference of the score and of its interval's ends (null where unbounded). */
  readonly elo: {
    readonly estimate: number | null;
    readonly low: number | null;
    readonly high: number | null;
  };
}

export function summarise(t: Tally): TallySummary {
  const n = games(t);
  const score = scoreInterval(t);
  return {
    wins: t.wins,
    draws: t.draws,
    losses: t.losses,
    games: n,
    winRate: wilson(t.wins, n),
    drawRate: wilson(t.draws, n),
    lossRate: wilson(t.losses, n),
    score,
    elo: {
      estimate: n === 0 ? null : eloFromScore(score.estimate),
      low: n === 0 ? null : eloFromScore(score.low),
      high: n === 0 ? null : eloFromScore(score.high),
    },
  };
}

/** Does interval `a` lie wholly above interval `b`? */
export function above(a: Interval, b: Interval): boolean {
  return a.low > b.high;
}

/** "42%" */
export function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}

/** "42% [30%, 55%]" */
export function percentInterval(i: Interval): string {
  return `${percent(i.estimate)} [${percent(i.low)}, ${percent(i.high)}]`;
}

/** "0.63 [0.41, 0.81]" */
export function scoreText(i: Interval): string {
  return `${i.estimate.toFixed(2)} [${i.low.toFixed(2)}, ${i.high.toFixed(2)}]`;
}

/** "12-3-5": wins, draws, losses. */
export function tallyText(t: Tally): string {
  return `${t.wins}-${t.draws}-${t.losses}`;
}
