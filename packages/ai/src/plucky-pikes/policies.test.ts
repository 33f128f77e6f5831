import { type Action, PLUCKY_PIKES, type Position } from "@tercio/plucky-pikes";
import { describe, expect, it } from "vitest";
import { aiLevels, findPolicy } from "../levels.js";
import { createRng } from "../rng.js";
import { PPSS_LEVELS } from "./levels.js";
import type { PpPolicy } from "./policy.js";
import { PPSS, PPSS_SCENARIOS, playPp, ppGame, recording } from "./test-support/games.js";

const LEVELS = Object.keys(PPSS_LEVELS);

function player(level: string): PpPolicy {
  const make = PPSS_LEVELS[level];
  if (!make) throw new Error(`no level ${level}`);
  return make();
}

describe("Plucky Pikes (001): the AI levels", () => {
  it("are registered under the system's id, weakest first, and make a player per game", () => {
    expect(aiLevels(PLUCKY_PIKES)).toEqual(["random", "greedy", "strong"]);
    for (const level of aiLevels(PLUCKY_PIKES)) expect(findPolicy(PLUCKY_PIKES, level)?.name).toBe(level);
    expect(findPolicy(PLUCKY_PIKES, "grandmaster")).toBeUndefined();
  });

  it("choose only actions the engine accepts, in every kind of position a game brings", () => {
    // Positions from games between different levels (moves, fire steps, counter rolls, the first initiative).
    const scenario = PPSS_SCENARIOS[1] ?? (PPSS_SCENARIOS[0] as string);
    const { ctx } = ppGame(scenario);
    const seen: Position[] = [];
    playPp(scenario, {
      seed: 21,
      first: recording(player("greedy"), seen),
      second: recording(player("random"), seen),
    });
    const kinds = new Set(seen.map((p) => (p.reaction ? "react" : p.part)));
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(["fire-1", "fire-2", "initiative", "move-1", "move-2"]),
    );
    for (const level of LEVELS) {
      const rng = createRng(5);
      for (const [i, position] of seen.entries()) {
        if (i % 3 !== 0 && !position.reaction) continue;
        const action = player(level).choose(ctx, position, rng);
        const step = PPSS.apply(ctx, position, action);
        expect(step.ok, `${level} at ${i}: ${JSON.stringify(action)}`).toBe(true);
      }
    }
  }, 120_000);

  it("play the same game again for the same seed", () => {
    const scenario = PPSS_SCENARIOS[0] as string;
    for (const level of LEVELS) {
      const play = (): Action[] =>
        playPp(scenario, { seed: 33, first: player(level), second: player("greedy") }).actions;
      expect(play(), level).toEqual(play());
    }
  }, 120_000);
});
