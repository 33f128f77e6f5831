import { describe, expect, it } from "vitest";
import { PPSS_LEVELS } from "./levels.js";
import type { PpPolicy } from "./policy.js";
import { PPSS_SCENARIOS, playPp, ppGame } from "./test-support/games.js";

/**
 * "Every scenario plays to a result under every AI level": each designed
 * scenario, each level against itself and against greedy (random and
 * strong take the first seat against greedy in every other scenario, the
 * second in the rest), a seed of its own per game. playGame applies every chosen action through the
 * engine and throws on the first it refuses, on a dead end (no legal
 * action at all) and on a stalled game; each game here must end with a
 * result, within the scenario's turns.
 */
const LEVELS = Object.keys(PPSS_LEVELS);

function player(level: string): PpPolicy {
  const make = PPSS_LEVELS[level];
  if (!make) throw new Error(`no level ${level}`);
  return make();
}

/** Each level against itself, and random and strong against greedy (their seat alternating by scenario). */
function pairingsFor(s: number): [string, string][] {
  const out: [string, string][] = LEVELS.map((level) => [level, level] as [string, string]);
  for (const level of LEVELS)
    if (level !== "greedy") out.push(s % 2 === 0 ? [level, "greedy"] : ["greedy", level]);
  return out;
}

describe("[001 The Game Turn] every game plays to a result", () => {
  PPSS_SCENARIOS.forEach((scenario, s) => {
    it(`${scenario}, every level against itself and against greedy`, () => {
      const { ctx } = ppGame(scenario);
      pairingsFor(s).forEach(([first, second], i) => {
        const game = playPp(scenario, {
          seed: 7000 + 31 * s + i,
          first: player(first),
          second: player(second),
        });
        expect(game.position.part, `${first}:${second}`).toBe("over");
        expect(["first", "second", "draw"]).toContain(game.result.winner);
        expect(game.gameTurns).toBeLessThanOrEqual(ctx.scenario.turns);
      });
    }, 300_000);
  });
});
