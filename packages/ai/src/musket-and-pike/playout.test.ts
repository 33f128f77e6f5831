import { hashOf } from "@tercio/core";
import { describe, expect, it } from "vitest";
import { seatRngs } from "../play.js";
import { deployedOpening, playOut, randomGame } from "./playout.js";
import { randomPolicy } from "./random.js";
import { context, MP, playMp, SCENARIO_IDS } from "./test-support/seeds.js";

describe("the fast playout path, checked against the generic game loop", () => {
  it("plays the game playGame plays with the random policy, action for action, in every scenario", () => {
    for (const [i, scenario] of SCENARIO_IDS.entries()) {
      const ctx = context(scenario);
      const seed = 1000 + i;
      const slow = playMp(ctx, { seed, first: randomPolicy, second: randomPolicy });
      const fast = randomGame(ctx, seed);
      expect(hashOf(fast.position), scenario).toBe(hashOf(slow.position));
      // playGame also counts the deployment's actions: the playout starts after them.
      expect(fast.actions, scenario).toBeLessThan(slow.actionCount);
      expect(fast.position.phase).toBe("game-over");
    }
  }, 120_000);

  it("opens deployed, the same for every seed but the dice, as the engine deploys with autoDeploy", () => {
    const ctx = context("16.24");
    const a = deployedOpening(ctx, 1);
    const b = deployedOpening(ctx, 2);
    expect(a.phase).not.toBe("deployment");
    expect(a.prng).not.toBe(b.prng);
    expect(hashOf({ ...a, prng: b.prng })).toBe(hashOf(b));
    expect(MP.toAct(a)).not.toBeNull();
  });

  it("stops where a rollout's horizon says", () => {
    const ctx = context("16.24");
    const start = deployedOpening(ctx, 5);
    const turn = start.gameTurn;
    const out = playOut(ctx, start, randomPolicy, seatRngs(5), (p) => p.gameTurn > turn);
    expect(out.position.gameTurn).toBe(turn + 1);
    expect(out.actions).toBeGreaterThan(0);
  });
});
