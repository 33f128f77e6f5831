import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Action } from "./actions.js";
import { apply } from "./apply.js";
import { autoDeploy } from "./deployment.js";
import { legalActions, legalMoves } from "./legal.js";
import { newGame } from "./new-game.js";
import { makeSavedGame, replay } from "./saved-game.js";
import { overStacked, stackingLimit } from "./stacking.js";
import { positionIssues, serialisePosition } from "./state/parse.js";
import type { Position } from "./state/position.js";
import { catalog, ctxFor } from "./test-support/setup.js";

/**
 * Random legal play: from the automatic set-up of a scenario, a sequence of
 * choices picks among the legal actions (ending the phase one time in four
 * when it may be ended). Each action the engine lists must be accepted, and
 * the position after it must be one the rules allow.
 */
function randomGame(scenario: string, seed: number, choices: readonly number[]) {
  const ctx = ctxFor(scenario);
  const opened = newGame(ctx, { seed });
  if (!opened.ok) throw new Error(opened.error.message);
  let position: Position = opened.value.position;
  const actions: Action[] = [];
  const take = (action: Action) => {
    const r = apply(ctx, position, action);
    if (!r.ok)
      throw new Error(`a listed legal action was refused: ${JSON.stringify(action)}: ${r.error.message}`);
    const before = position;
    position = r.value.position;
    actions.push(action);
    return before;
  };
  while (position.phase === "deployment")
    for (const a of [...autoDeploy(ctx, position), { type: "end-phase" } as const]) take(a);
  const unitCount = Object.keys(position.units).length;
  for (const choice of choices) {
    if (position.phase === "game-over") break;
    const legal = legalActions(ctx, position);
    expect(legal.length, "the engine never stalls: some action is always legal").toBeGreaterThan(0);
    const canEnd = legal.some((a) => a.type === "end-phase");
    const action =
      canEnd && choice % 4 === 0 ? { type: "end-phase" as const } : (legal[choice % legal.length] as Action);
    const before = take(action);
    expect(positionIssues(ctx, position)).toEqual([]);
    // Units are never lost or duplicated.
    expect(Object.keys(position.units)).toHaveLength(unitCount);
    const placed = Object.values(position.stacks).flat().length + Object.keys(position.offMap).length;
    expect(placed).toBe(unitCount);
    // 10.0: no player leaves his Movement Phase over his stacking limit.
    if (before.phase === "movement" && position.phase !== "movement") {
      expect(overStacked(ctx, position, before.phasing)).toEqual([]);
    }
  }
  return { ctx, position, actions };
}

const SCENARIOS = catalog.scenarios.scenarios.map((s) => s.id);

describe("invariants of random legal play", () => {
  it("[10.0] stacking holds at every phase end, no unit is lost or duplicated, every listed action is legal", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SCENARIOS),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.array(fc.nat(), { minLength: 10, maxLength: 60 }),
        (scenario, seed, choices) => {
          randomGame(scenario, seed, choices);
        },
      ),
      { numRuns: 36 },
    );
  }, 300_000);

  it("[4.1] the same seed and actions give the same game, byte for byte, and a save replays to the same hash", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SCENARIOS),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.array(fc.nat(), { minLength: 5, maxLength: 40 }),
        (scenario, seed, choices) => {
          const a = randomGame(scenario, seed, choices);
          const b = randomGame(scenario, seed, choices);
          expect(serialisePosition(b.position)).toBe(serialisePosition(a.position));
          const save = makeSavedGame(a.ctx, { seed, optionalRules: [] }, a.actions, a.position);
          const r = replay(catalog, save);
          expect(r.ok && serialisePosition(r.value.final)).toBe(serialisePosition(a.position));
        },
      ),
      { numRuns: 18 },
    );
  }, 300_000);
});

describe("whole games", () => {
  it("[4.1] random movement plays every scenario through to its last Game-Turn", () => {
    for (const scenario of SCENARIOS) {
      const ctx = ctxFor(scenario);
      const opened = newGame(ctx, { seed: 9 });
      if (!opened.ok) throw new Error(opened.error.message);
      let position: Position = opened.value.position;
      let rng = 12345;
      const next = (n: number) => {
        rng = (Math.imul(rng, 1103515245) + 12345) >>> 0;
        return rng % n;
      };
      const take = (action: Action) => {
        const r = apply(ctx, position, action);
        if (!r.ok) throw new Error(`${scenario}: ${JSON.stringify(action)}: ${r.error.message}`);
        position = r.value.position;
      };
      while (position.phase === "deployment")
        for (const a of [...autoDeploy(ctx, position), { type: "end-phase" } as const]) take(a);
      let guard = 0;
      while (position.phase !== "game-over" && guard++ < 10_000) {
        if (position.phase === "movement") {
          const mine = Object.keys(position.units).filter(
            (id) => position.units[id]?.side === position.phasing,
          );
          for (let k = 0; k < 4 && mine.length > 0; k++) {
            const id = mine[next(mine.length)] as string;
            const moves = legalMoves(ctx, position, id);
            if (!moves.ok) continue;
            // This policy never overstacks, so that every Movement Phase can end (10.0).
            const limit = stackingLimit(ctx, position.phasing);
            const roomy = moves.value.destinations.filter(
              (d) => (position.stacks[d.hex]?.length ?? 0) < limit,
            );
            const options = [
              ...roomy.map((d) => d.steps),
              ...(moves.value.exit ? [moves.value.exit.steps] : []),
            ];
            if (options.length > 0)
              take({ type: "move", unit: id, steps: [...(options[next(options.length)] ?? [])] });
          }
        }
        take({ type: "end-phase" });
      }
      expect(position.phase, scenario).toBe("game-over");
      expect(position.gameTurn, scenario).toBe(ctx.scenario.gameLength);
      expect(positionIssues(ctx, position)).toEqual([]);
    }
  }, 300_000);
});
