import { describe, expect, it } from "vitest";
import { HMNT_LEVELS } from "./levels.js";
import type { NtPolicy } from "./policy.js";
import { DEFAULT_WEIGHTS, type Weights } from "./strong/evaluate.js";
import { createStrongPolicy } from "./strong/strong.js";
import { HMNT_SCENARIOS, playNt } from "./test-support/games.js";

/**
 * The arena, opt-in (it takes minutes): HMNT_ARENA="strong:random,strong:greedy,greedy:random"
 * (pairs a:b), HMNT_ARENA_SEEDS (games per scenario and seat, default 4),
 * HMNT_ARENA_SEED (the first seed, default 1000), HMNT_ARENA_SCENARIOS (a
 * comma-separated subset, whose games are those of the full run),
 * HMNT_ARENA_SEAT (first or second: a's seat, for one seat's games only). Every pair plays every designed scenario with a
 * in each seat, a fresh seed each game; it prints a's wins, draws and
 * losses by scenario and seat, and a's decision times (mean, p95, max).
 */
// biome-ignore lint/style/noRestrictedGlobals: the arena is a measurement, opt-in by environment.
const env = process.env;
const pairs = (env.HMNT_ARENA ?? "").split(",").filter((p) => p.includes(":"));
const perSeat = Number(env.HMNT_ARENA_SEEDS ?? 4);
const firstSeed = Number(env.HMNT_ARENA_SEED ?? 1000);
const seats = (["first", "second"] as const).filter((s) => !env.HMNT_ARENA_SEAT || env.HMNT_ARENA_SEAT === s);
const scenarios = env.HMNT_ARENA_SCENARIOS ? env.HMNT_ARENA_SCENARIOS.split(",") : HMNT_SCENARIOS;
/** Tuning: HMNT_WEIGHTS, JSON over the strong level's DEFAULT_WEIGHTS, for a's strong only. */
const weights: Weights = { ...DEFAULT_WEIGHTS, ...(env.HMNT_WEIGHTS ? JSON.parse(env.HMNT_WEIGHTS) : {}) };

function level(name: string, tuned: boolean): NtPolicy {
  if (name === "strong" && tuned) return createStrongPolicy({ weights });
  const make = HMNT_LEVELS[name];
  if (!make) throw new Error(`no level ${name}`);
  return make();
}

function timed(policy: NtPolicy, times: number[]): NtPolicy {
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

describe.skipIf(pairs.length === 0)("Horse and Musket (003): the arena", () => {
  for (const pair of pairs) {
    const [a, b] = pair.split(":") as [string, string];
    it(`${a} against ${b}`, () => {
      const times: number[] = [];
      const tally: Tally = { win: 0, draw: 0, loss: 0 };
      const bySeat: Record<"first" | "second", Tally> = {
        first: { win: 0, draw: 0, loss: 0 },
        second: { win: 0, draw: 0, loss: 0 },
      };
      const rows: string[] = [];
      for (const scenario of scenarios) {
        // Each game's seed from its place in the full list, so a subset replays the full run's games.
        let seed = firstSeed + HMNT_SCENARIOS.indexOf(scenario) * 2 * perSeat;
        if (seats[0] === "second") seed += perSeat;
        const row: Tally = { win: 0, draw: 0, loss: 0 };
        const played: string[] = [];
        for (const seat of seats) {
          const here: Tally = { win: 0, draw: 0, loss: 0 };
          for (let n = 0; n < perSeat; n++) {
            const pa = timed(level(a, true), times);
            const pb = level(b, false);
            const game = playNt(scenario, {
              seed: seed++,
              first: seat === "first" ? pa : pb,
              second: seat === "first" ? pb : pa,
            });
            const w = game.result.winner;
            const k = w === "draw" ? "draw" : w === seat ? "win" : "loss";
            row[k]++;
            here[k]++;
            bySeat[seat][k]++;
            tally[k]++;
          }
          played.push(`as ${seat} ${score(here)}`);
        }
        rows.push(`| ${scenario.padEnd(20)} | ${score(row).padEnd(6)} | ${played.join(", ")} |`);
      }
      const sorted = [...times].sort((x, y) => x - y);
      const mean = times.reduce((s, t) => s + t, 0) / Math.max(1, times.length);
      const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
      const max = sorted[sorted.length - 1] ?? 0;
      const games = tally.win + tally.draw + tally.loss;
      console.log(
        [
          `${a} vs ${b}: ${score(tally)} of ${games} (${((100 * tally.win) / games).toFixed(1)}% won); as first ${score(bySeat.first)}, as second ${score(bySeat.second)}`,
          ...rows,
          `${a}'s decisions: ${times.length}, mean ${mean.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
        ].join("\n"),
      );
      expect(games).toBe(scenarios.length * seats.length * perSeat);
    }, 86_400_000);
  }
});
