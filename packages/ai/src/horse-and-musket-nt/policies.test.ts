import { HORSE_AND_MUSKET_NT } from "@tercio/horse-and-musket-nt";
import { describe, expect, it } from "vitest";
import { aiLevels, findPolicy } from "../levels.js";
import { randomPolicy } from "./random.js";
import { HMNT_SCENARIOS, playNt } from "./test-support/games.js";

describe("Horse and Musket (003): the AI levels", () => {
  it("are registered, weakest first, and make a player per game", () => {
    expect(aiLevels(HORSE_AND_MUSKET_NT)[0]).toBe("random");
    for (const level of aiLevels(HORSE_AND_MUSKET_NT))
      expect(findPolicy(HORSE_AND_MUSKET_NT, level)?.name).toBe(level);
    expect(findPolicy(HORSE_AND_MUSKET_NT, "grandmaster")).toBeUndefined();
  });

  it("random finishes games with legal moves only, on every scenario", () => {
    HMNT_SCENARIOS.forEach((scenario, i) => {
      const game = playNt(scenario, { seed: 11 + i, first: randomPolicy, second: randomPolicy });
      expect(game.position.phase).toBe("over");
      expect(["first", "second", "draw"]).toContain(game.result.winner);
    });
  }, 120_000);
});
