import { HORSE_AND_MUSKET_CH11 } from "@tercio/horse-and-musket-ch11";
import { describe, expect, it } from "vitest";
import { aiLevels, findPolicy } from "../levels.js";
import { greedyPolicy } from "./greedy.js";
import type { Hm11Policy } from "./policy.js";
import { randomPolicy } from "./random.js";
import { HM11_SCENARIOS, playHm11 } from "./test-support/games.js";

/** playGame throws on any action the engine refuses, and on a game that does not end. */
function finishes(scenario: string, first: Hm11Policy, second: Hm11Policy, seed: number): void {
  const game = playHm11(scenario, { seed, first, second });
  expect(game.position.phase).toBe("over");
  expect(["first", "second", "draw"]).toContain(game.result.winner);
}

describe("Horse and Musket, chapter 11: the AI levels", () => {
  it("are registered, weakest first, and make a player per game", () => {
    expect(aiLevels(HORSE_AND_MUSKET_CH11)).toEqual(["random", "greedy", "strong"]);
    for (const level of aiLevels(HORSE_AND_MUSKET_CH11))
      expect(findPolicy(HORSE_AND_MUSKET_CH11, level)?.name).toBe(level);
    expect(findPolicy(HORSE_AND_MUSKET_CH11, "grandmaster")).toBeUndefined();
  });

  it("random and greedy finish games with legal moves only, on every scenario", () => {
    HM11_SCENARIOS.forEach((scenario, i) => {
      finishes(
        scenario,
        i % 2 === 0 ? greedyPolicy : randomPolicy,
        i % 2 === 0 ? randomPolicy : greedyPolicy,
        11 + i,
      );
    });
  }, 60_000);
});
