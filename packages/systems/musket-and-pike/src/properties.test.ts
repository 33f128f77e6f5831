import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Action } from "./actions.js";
import { apply } from "./apply.js";
import type { GameContext } from "./context.js";
import { autoDeploy } from "./deployment.js";
import { hasMovementChoice, legalActions, legalMoves, movementChoices } from "./legal.js";
import { moverIfAble } from "./movement/mover.js";
import { sharedOccupancy } from "./movement/occupancy.js";
import { reachFrom } from "./movement/reachability.js";
import { curableOverstacks } from "./movement/stacking-guard.js";
import { newGame } from "./new-game.js";
import { makeSavedGame, replay } from "./saved-game.js";
import { overStacked, overStackedIn } from "./stacking.js";
import { positionHash, positionIssues, serialisePosition } from "./state/parse.js";
import type { Position } from "./state/position.js";
import { hexOfUnit } from "./state/stacks.js";
import { catalog, ctxFor } from "./test-support/setup.js";
import { OPTIONAL_RULES, type OptionalRule } from "./vocabulary.js";

/**
 * Random legal play: from the automatic set-up of a scenario, a sequence of
 * choices picks among the legal actions (ending the phase one time in four
 * when it may be ended). Each action the engine lists must be accepted, and
 * the position after it must be one the rules allow.
 */
function randomGame(
  scenario: string,
  seed: number,
  choices: readonly number[],
  optionalRules: readonly OptionalRule[] = [],
  each?: (ctx: GameContext, position: Position) => void,
) {
  const ctx = ctxFor(scenario);
  const opened = newGame(ctx, { seed, optionalRules });
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
    each?.(ctx, position);
    expect(positionIssues(ctx, position)).toEqual([]);
    // Units are never lost or duplicated.
    expect(Object.keys(position.units)).toHaveLength(unitCount);
    const placed = Object.values(position.stacks).flat().length + Object.keys(position.offMap).length;
    expect(placed).toBe(unitCount);
    // 10.0: no player leaves his Movement Phase over his stacking limit.
    if (before.phase === "movement" && position.phase !== "movement") {
      expect(curableOverstacks(ctx, before, before.phasing)).toEqual([]);
    }
  }
  return { ctx, position, actions };
}

const SCENARIOS = catalog.scenarios.scenarios.map((s) => s.id);

/** The five optional rules (11.0-15.0). */
const PLAYABLE_OPTIONS: readonly OptionalRule[] = OPTIONAL_RULES;
const OPTIONAL_CASES: readonly [string, OptionalRule][] = [
  ["11.0", "caracolla"],
  ["12.0", "infantry-squares"],
  ["13.0", "road-movement"],
  ["14.0", "dismounting-cavalry"],
  ["15.0", "artillery-capture"],
];

describe("invariants of random legal play", () => {
  it("[10.0] stacking holds at every phase end, no unit is lost or duplicated, every listed action is legal", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SCENARIOS),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.array(fc.nat(), { minLength: 10, maxLength: 60 }),
        fc.subarray([...PLAYABLE_OPTIONS]),
        (scenario, seed, choices, optional) => {
          randomGame(scenario, seed, choices, optional);
        },
      ),
      { numRuns: 36 },
    );
  }, 300_000);

  it("[5.1] [10.0] legalActions lists every move legalMoves allows each unit, and no other", () => {
    let compared = 0;
    const finalHexes = (ctx: GameContext, position: Position) => {
      const listed = new Map<string, Set<string>>();
      for (const a of legalActions(ctx, position)) {
        // Limbering or unlimbering where the gun stands (5.4) is a move to no hex: legalMoves lists hexes.
        if (a.type !== "move" || a.steps.every((s) => s === "limber" || s === "unlimber")) continue;
        const hexes = a.steps.filter((s) => /^\d{4}$/.test(s));
        // Converting to Road Mode where the unit stands (13.0) moves it to its own hex.
        const end = a.steps.includes("exit")
          ? "exit"
          : (hexes.at(-1) ?? hexOfUnit(position, a.unit) ?? "off the map");
        listed.set(a.unit, (listed.get(a.unit) ?? new Set()).add(end));
      }
      return listed;
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...SCENARIOS),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.array(fc.nat(), { minLength: 20, maxLength: 80 }),
        (scenario, seed, choices) => {
          randomGame(scenario, seed, choices, [], (ctx, position) => {
            if (position.phase !== "movement" || position.decision) return;
            const listed = finalHexes(ctx, position);
            for (const id of Object.keys(position.units)) {
              if (position.units[id]?.side !== position.phasing || position.moved.includes(id)) continue;
              const moves = legalMoves(ctx, position, id);
              const allowed = new Set<string>(moves.ok ? moves.value.destinations.map((d) => d.hex) : []);
              if (moves.ok && moves.value.exit) allowed.add("exit");
              expect([...(listed.get(id) ?? [])].sort(), id).toEqual([...allowed].sort());
              compared++;
            }
          });
        },
      ),
      { numRuns: 12 },
    );
    expect(compared).toBeGreaterThan(0);
  }, 300_000);

  it("[5.1] [10.0] count-and-pick: movementChoices counts and builds exactly legalActions' moves, dismounts and squares, in order", () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...SCENARIOS),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.array(fc.nat(), { minLength: 20, maxLength: 80 }),
        fc.subarray([...PLAYABLE_OPTIONS]),
        (scenario, seed, choices, optional) => {
          randomGame(scenario, seed, choices, optional, (ctx, position) => {
            if (position.phase !== "movement" || position.decision) return;
            const legal = legalActions(ctx, position);
            // What movementChoices covers: all of legalActions up to the reorders and end-phase, which follow.
            const end = legal.findIndex((a) => a.type === "reorder" || a.type === "end-phase");
            const prefix = end < 0 ? legal : legal.slice(0, end);
            expect(
              legal.slice(prefix.length).every((a) => a.type === "reorder" || a.type === "end-phase"),
            ).toBe(true);
            const choicesNow = movementChoices(ctx, position);
            expect(choicesNow.count).toBe(prefix.length);
            const built = prefix.map((_, k) => choicesNow.at(k));
            expect(JSON.stringify(built)).toBe(JSON.stringify(prefix));
            expect(choicesNow.at(prefix.length)).toBeUndefined();
            // The random player's question before it counts: is there any choice at all?
            expect(hasMovementChoice(ctx, position)).toBe(prefix.length > 0);
            compared++;
          });
        },
      ),
      { numRuns: 10 },
    );
    expect(compared).toBeGreaterThan(0);
  }, 300_000);

  it("[5.1] [5.2F] [5.3K] [12.2B] [10.0] the plain search (one layer, no fleet) finds what the general loop finds, state by state", () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...SCENARIOS),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.array(fc.nat(), { minLength: 20, maxLength: 60 }),
        fc.subarray([...PLAYABLE_OPTIONS]),
        (scenario, seed, choices, optional) => {
          randomGame(scenario, seed, choices, optional, (ctx, position) => {
            if (position.phase !== "movement" || position.decision) return;
            const occ = sharedOccupancy(ctx.map, position);
            // 10.0: the hexes over the limit, read off the occupancy as off the stacks.
            for (const side of ["first", "second"] as const)
              expect(overStackedIn(ctx, occ, side)).toEqual(overStacked(ctx, position, side));
            for (const id of Object.keys(position.units)) {
              const m = moverIfAble(ctx, position, id);
              if (!m) continue;
              const plain = reachFrom(ctx, occ, m);
              const general = reachFrom(ctx, occ, m, true);
              expect(Array.from(plain.stateCost)).toEqual(Array.from(general.stateCost));
              expect(Array.from(plain.statePrev)).toEqual(Array.from(general.statePrev));
              expect(Array.from(plain.hexes)).toEqual(Array.from(general.hexes));
              expect([plain.exitCost, plain.exitFrom, plain.canUnlimber]).toEqual([
                general.exitCost,
                general.exitFrom,
                general.canUnlimber,
              ]);
              compared++;
            }
          });
        },
      ),
      { numRuns: 8 },
    );
    expect(compared).toBeGreaterThan(0);
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

/**
 * One whole game of random legal play, from the automatic set-up to the
 * result: every choice is among `legalActions` (ending the phase one time
 * in three when it may end, and never withdrawing an allocation, so that
 * play always moves on). Returns the final position and how many actions it took.
 */
function wholeRandomGame(
  scenario: string,
  seed: number,
  check: boolean,
  optionalRules: readonly OptionalRule[] = [],
) {
  const ctx = ctxFor(scenario);
  const opened = newGame(ctx, { seed, optionalRules });
  if (!opened.ok) throw new Error(opened.error.message);
  let position: Position = opened.value.position;
  let rng = seed >>> 0 || 1;
  const next = (n: number) => {
    rng ^= rng << 13;
    rng ^= rng >>> 17;
    rng ^= rng << 5;
    return (rng >>> 0) % n;
  };
  const take = (action: Action) => {
    const r = apply(ctx, position, action);
    if (!r.ok)
      throw new Error(
        `${scenario}: a listed legal action was refused: ${JSON.stringify(action)}: ${r.error.message}`,
      );
    position = r.value.position;
    if (check) expect(positionIssues(ctx, position)).toEqual([]);
  };
  while (position.phase === "deployment")
    for (const a of [...autoDeploy(ctx, position), { type: "end-phase" } as const]) take(a);
  const unitCount = Object.keys(position.units).length;
  let actions = 0;
  while (position.phase !== "game-over" && actions++ < 50_000) {
    const legal = legalActions(ctx, position).filter((a) => a.type !== "withdraw" && a.type !== "reorder");
    expect(legal.length, `${scenario}: some action is always legal`).toBeGreaterThan(0);
    const canEnd = legal.some((a) => a.type === "end-phase");
    take(canEnd && next(3) === 0 ? { type: "end-phase" } : (legal[next(legal.length)] as Action));
    const placed = Object.values(position.stacks).flat().length + Object.keys(position.offMap).length;
    expect(placed, `${scenario}: units are never lost or duplicated`).toBe(unitCount);
  }
  return { ctx, position, actions };
}

describe("whole games", () => {
  it("[4.1] [16.0] random legal play (fire, movement, melee, retreats, advances) ends every scenario with a result", () => {
    for (const scenario of SCENARIOS) {
      const { ctx, position } = wholeRandomGame(scenario, 9, true);
      expect(position.phase, scenario).toBe("game-over");
      expect(position.result, scenario).toBeDefined();
      expect(position.gameTurn, scenario).toBeLessThanOrEqual(ctx.scenario.gameLength);
    }
  }, 600_000);

  it("[11.0] [12.0] [13.0] [14.0] [15.0] with every optional rule on, random legal play still ends every scenario cleanly", () => {
    for (const scenario of SCENARIOS) {
      const { position } = wholeRandomGame(scenario, 5, true, PLAYABLE_OPTIONS);
      expect(position.phase, scenario).toBe("game-over");
      expect(position.result, scenario).toBeDefined();
    }
  }, 600_000);

  it.each(OPTIONAL_CASES)(
    "[%s] with %s alone, random legal play ends every scenario",
    (_case, rule) => {
      for (const scenario of SCENARIOS) {
        const { ctx, position } = wholeRandomGame(scenario, 13, false, [rule]);
        expect(position.phase, scenario).toBe("game-over");
        expect(positionIssues(ctx, position), scenario).toEqual([]);
      }
    },
    600_000,
  );

  it("[4.1] the same seed and choices give the same whole game, byte for byte", () => {
    for (const scenario of SCENARIOS) {
      const a = wholeRandomGame(scenario, 31, false);
      const b = wholeRandomGame(scenario, 31, false);
      expect(positionHash(b.position), scenario).toBe(positionHash(a.position));
    }
  }, 600_000);
});
