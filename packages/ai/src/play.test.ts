import {
  D6,
  dataError,
  err,
  HIDDEN_PRNG,
  makeRuleError,
  ok,
  otherSeat,
  type RuleSystem,
  type Seat,
  seedPrng,
} from "@tercio/core";
import { makeSavedGame, newGame, OPTIONAL_RULES, positionHash, replay } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { aiLevels, findPolicy, mpPolicy } from "./levels.js";
import { greedyPolicy } from "./musket-and-pike/greedy.js";
import type { MpPolicy } from "./musket-and-pike/policy.js";
import { randomPolicy } from "./musket-and-pike/random.js";
import { catalog, context, MP, playMp, SCENARIO_IDS } from "./musket-and-pike/test-support/seeds.js";
import { playGame } from "./play.js";
import type { AnyPolicy } from "./policy.js";

// Whole games: a few seconds each, more on a loaded machine.
describe("playGame", { timeout: 60_000 }, () => {
  it.each(SCENARIO_IDS)("[16.0] %s: greedy against greedy plays to a result", (id) => {
    const ctx = context(id);
    const game = playMp(ctx, { seed: 1, first: greedyPolicy, second: greedyPolicy });
    expect(game.position.phase).toBe("game-over");
    expect(MP.result(game.position)).toEqual(game.result);
    expect(game.gameTurns).toBe(game.position.result?.gameTurn);
    expect(game.gameTurns).toBeLessThanOrEqual(ctx.scenario.gameLength);
  });

  it("[4.1] the same seed and policies give the same game, byte for byte", () => {
    const ctx = context("16.31");
    for (const [first, second] of [
      [greedyPolicy, randomPolicy],
      [randomPolicy, randomPolicy],
    ] as const) {
      const a = playMp(ctx, { seed: 1, first, second });
      const b = playMp(ctx, { seed: 1, first, second });
      expect(positionHash(b.position)).toBe(positionHash(a.position));
      expect(b.actions).toEqual(a.actions);
    }
  });

  it("[4.1] another seed gives another game", () => {
    const ctx = context("16.31");
    const play = (seed: number) => playMp(ctx, { seed, first: randomPolicy, second: randomPolicy });
    expect(positionHash(play(4).position)).not.toBe(positionHash(play(1).position));
  });

  it("[16.0] a played game is a saved game that replays to the same final position", () => {
    const ctx = context("16.31");
    const game = playMp(ctx, { seed: 3, first: greedyPolicy, second: randomPolicy });
    const save = makeSavedGame(ctx, { seed: 3, optionalRules: [] }, game.actions, game.position);
    const replayed = replay(catalog, save);
    expect(replayed.ok && replayed.value.hash).toBe(positionHash(game.position));
  });

  it("reports the opening's events and each action's events", () => {
    const ctx = context("16.31");
    const seen: string[] = [];
    let actions = 0;
    const game = playMp(ctx, {
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
    const stubborn: MpPolicy = { name: "stubborn", choose: () => ({ type: "end-phase" }) };
    const ctx = context("16.31");
    expect(() => playMp(ctx, { seed: 1, first: stubborn, second: stubborn })).toThrow(
      /the stubborn policy \(first seat\) chose an illegal action at action 1 \(16\.31, Game-Turn 1 of \d+ — .* — Deployment\).*16\.0: .* still has/,
    );
  });

  it("throws when the game has not ended after maxActions", () => {
    const ctx = context("16.31");
    expect(() => playMp(ctx, { seed: 1, first: greedyPolicy, second: greedyPolicy, maxActions: 25 })).toThrow(
      /no result after 25 actions \(16\.31, Game-Turn 1 of \d+ — .*\): the game is stalling/,
    );
  });

  it("finds the built-in policies by name", () => {
    expect(mpPolicy("greedy")).toBe(greedyPolicy);
    expect(mpPolicy("random")).toBe(randomPolicy);
    // The strong level keeps its plan: each call makes a new player, one per game.
    expect(mpPolicy("strong")?.name).toBe("strong");
    expect(mpPolicy("strong")).not.toBe(mpPolicy("strong"));
    expect(mpPolicy("toString")).toBeUndefined();
    expect(mpPolicy("minimax")).toBeUndefined();
  });

  it("finds each system's levels by system and name", () => {
    expect(aiLevels("musket-and-pike")).toEqual(["random", "greedy", "strong"]);
    expect(aiLevels("no-such-system")).toEqual([]);
    expect(aiLevels("toString")).toEqual([]);
    expect(findPolicy("musket-and-pike", "greedy")).toBe(greedyPolicy);
    expect(findPolicy("musket-and-pike", "strong")?.name).toBe("strong");
    expect(findPolicy("musket-and-pike", "minimax")).toBeUndefined();
    expect(findPolicy("no-such-system", "greedy")).toBeUndefined();
    expect(mpPolicy("random")).toBe(randomPolicy);
    // A Musket & Pike policy is a policy of unknown types, with no cast: how hosts hold them.
    const held: AnyPolicy = greedyPolicy;
    expect(held.name).toBe("greedy");
  });
});

describe("playGame over the RuleSystem", () => {
  it.each(SCENARIO_IDS)(
    "[4.1] %s: the system's opening at the seed's generator is newGame's, under any optional rules",
    (id) => {
      const ctx = context(id);
      for (const seed of [0, 1, 7, 0xffffffff])
        for (const optionalRules of [[], [...OPTIONAL_RULES]]) {
          const opened = MP.open(ctx, { scenario: id, options: { optionalRules } }, seedPrng(seed));
          const direct = newGame(ctx, { seed, optionalRules });
          expect(opened.ok && direct.ok).toBe(true);
          if (!opened.ok || !direct.ok) return;
          expect(opened.value.position).toEqual(direct.value.position);
          expect(MP.hash(opened.value.position)).toBe(positionHash(direct.value.position));
          expect(opened.value.events).toEqual(direct.value.events);
        }
    },
  );

  it("plays a system that is not Musket & Pike: a race to ten, the seat to act from toAct only", () => {
    const game = playGame(
      RACE,
      undefined,
      { scenario: "race", options: {} },
      {
        seed: 9,
        first: { name: "ones", choose: () => 1 },
        second: { name: "twos", choose: () => 2 },
      },
    );
    // first 1, second 2, ...: the second seat reaches 10 after five of its turns.
    expect(game.result).toEqual({ winner: "second", reason: "reached 10" });
    expect(game.actions).toEqual([1, 2, 1, 2, 1, 2, 1, 2, 1, 2]);
    expect(game.actionCount).toBe(10);
    expect(game.gameTurns).toBe(5);
  });

  it("refuses a refused action with the seat, the policy and the system's words", () => {
    expect(() =>
      playGame(
        RACE,
        undefined,
        { scenario: "race", options: {} },
        {
          seed: 1,
          first: { name: "greedy-for-four", choose: () => 4 },
          second: { name: "twos", choose: () => 2 },
        },
      ),
    ).toThrow(
      /the greedy-for-four policy \(first seat\) chose an illegal action at action 1 \(race, turn 1: 0 to 0\): 4: race 1: a step is 1, 2 or 3/,
    );
  });
});

/** A race to ten: each seat in turn adds 1, 2 or 3 to its own count. */
interface Race {
  readonly counts: readonly [number, number];
  readonly next: Seat;
}
const RACE: RuleSystem<undefined, Race, number, string, Record<string, never>> = {
  id: "race",
  title: "Race to ten",
  version: "1",
  replaysVersion: (v) => v === "1",
  rules: { version: "1", hash: "0000000000000000" },
  dice: D6,
  errorCodes: ["race/step"],
  scenarios: () => [{ id: "race", name: "Race", summary: "to ten" }],
  options: () => [],
  parseSetup: () => ok({ scenario: "race", options: {} }),
  context: () => ok(undefined),
  open: () => ok({ position: { counts: [0, 0], next: "first" }, events: ["opened"], dice: [] }),
  setupOf: () => ({ scenario: "race", options: {} }),
  parseAction: (raw) => (typeof raw === "number" ? ok(raw) : err(dataError("action", []))),
  parsePosition: () => err(dataError("position", [])),
  makePosition: (p) => p,
  hash: (p) => p.counts.join("-"),
  apply(_ctx, p, step) {
    if (![1, 2, 3].includes(step))
      return err(makeRuleError("race/step", "1", "race 1", "a step is 1, 2 or 3"));
    const [a, b] = p.counts;
    const counts: [number, number] = p.next === "first" ? [a + step, b] : [a, b + step];
    return ok({ position: { counts, next: otherSeat(p.next) }, events: [`+${step}`], dice: [] });
  },
  toAct: (p) => (Math.max(...p.counts) >= 10 ? null : p.next),
  result: (p) =>
    p.counts[0] >= 10
      ? { winner: "first", reason: "reached 10" }
      : p.counts[1] >= 10
        ? { winner: "second", reason: "reached 10" }
        : null,
  publicView: (p) => p,
  diceState: () => HIDDEN_PRNG,
  legalActions: () => [1, 2, 3],
  status: (_ctx, p) => ({
    turn: Math.ceil(Math.max(...p.counts) / 2),
    phase: "race",
    text: `turn ${Math.ceil(Math.max(...p.counts) / 2) || 1}: ${p.counts[0]} to ${p.counts[1]}`,
  }),
  seatName: (_ctx, seat) => seat,
  describeEvent: (_ctx, e) => e,
  cite: (rule) => rule,
};
