import { OPTIONAL_RULES } from "@tercio/musket-and-pike";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aiLevels, mpPolicy } from "../levels.js";
import { context, playMp, SCENARIO_IDS } from "./test-support/seeds.js";

/**
 * Every level, on every scenario, from either side, under any optional
 * rules: each game is played to its result by playGame, which applies every
 * chosen action through the engine and throws on the first one refused (an
 * illegal action) or when the game stalls. Two games per scenario with
 * drawn seeds, levels and optional rules; over a run every pairing of
 * levels comes up (fast-check's seed is printed on a failure, to replay it).
 */
describe("every level plays only legal actions", { timeout: 240_000 }, () => {
  it.each(SCENARIO_IDS)("[16.0] %s: any two levels, any seed, any optional rules", (id) => {
    const ctx = context(id);
    const level = fc.constantFrom(...aiLevels("musket-and-pike"));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        level,
        level,
        fc.subarray([...OPTIONAL_RULES]),
        (seed, first, second, optionalRules) => {
          const game = playMp(ctx, {
            seed,
            optionalRules,
            first: mpPolicy(first) as NonNullable<ReturnType<typeof mpPolicy>>,
            second: mpPolicy(second) as NonNullable<ReturnType<typeof mpPolicy>>,
          });
          expect(game.position.phase).toBe("game-over");
          expect(game.gameTurns).toBeLessThanOrEqual(ctx.scenario.gameLength);
        },
      ),
      // Whole games are slow to shrink: report the first failing seed and stop.
      { numRuns: 2, endOnFailure: true },
    );
  });

  it("[16.0] the strong level plays every optional rule from both sides", () => {
    // 16.24 has squares' infantry, dragoons and artillery; all five rules at once, strong against itself.
    const ctx = context("16.24");
    const game = playMp(ctx, {
      seed: 7,
      optionalRules: [...OPTIONAL_RULES],
      first: mpPolicy("strong") as NonNullable<ReturnType<typeof mpPolicy>>,
      second: mpPolicy("strong") as NonNullable<ReturnType<typeof mpPolicy>>,
    });
    expect(game.position.phase).toBe("game-over");
  });
});
