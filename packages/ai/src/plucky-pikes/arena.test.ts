import { describe, expect, it } from "vitest";
import { PPSS_LEVELS } from "./levels.js";
import type { PpPolicy } from "./policy.js";
import { DEFAULT_WEIGHTS, type Weights } from "./strong/plan.js";
import { createStrongPolicy } from "./strong/strong.js";
import { PPSS_SCENARIOS, playPp } from "./test-support/games.js";

/**
 * The arena, opt-in (it takes minutes): PPSS_ARENA="strong:greedy,greedy:random"
 * (pairs a:b), PPSS_ARENA_SEEDS (games per scenario and seat, default 2),
 * PPSS_ARENA_SEED (the first seed, default 1000), PPSS_ARENA_SCENARIOS (a
 * comma-separated subset, whose games are those of the full run),
 * PPSS_ARENA_SEAT (first or second: a's seat, for one seat's games only).
 * Every pair plays every designed scenario with a in each seat, a fresh
 * seed each game; it prints a's wins, draws and losses by scenario and
 * seat, the mean Victory Points margin, and a's decision times.
 * PPSS_WEIGHTS (JSON over the strong level's DEFAULT_WEIGHTS) tunes a's
 * strong only.
 */
// biome-ignore lint/style/noRestrictedGlobals: the arena is a measurement, opt-in by environment.
const env = process.env;
const pairs = (env.PPSS_ARENA ?? "").split(",").filter((p) => p.includes(":"));
const perSeat = Number(env.PPSS_ARENA_SEEDS ?? 2);
const firstSeed = Number(env.PPSS_ARENA_SEED ?? 1000);
const seats = (["first", "second"] as const).filter((s) => !env.PPSS_ARENA_SEAT || env.PPSS_ARENA_SEAT === s);
const scenarios = env.PPSS_ARENA_SCENARIOS ? env.PPSS_ARENA_SCENARIOS.split(",") : PPSS_SCENARIOS;
const weights: Weights = { ...DEFAULT_WEIGHTS, ...(env.PPSS_WEIGHTS ? JSON.parse(env.PPSS_WEIGHTS) : {}) };

function level(name: string, tuned: boolean): PpPolicy {
  if (name === "strong" && tuned) return createStrongPolicy({ weights });
  const make = PPSS_LEVELS[name];
  if (!make) throw new Error(`no level ${name}`);
  return make();
}

function timed(policy: PpPolicy, times: number[]): PpPolicy {
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

type Tally = { win: number; draw: number; loss: number };

const score = (t: Tally) => `${t.win}-${t.draw}-${t.loss}`;

describe.skipIf(pairs.length === 0)("Plucky Pikes (001): the arena", () => {
  for (const pair of pairs) {
    const [a, b] = pair.split(":") as [string, string];
    it(`${a} against ${b}`, () => {
      const times: number[] = [];
      const tally: Tally = { win: 0, draw: 0, loss: 0 };
      const bySeat: Record<"first" | "second", Tally> = {
        first: { win: 0, draw: 0, loss: 0 },
        second: { win: 0, draw: 0, loss: 0 },
      };
      let margin = 0;
      const rows: string[] = [];
      const lost: string[] = [];
      for (const scenario of scenarios) {
        // Each game's seed from its place in the full list, so a subset replays the full run's games.
        let seed = firstSeed + PPSS_SCENARIOS.indexOf(scenario) * 2 * perSeat;
        if (seats[0] === "second") seed += perSeat;
        const row: Tally = { win: 0, draw: 0, loss: 0 };
        const played: string[] = [];
        for (const seat of seats) {
          const here: Tally = { win: 0, draw: 0, loss: 0 };
          for (let n = 0; n < perSeat; n++) {
            const pa = timed(level(a, true), times);
            const pb = level(b, false);
            const game = playPp(scenario, {
              seed: seed++,
              first: seat === "first" ? pa : pb,
              second: seat === "first" ? pb : pa,
            });
            const w = game.result.winner;
            const k = w === "draw" ? "draw" : w === seat ? "win" : "loss";
            const scores = game.position.result?.scores;
            const by = scores
              ? seat === "first"
                ? scores.first - scores.second
                : scores.second - scores.first
              : 0;
            margin += by;
            if (k !== "win") lost.push(`${scenario} as ${seat} seed ${seed - 1}: ${by}`);
            row[k]++;
            here[k]++;
            bySeat[seat][k]++;
            tally[k]++;
          }
          played.push(`as ${seat} ${score(here)}`);
        }
        rows.push(`| ${scenario.padEnd(24)} | ${score(row).padEnd(6)} | ${played.join(", ")} |`);
      }
      const sorted = [...times].sort((x, y) => x - y);
      const mean = times.reduce((s, t) => s + t, 0) / Math.max(1, times.length);
      const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
      const max = sorted[sorted.length - 1] ?? 0;
      const games = tally.win + tally.draw + tally.loss;
      console.log(
        [
          `${a} vs ${b}: ${score(tally)} of ${games} (${((100 * tally.win) / games).toFixed(1)}% won, mean margin ${(margin / games).toFixed(2)} VP); as first ${score(bySeat.first)}, as second ${score(bySeat.second)}`,
          ...rows,
          `${a}'s decisions: ${times.length}, mean ${mean.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
          `not won (${a}'s margin): ${lost.join("; ")}`,
        ].join("\n"),
      );
      expect(games).toBe(scenarios.length * seats.length * perSeat);
    }, 86_400_000);
  }
});
