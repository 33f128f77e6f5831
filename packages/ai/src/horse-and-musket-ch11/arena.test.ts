import { describe, expect, it } from "vitest";
import { HM11_LEVELS } from "./levels.js";
import type { Hm11Policy } from "./policy.js";
import { DEFAULT_WEIGHTS, type Weights } from "./strong/evaluate.js";
import { createStrongPolicy } from "./strong/strong.js";
import { HM11_SCENARIOS, playHm11 } from "./test-support/games.js";

/**
 * The arena, opt-in (it takes minutes): HM11_ARENA="strong:random,strong:greedy,greedy:random"
 * (pairs a:b), HM11_ARENA_SEEDS (games per scenario and seat, default 4),
 * HM11_ARENA_SEED (the first seed, default 1000), HM11_ARENA_SCENARIOS (a
 * comma-separated subset). Every pair plays every
 * designed scenario with a in each seat, fresh seeds each game; it prints
 * a's wins, draws and losses (by scenario and seat), and a's decision
 * times (mean, p95, max).
 */
// biome-ignore lint/style/noRestrictedGlobals: the arena is a measurement, opt-in by environment.
const env = process.env;
const pairs = (env.HM11_ARENA ?? "").split(",").filter((p) => p.includes(":"));
const perSeat = Number(env.HM11_ARENA_SEEDS ?? 4);
const firstSeed = Number(env.HM11_ARENA_SEED ?? 1000);
const scenarios = env.HM11_ARENA_SCENARIOS ? env.HM11_ARENA_SCENARIOS.split(",") : HM11_SCENARIOS;
/** Tuning: HM11_WEIGHTS, JSON over the strong level's DEFAULT_WEIGHTS, for a's strong only. */
const weights: Weights = { ...DEFAULT_WEIGHTS, ...(env.HM11_WEIGHTS ? JSON.parse(env.HM11_WEIGHTS) : {}) };

function level(name: string, tuned: boolean): Hm11Policy {
  if (name === "strong" && tuned) return createStrongPolicy({ weights });
  return (HM11_LEVELS[name] as () => Hm11Policy)();
}

function timed(policy: Hm11Policy, times: number[]): Hm11Policy {
  return {
    name: policy.name,
    choose(ctx, position, rng) {
      // biome-ignore lint/style/noRestrictedGlobals: decision times are the arena's measurement.
      const t0 = performance.now();
      const action = policy.choose(ctx, position, rng);
      // biome-ignore lint/style/noRestrictedGlobals: decision times are the arena's measurement.
      times.push(performance.now() - t0);
      return action;
    },
  };
}

describe.skipIf(pairs.length === 0)("Horse and Musket, chapter 11: the arena", () => {
  for (const pair of pairs) {
    const [a, b] = pair.split(":") as [string, string];
    it(`${a} against ${b}`, () => {
      const times: number[] = [];
      const tally = { win: 0, draw: 0, loss: 0 };
      const byScenario: string[] = [];
      let seed = firstSeed;
      for (const scenario of scenarios) {
        const row = { win: 0, draw: 0, loss: 0 };
        const seats: string[] = [];
        for (const seat of ["first", "second"] as const) {
          const bySeat = { win: 0, draw: 0, loss: 0 };
          for (let n = 0; n < perSeat; n++) {
            const pa = timed(level(a, true), times);
            const pb = level(b, false);
            const game = playHm11(scenario, {
              seed: seed++,
              first: seat === "first" ? pa : pb,
              second: seat === "first" ? pb : pa,
            });
            const w = game.result.winner;
            const k = w === "draw" ? "draw" : w === seat ? "win" : "loss";
            row[k]++;
            bySeat[k]++;
            tally[k]++;
          }
          seats.push(`as ${seat} ${bySeat.win}-${bySeat.draw}-${bySeat.loss}`);
        }
        byScenario.push(`  ${scenario.padEnd(24)} ${row.win}-${row.draw}-${row.loss} (${seats.join(", ")})`);
      }
      const sorted = [...times].sort((x, y) => x - y);
      const mean = times.reduce((s, t) => s + t, 0) / Math.max(1, times.length);
      const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
      const max = sorted[sorted.length - 1] ?? 0;
      const games = tally.win + tally.draw + tally.loss;
      console.log(
        [
          `${a} vs ${b}: ${tally.win} wins, ${tally.draw} draws, ${tally.loss} losses of ${games} (${((100 * tally.win) / games).toFixed(1)}% wins)`,
          ...byScenario,
          `  ${a}'s decisions: ${times.length}, mean ${mean.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
        ].join("\n"),
      );
      expect(games).toBe(scenarios.length * 2 * perSeat);
    }, 3_600_000);
  }
});
