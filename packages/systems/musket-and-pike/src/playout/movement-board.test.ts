import { nextUint32, type PrngState, seedPrng } from "@tercio/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Action } from "../actions.js";
import { apply } from "../apply.js";
import type { GameContext } from "../context.js";
import { autoDeploy } from "../deployment.js";
import { hasMovementChoice, legalActions, movementChoices } from "../legal.js";
import { newGame } from "../new-game.js";
import { endPhaseError } from "../sequence.js";
import type { Position } from "../state/position.js";
import { catalog, ctxFor, setup } from "../test-support/setup.js";
import type { OptionalRule } from "../vocabulary.js";
import { type MovementBoard, movementBoard } from "./movement-board.js";

const SCENARIOS = catalog.scenarios.scenarios.map((s) => s.id);

/** A seeded draw in [0, n). */
function draw(rng: { state: PrngState }, n: number): number {
  const r = nextUint32(rng.state);
  rng.state = r.state;
  return r.value % n;
}

function deployed(ctx: GameContext, seed: number, optionalRules: OptionalRule[] = []): Position {
  const opened = newGame(ctx, { seed, optionalRules });
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  const take = (a: Action) => {
    const r = apply(ctx, position, a);
    if (!r.ok) throw new Error(r.error.message);
    position = r.value.position;
  };
  while (position.phase === "deployment")
    for (const a of [...autoDeploy(ctx, position), { type: "end-phase" } as const]) take(a);
  return position;
}

/** What the board answers and what the engine answers at one step of a Movement Phase, side by side. */
function compare(ctx: GameContext, position: Position, board: MovementBoard, everyMove: boolean): void {
  const engine = movementChoices(ctx, position);
  expect(board.count()).toBe(engine.count);
  expect(board.hasChoice()).toBe(hasMovementChoice(ctx, position));
  expect(board.canEnd()).toBe(endPhaseError(ctx, position) === undefined);
  const picks = everyMove
    ? Array.from({ length: engine.count }, (_, k) => k)
    : [0, engine.count >> 1, engine.count - 1];
  for (const k of picks) if (k >= 0) expect(board.at(k)).toEqual(engine.at(k));
  expect(board.at(engine.count)).toBeUndefined();
  // A board built afresh here says what the board followed move by move says.
  const fresh = movementBoard(ctx, position) as MovementBoard;
  expect(fresh.count()).toBe(engine.count);
  expect(fresh.canEnd()).toBe(board.canEnd());
}

/**
 * Plays on from `position`: the Movement Phases by the board (a move one
 * time in three ends the phase where it may), the rest at random among the
 * legal actions, comparing board and engine at every Movement Phase step.
 * Returns how many steps were compared.
 */
function playCompared(ctx: GameContext, start: Position, seed: number, steps: number, everyMove = 0): number {
  const rng = { state: seedPrng(seed) };
  let position = start;
  let board: MovementBoard | undefined;
  let boardAt: Position | undefined;
  let compared = 0;
  for (let i = 0; i < steps && position.phase !== "game-over"; i++) {
    let action: Action | undefined;
    if (position.phase === "movement" && !position.decision) {
      if (boardAt !== position) {
        // The same board follows the game from phase to phase, keeping the searches that still hold.
        if (!board?.follow(position)) board = movementBoard(ctx, position);
        boardAt = board ? position : undefined;
      }
      // Where the board does not cover the phase (16.13's fleet), the engine's own count plays.
      const b = board && boardAt === position ? board : engineChoices(ctx, position);
      if (board && boardAt === position) {
        compare(ctx, position, board, everyMove > 0 && compared % everyMove === 0);
        compared++;
      }
      const n = b.count();
      action = b.canEnd() && (n === 0 || draw(rng, 3) === 0) ? { type: "end-phase" } : b.at(draw(rng, n));
    } else {
      const legal = legalActions(ctx, position).filter((a) => a.type !== "withdraw" && a.type !== "reorder");
      const canEnd = legal.some((a) => a.type === "end-phase");
      const others = legal.filter((a) => a.type !== "end-phase");
      action =
        canEnd && (others.length === 0 || draw(rng, 3) === 0)
          ? { type: "end-phase" }
          : others[draw(rng, Math.max(1, others.length))];
    }
    if (!action) throw new Error(`no action at ${position.phase} in ${ctx.scenario.id}`);
    const r = apply(ctx, position, action);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(action)}: ${r.error.message}`);
    // The board plays its own phase's moves and gives the position `apply` gives; any other step ends its use.
    if (board && boardAt === position && action.type === "move") {
      board.play(action);
      const played = board.position();
      expect(played).toEqual(r.value.position);
      boardAt = played;
      position = played;
      continue;
    }
    boardAt = undefined;
    position = r.value.position;
  }
  return compared;
}

describe("the Movement Phase board of the playouts", () => {
  it("[5.1] [5.2F] [5.3K] [5.4L] [10.0] [16.22] counts, picks and ends as the engine does, step by step, in every scenario", () => {
    let compared = 0;
    for (const id of SCENARIOS) {
      const ctx = ctxFor(id);
      compared += playCompared(ctx, deployed(ctx, 7), 11, 400, 25);
    }
    expect(compared).toBeGreaterThan(17 * 20);
  }, 300_000);

  it("[5.1] [10.0] agrees with the engine on random games (property)", () => {
    let compared = 0;
    fc.assert(
      fc.property(fc.constantFrom(...SCENARIOS), fc.integer({ min: 0, max: 0xffffffff }), (id, seed) => {
        const ctx = ctxFor(id);
        compared += playCompared(ctx, deployed(ctx, seed), seed, 250);
      }),
      { numRuns: 12 },
    );
    expect(compared).toBeGreaterThan(0);
  }, 300_000);

  it("[16.22] [5.4L] [10.0] leaving the map, limbering and a full hex at the north edge of Fleurus, every move compared", () => {
    // The Protestants stack three (3001 full); the gun in 3003 is unlimbered; 3001 and 3002 are in the exit zone.
    const { ctx, position } = setup({
      scenario: "16.22",
      phasing: "second",
      phase: "movement",
      units: {
        "G-HC01": { side: "second", type: "HC", force: "main" },
        "G-PP01": { side: "second", type: "PP", force: "main" },
        "G-PP02": { side: "second", type: "PP", force: "main" },
        "G-PP03": { side: "second", type: "PP", force: "main" },
        "G-MA01": { side: "second", type: "MA", force: "main" },
        "B-PP01": { side: "first", type: "PP", force: "main" },
      },
      stacks: {
        "3002": ["G-HC01"],
        "3001": ["G-PP01", "G-PP02", "G-PP03"],
        "3004": ["G-MA01"],
        "2220": ["B-PP01"],
      },
    });
    const listed = movementChoices(ctx, position);
    const all = Array.from({ length: listed.count }, (_, k) => listed.at(k));
    expect(all.some((a) => a?.type === "move" && a.steps.includes("exit"))).toBe(true);
    expect(all.some((a) => a?.type === "move" && a.steps[0] === "limber")).toBe(true);
    expect(playCompared(ctx, position, 3, 60, 1)).toBeGreaterThan(3);
  });

  it("plays only a move of its own list, and gives the position of the moves played", () => {
    const ctx = ctxFor("16.24");
    const position = movementOf(ctx, deployed(ctx, 1));
    const board = movementBoard(ctx, position) as MovementBoard;
    expect(board.position()).toBe(position);
    expect(() => board.play({ type: "end-phase" })).toThrow(/not a move of this board/);
    const first = board.at(0) as Action;
    board.play(first);
    // The unit has moved: its move is no longer the board's.
    expect(() => board.play(first)).toThrow(/not a move of this board/);
    const second = board.at(board.count() - 1) as Action;
    board.play(second);
    // Two moves in one go: the position `apply` gives for them one after the other.
    const one = apply(ctx, position, first);
    const two = one.ok ? apply(ctx, one.value.position, second) : one;
    expect(two.ok && board.position()).toEqual(two.ok && two.value.position);
  });

  it("[13.0] [12.0] [14.0] [16.13] says where it does not cover a phase, so that the engine answers", () => {
    const lutzen = ctxFor("16.24");
    expect(movementBoard(lutzen, movementOf(lutzen, deployed(lutzen, 1)))).toBeDefined();
    for (const rule of ["road-movement", "infantry-squares", "dismounting-cavalry"] as const) {
      const position = movementOf(lutzen, deployed(lutzen, 1, [rule]));
      expect(movementBoard(lutzen, position), rule).toBeUndefined();
    }
    const nieuport = ctxFor("16.13");
    expect(movementBoard(nieuport, movementOf(nieuport, deployed(nieuport, 1)))).toBeUndefined();
    // Not a Movement Phase: nothing to count.
    const fire = deployed(lutzen, 1);
    expect(fire.phase).toBe("fire");
    expect(movementBoard(lutzen, fire)).toBeUndefined();
  });
});

/** The engine's answers, as a board's. */
function engineChoices(ctx: GameContext, position: Position): Pick<MovementBoard, "count" | "at" | "canEnd"> {
  const choices = movementChoices(ctx, position);
  return {
    count: () => choices.count,
    at: (k) => choices.at(k),
    canEnd: () => endPhaseError(ctx, position) === undefined,
  };
}

/** The first Movement Phase of a deployed game (the Fire Combat Phase ended with nothing fired). */
function movementOf(ctx: GameContext, position: Position): Position {
  const r = apply(ctx, position, { type: "end-phase" });
  if (!r.ok) throw new Error(r.error.message);
  expect(r.value.position.phase).toBe("movement");
  return r.value.position;
}
