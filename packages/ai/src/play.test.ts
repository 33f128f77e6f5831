import { makeSavedGame, positionHash, replay } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { greedyPolicy } from "./greedy.js";
import { findPolicy, POLICY_NAMES } from "./index.js";
import { playGame } from "./play.js";
import type { Policy } from "./policy.js";
import { randomPolicy } from "./random.js";
import { catalog, context, SCENARIO_IDS } from "./test-support/seeds.js";

// Whole games: a few seconds each, more on a loaded machine.
describe("playGame", { timeout: 60_000 }, () => {
  it.each(SCENARIO_IDS)("[16.0] %s: greedy against greedy plays to a result", (id) => {
    const ctx = context(id);
    const game = playGame(ctx, { seed: 1, first: greedyPolicy, second: greedyPolicy });
    expect(game.position.phase).toBe("game-over");
    expect(game.position.result).toEqual(game.result);
    expect(game.gameTurns).toBe(game.result.gameTurn);
    expect(game.gameTurns).toBeLessThanOrEqual(ctx.scenario.gameLength);
  });

  it("[4.1] the same seed and policies give the same game, byte for byte", () => {
    const ctx = context("16.31");
    for (const [first, second] of [
      [greedyPolicy, randomPolicy],
      [randomPolicy, randomPolicy],
    ] as const) {
      const a = playGame(ctx, { seed: 1, first, second });
      const b = playGame(ctx, { seed: 1, first, second });
      expect(positionHash(b.position)).toBe(positionHash(a.position));
      expect(b.actions).toEqual(a.actions);
    }
  });

  it("[4.1] another seed gives another game", () => {
    const ctx = context("16.31");
    const play = (seed: number) => playGame(ctx, { seed, first: randomPolicy, second: randomPolicy });
    expect(positionHash(play(4).position)).not.toBe(positionHash(play(1).position));
  });

  it("[16.0] a played game is a saved game that replays to the same final position", () => {
    const ctx = context("16.31");
    const game = playGame(ctx, { seed: 3, first: greedyPolicy, second: randomPolicy });
    const save = makeSavedGame(ctx, { seed: 3, optionalRules: [] }, game.actions, game.position);
    const replayed = replay(catalog, save);
    expect(replayed.ok && replayed.value.hash).toBe(positionHash(game.position));
  });

  it("reports the opening's events and each action's events", () => {
    const ctx = context("16.31");
    const seen: string[] = [];
    let actions = 0;
    const game = playGame(ctx, {
      seed: 3,
      first: greedyPolicy,
      second: greedyPolicy,
      onEvents: (events, action) => {
        if (action) actions++;
        for (const e of events) seen.push(e.type);
      },
    });
    expect(actions).toBe(game.actionCount);
    expect(seen[0]).toBe("phase-began");
    expect(seen.at(-1)).toBe("game-ended");
  });

  it("throws when a policy chooses an illegal action", () => {
    const stubborn: Policy = { name: "stubborn", choose: () => ({ type: "end-phase" }) };
    const ctx = context("16.31");
    expect(() => playGame(ctx, { seed: 1, first: stubborn, second: stubborn })).toThrow(
      /the stubborn policy \(first player\) chose an illegal action at action 1 \(16\.31, Game-Turn 1, first player, deployment\).*16\.0: .* still has/,
    );
  });

  it("throws when the game has not ended after maxActions", () => {
    const ctx = context("16.31");
    expect(() =>
      playGame(ctx, { seed: 1, first: greedyPolicy, second: greedyPolicy, maxActions: 25 }),
    ).toThrow(/no result after 25 actions \(16\.31, Game-Turn 1, .*\): the game is stalling/);
  });

  it("finds the built-in policies by name", () => {
    expect(POLICY_NAMES).toEqual(["random", "greedy", "strong"]);
    expect(findPolicy("greedy")).toBe(greedyPolicy);
    expect(findPolicy("random")).toBe(randomPolicy);
    // The strong level keeps its plan: each call makes a new player, one per game.
    expect(findPolicy("strong")?.name).toBe("strong");
    expect(findPolicy("strong")).not.toBe(findPolicy("strong"));
    expect(findPolicy("toString")).toBeUndefined();
    expect(findPolicy("minimax")).toBeUndefined();
  });
});
