import { otherSeat } from "@tercio/core";
import { type Action, legalActions, type Position } from "@tercio/plucky-pikes";
import { describe, expect, it } from "vitest";
import { shotOdds } from "./fire.js";
import { createGreedyPolicy } from "./greedy.js";
import { randomPolicy } from "./random.js";
import { PPSS, PPSS_SCENARIOS, playPp, ppGame, recording } from "./test-support/games.js";

/**
 * The players' odds of a shot are the engine's: each fire declaration
 * offered in a game between random and greedy, resolved alone by the
 * engine with a face of the d10 given (and the leader's d% given low),
 * costs the target the hits the players' odds give for that face; and the
 * players find a shot exactly where the engine offers one.
 */
function engineHits(
  scenario: string,
  position: Position,
  shot: Extract<Action, { type: "fire" }>,
  face: number,
): number | undefined {
  const { ctx } = ppGame(scenario);
  const alone: Position = {
    ...position,
    part: "fire-1",
    fire: [{ unit: shot.unit, target: shot.target, hailshot: shot.hailshot ?? false }],
    declared: [otherSeat(position.toMove)],
  };
  const step = PPSS.apply(ctx, alone, { type: "end-phase" }, [face, 5, 5, 5, 5, 5, 5, 5, 5]);
  if (!step.ok) throw new Error(step.error.message);
  const strike = step.value.events.find((e) => e.type === "strike");
  return strike?.type === "strike" ? strike.hits : undefined;
}

describe("Plucky Pikes (001): the players' odds of a shot", () => {
  it("are the engine's, face by face, for the shots offered in games", () => {
    let checked = 0;
    for (const scenario of PPSS_SCENARIOS) {
      const { ctx } = ppGame(scenario);
      const seen: Position[] = [];
      playPp(scenario, {
        seed: 7,
        first: recording(randomPolicy, seen),
        second: recording(createGreedyPolicy(), seen),
      });
      const fireSteps = seen.filter((p) => (p.part === "fire-1" || p.part === "fire-2") && !p.reaction);
      for (const [i, position] of fireSteps.entries()) {
        if (i % 4 !== 0) continue;
        // Shots at horse teams are the engine's alone: the players never fire at a team (no score counts it).
        const offered = legalActions(ctx, position).filter(
          (a): a is Extract<typeof a, { type: "fire" }> => a.type === "fire" && !a.team,
        );
        // Where the players see a shot the engine offers one, and the other way round.
        for (const id of Object.keys(position.units).sort()) {
          const u = position.units[id];
          if (!u || u.gone || u.side !== position.toMove || u.fired) continue;
          if (position.fire.some((f) => f.unit === id)) continue;
          for (const tid of Object.keys(position.units).sort()) {
            const tu = position.units[tid];
            if (!tu || tu.gone || tu.side === u.side) continue;
            const engine = offered.some((a) => a.unit === id && a.target === tid && !a.hailshot);
            expect(shotOdds(ctx, position, id, tid) !== undefined, `${id} at ${tid}`).toBe(engine);
          }
        }
        for (const shot of offered) {
          const odds = shotOdds(ctx, position, shot.unit, shot.target, { hailshot: shot.hailshot ?? false });
          expect(odds).toBeDefined();
          for (const face of [1, 3, 6, 10]) {
            expect(odds?.byFace[face - 1], `${JSON.stringify(shot)} face ${face}`).toBe(
              engineHits(scenario, position, shot, face) ?? 0,
            );
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  }, 60_000);
});
