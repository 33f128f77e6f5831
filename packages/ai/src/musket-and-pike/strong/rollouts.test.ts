import { hashOf, seedPrng } from "@tercio/core";
import { apply, newGame, type Position } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { aiLevels, findPolicy } from "../../levels.js";
import { createRng } from "../../rng.js";
import { greedyPolicy } from "../greedy.js";
import { context, playMp } from "../test-support/seeds.js";
import { planMovement } from "./move-plan.js";
import { PORTFOLIO, searchMovement } from "./plan-search.js";
import { rolloutWorth } from "./rollouts.js";
import { createStrongPolicy } from "./strong.js";

/** Greedy plays both sides from the opening to the start of a Movement Phase. */
function movementAt(id: string, gameTurn: number, phasing: "first" | "second"): Position {
  const ctx = context(id);
  const opened = newGame(ctx, { seed: 3 });
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  const rng = createRng(3);
  for (let n = 0; ; n++) {
    if (
      position.phase === "movement" &&
      position.phasing === phasing &&
      position.gameTurn === gameTurn &&
      !position.decision
    )
      return position;
    if (position.phase === "game-over" || n > 20_000) throw new Error(`${id}: never reached the phase`);
    const step = apply(ctx, position, greedyPolicy.choose(ctx, position, rng));
    if (!step.ok) throw new Error(step.error.message);
    position = step.value.position;
  }
}

describe("the strong level weighing plans by rollouts", { timeout: 120_000 }, () => {
  it("[5.0] a plan's rollout worth depends on the rollouts' seeds, never on the game's own dice", () => {
    const ctx = context("16.24");
    const position = movementAt("16.24", 3, "second");
    const plan = planMovement(ctx, position, PORTFOLIO[1]);
    const worth = rolloutWorth(ctx, position, plan, [11, 12]);
    expect(Number.isFinite(worth)).toBe(true);
    // Another PRNG state in the position (the dice the game will roll): the same worth.
    const otherDice = { ...position, prng: seedPrng(987_654) };
    expect(rolloutWorth(ctx, otherDice, plan, [11, 12])).toBe(worth);
    // Other rollout seeds play other dice: over a few, some rollout ends elsewhere.
    const others = [21, 22, 23, 24].map((s) => rolloutWorth(ctx, position, plan, [s]));
    expect(new Set([worth, ...others]).size).toBeGreaterThan(1);
  });

  it("[5.0] the search keeps the plan whose rollouts are worth most, and chooses the same whatever the game's dice", () => {
    const ctx = context("16.24");
    const position = movementAt("16.24", 3, "first");
    const seeds = [5, 6];
    const plans = PORTFOLIO.map((w) => planMovement(ctx, position, w));
    const worths = plans.map((plan) => rolloutWorth(ctx, position, plan, seeds));
    const chosen = searchMovement(ctx, position, PORTFOLIO, 2, undefined, seeds);
    expect(chosen).toEqual(plans[worths.indexOf(Math.max(...worths))]);
    const otherDice = searchMovement(
      ctx,
      { ...position, prng: seedPrng(4242) },
      PORTFOLIO,
      2,
      undefined,
      seeds,
    );
    expect(otherDice).toEqual(chosen);
  });

  it("[4.1] the same seed gives the same game, byte for byte, and the variant is reached by name but not offered as a level", () => {
    const ctx = context("16.31");
    const play = () =>
      playMp(ctx, {
        seed: 5,
        first: createStrongPolicy({ rollouts: 2 }),
        second: createStrongPolicy({ rollouts: 2 }),
      });
    const a = play();
    const b = play();
    expect(JSON.stringify(a.actions)).toBe(JSON.stringify(b.actions));
    expect(hashOf(a.position)).toBe(hashOf(b.position));
    expect(findPolicy("musket-and-pike", "strong-rollouts")?.name).toBe("strong");
    expect(aiLevels("musket-and-pike")).not.toContain("strong-rollouts");
  });
});
