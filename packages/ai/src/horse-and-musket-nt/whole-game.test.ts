import { OPTION_IDS, OPTIONS } from "@tercio/horse-and-musket-nt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HMNT_LEVELS } from "./levels.js";
import type { NtPolicy } from "./policy.js";
import { HMNT_SCENARIOS, ntGame, playNt } from "./test-support/games.js";
import { allCombinations, type Combination, sweepPlan } from "./test-support/sweep.js";

/**
 * "Every scenario plays to a result under every AI level and every option
 * combination." playGame applies every chosen action through the engine and
 * throws on the first it refuses, on a dead end (no legal action at all)
 * and on a stalled game; each game here must end with a result and the
 * phase "over", within the scenario's turns.
 *
 * In CI, fast-check samples a few (scenario, first level, second level,
 * options, seed). HMNT_SWEEP=1 sweeps instead every scenario x every
 * combination of the seven options (128) x every level, each level in each
 * seat over a scenario's setups (test-support/sweep.ts; HMNT_SWEEP=pairs:
 * every ordered pair of levels on every setup, 4.5 times the games);
 * HMNT_SWEEP_SHARD="i/n" plays the i-th of n shares, for parallel runs. It
 * prints the games, the failures and the time.
 */
// biome-ignore lint/style/noRestrictedGlobals: the exhaustive sweep is opt-in by environment.
const env = process.env;
const LEVELS = Object.keys(HMNT_LEVELS);
const SWEEP = env.HMNT_SWEEP === "1" || env.HMNT_SWEEP === "pairs";

function player(level: string): NtPolicy {
  const make = HMNT_LEVELS[level];
  if (!make) throw new Error(`no level ${level}`);
  return make();
}

function playOne(scenario: string, first: string, second: string, options: Combination, seed: number) {
  const game = playNt(scenario, { seed, first: player(first), second: player(second) }, options);
  const { ctx } = ntGame(scenario, options);
  expect(game.position.phase).toBe("over");
  expect(["first", "second", "draw"]).toContain(game.result.winner);
  expect(game.gameTurns).toBeLessThanOrEqual(ctx.scenario.turns);
  return game;
}

const option = fc.record(
  Object.fromEntries(OPTION_IDS.map((id) => [id, fc.constantFrom(...OPTIONS[id])])) as {
    [K in keyof Combination]-?: fc.Arbitrary<NonNullable<Combination[K]>>;
  },
);

describe.skipIf(SWEEP)("[003 Play Sequence] every game plays to a result", () => {
  it("under any two AI levels, any options and any seed (sampled)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HMNT_SCENARIOS),
        fc.constantFrom(...LEVELS),
        fc.constantFrom(...LEVELS),
        option,
        fc.integer({ min: 0, max: 0xffffffff }),
        (scenario, first, second, options, seed) => {
          playOne(scenario, first, second, options, seed);
        },
      ),
      // Whole games are slow to shrink: report the first failing case (its seed is printed) and stop.
      { numRuns: 8, endOnFailure: true },
    );
  }, 240_000);

  it("has 128 combinations of the seven options, and the sweep plays each with every scenario and level", () => {
    const all = allCombinations();
    expect(all).toHaveLength(2 ** OPTION_IDS.length);
    expect(new Set(all.map((c) => JSON.stringify(c))).size).toBe(128);
    const plan = sweepPlan(HMNT_SCENARIOS, LEVELS);
    for (const scenario of HMNT_SCENARIOS) {
      const games = plan.filter((g) => g.scenario === scenario);
      const setups = new Map<string, { combinations: number; levels: Set<string> }>();
      for (const g of games) {
        const s = setups.get(g.setup) ?? { combinations: g.combinations, levels: new Set<string>() };
        s.levels.add(g.first).add(g.second);
        setups.set(g.setup, s);
      }
      // Every combination resolves to one setup played, and every setup is played by every level.
      expect([...setups.values()].reduce((n, s) => n + s.combinations, 0)).toBe(128);
      for (const s of setups.values()) expect([...s.levels].sort()).toEqual([...LEVELS].sort());
      // Every level sits in each seat somewhere in the scenario.
      expect(new Set(games.map((g) => g.first))).toEqual(new Set(LEVELS));
      expect(new Set(games.map((g) => g.second))).toEqual(new Set(LEVELS));
    }
    expect(new Set(plan.map((g) => g.seed)).size).toBe(plan.length);
    const pairs = sweepPlan(HMNT_SCENARIOS, LEVELS, "pairs");
    expect(pairs.length).toBe((plan.length / Math.ceil(LEVELS.length / 2)) * LEVELS.length ** 2);
  });
});

describe.skipIf(!SWEEP)("[003 Play Sequence] the exhaustive sweep", () => {
  it("every scenario x every option combination x every level", async () => {
    const [index, of] = (env.HMNT_SWEEP_SHARD ?? "0/1").split("/").map(Number) as [number, number];
    const mode = env.HMNT_SWEEP === "pairs" ? "pairs" : "cover";
    const plan = sweepPlan(HMNT_SCENARIOS, LEVELS, mode).filter((_, i) => i % of === index);
    const failures: string[] = [];
    let played = 0;
    // biome-ignore lint/style/noRestrictedGlobals: the sweep reports its time.
    const t0 = performance.now();
    for (const g of plan) {
      try {
        playOne(g.scenario, g.first, g.second, g.options, g.seed);
      } catch (e) {
        failures.push(
          `${g.scenario} ${g.first}:${g.second} ${JSON.stringify(g.options)} seed ${g.seed}: ${String(e)}`,
        );
      }
      played++;
      if (played % 50 === 0) {
        // biome-ignore lint/style/noRestrictedGlobals: progress of a long opt-in run.
        const s = (performance.now() - t0) / 1000;
        console.log(`${played}/${plan.length} games, ${failures.length} failures, ${s.toFixed(0)} s`);
        // Let the worker send the line now: a synchronous loop holds every log to the end.
        // biome-ignore lint/style/noRestrictedGlobals: a pause of the opt-in sweep, not of the AI.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    }
    // biome-ignore lint/style/noRestrictedGlobals: the sweep reports its time.
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      [
        `sweep (${mode}) share ${index}/${of}: ${played} games, ${failures.length} failures, ${seconds.toFixed(0)} s (${(seconds / Math.max(1, played)).toFixed(2)} s a game)`,
        ...failures,
      ].join("\n"),
    );
    expect(failures).toEqual([]);
  }, 86_400_000);
});
