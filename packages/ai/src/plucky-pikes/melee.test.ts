import { otherSeat } from "@tercio/core";
import type { Position } from "@tercio/plucky-pikes";
import { describe, expect, it } from "vitest";
import { createGreedyPolicy } from "./greedy.js";
import { blowByFace } from "./melee.js";
import { randomPolicy } from "./random.js";
import { PPSS, PPSS_SCENARIOS, playPp, ppGame, recording } from "./test-support/games.js";

/**
 * The players' odds of a melee's blows are the engine's: in melees of
 * games between random and greedy, the engine's Melee part, given one
 * face for every blow of the first melee, makes each blow the hits the
 * players' odds give for it.
 */
const TAIL = Array.from({ length: 600 }, (_, i) => [2, 5, 8][i % 3] as number);

describe("Plucky Pikes (001): the players' odds of a melee", () => {
  it("are the engine's, blow by blow, in the melees of games", () => {
    let checked = 0;
    for (const scenario of PPSS_SCENARIOS) {
      const { ctx } = ppGame(scenario);
      for (const seed of [3]) {
        const seen: Position[] = [];
        playPp(scenario, {
          seed,
          first: recording(randomPolicy, seen),
          second: recording(createGreedyPolicy(), seen),
        });
        const withMelee = seen.filter((p) => p.melees.length > 0 && p.part === "fire-2" && !p.reaction);
        for (const position of withMelee.filter((_, i) => i % 3 === 0).slice(0, 3)) {
          const m = position.melees[0];
          if (!m) continue;
          const last: Position = { ...position, fire: [], declared: [otherSeat(position.toMove)] };
          for (const face of [1, 4, 7, 10]) {
            const given = [...m.attackers, ...m.defenders].map(() => face);
            const step = PPSS.apply(ctx, last, { type: "end-phase" }, [...given, ...TAIL]);
            if (!step.ok) throw new Error(step.error.message);
            const strikes = step.value.events.filter((e) => e.type === "strike" && e.kind === "melee");
            const firstMelee = strikes
              .filter((e) => e.type === "strike" && e.d10 === face)
              .slice(0, given.length);
            for (const e of firstMelee) {
              if (e.type !== "strike") continue;
              if (![...m.attackers, ...m.defenders].includes(e.unit)) continue;
              expect(blowByFace(ctx, position, m, e.unit, e.target)[face - 1], `${e.unit} face ${face}`).toBe(
                e.hits,
              );
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  }, 60_000);
});
