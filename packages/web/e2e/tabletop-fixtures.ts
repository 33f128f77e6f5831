import { createRng, findPolicy } from "@tercio/ai";
import type { Save } from "@tercio/core";
import { type Action, type Ctx, horseAndMusket, type Position } from "@tercio/horse-and-musket-ch11";
import { act, type Game, type LocalSetup, startGame, toSavedGame } from "../src/shell/session.js";

/**
 * Chapter-11 saved games for the browser tests, made with the browser's own
 * session: the greedy AI plays both sides from a scenario's opening until
 * `wanted` holds (a charge or a shot open to the side to act), so the test
 * loads the file instead of scripting an approach march.
 */
export type Hm11Game = Game<Ctx, Position, Action, unknown>;

export function hm11SaveUntil(
  scenario: string,
  seed: number,
  wanted: (ctx: Ctx, position: Position, legal: readonly Action[]) => boolean,
  maxActions = 2000,
): { save: Save; game: Hm11Game } {
  const setup: LocalSetup = {
    system: horseAndMusket.id,
    scenario,
    options: {},
    seed,
    controllers: { first: { kind: "human" }, second: { kind: "human" } },
    undo: true,
  };
  const started = startGame(horseAndMusket, setup);
  if (!started.ok) throw new Error(started.error.message);
  let game = started.value as Hm11Game;
  const policy = findPolicy(horseAndMusket.id, "greedy");
  if (!policy) throw new Error("no greedy level for chapter 11");
  const rng = createRng(seed);
  for (let i = 0; i < maxActions; i++) {
    const legal = horseAndMusket.legalActions(game.ctx, game.position);
    if (wanted(game.ctx, game.position, legal)) return { save: toSavedGame(game as Game), game };
    if (horseAndMusket.toAct(game.position) === null) break;
    const step = act(game, policy.choose(game.ctx, game.position, rng) as Action);
    if (!step.ok) throw new Error(step.error.message);
    game = step.value;
  }
  throw new Error(`no such position in ${scenario} (seed ${seed})`);
}

/** The first charge open to the side to act, in the Movement phase. */
export function chargeOpen(_ctx: Ctx, position: Position, legal: readonly Action[]): boolean {
  return position.phase === "movement" && legal.some((a) => a.type === "charge");
}

/** A Shooting phase with a shot open, and nothing moved yet that phase. */
export function shotOpen(_ctx: Ctx, position: Position, legal: readonly Action[]): boolean {
  return position.phase === "shooting" && legal.some((a) => a.type === "shoot");
}

/**
 * Meeting Engagement, W-CAV1 8" short of the crossroads on the post road
 * (a road move of 15" east, then both sides' phases ended), its side to
 * move: a road move round the corner is open.
 */
export function hm11AtCrossroads(): { save: Save; game: Hm11Game } {
  const setup: LocalSetup = {
    system: horseAndMusket.id,
    scenario: "meeting-engagement",
    options: {},
    seed: 1,
    controllers: { first: { kind: "human" }, second: { kind: "human" } },
    undo: true,
  };
  const started = startGame(horseAndMusket, setup);
  if (!started.ok) throw new Error(started.error.message);
  let game = started.value as Hm11Game;
  const play = (a: Action) => {
    const step = act(game, a);
    if (!step.ok) throw new Error(step.error.message);
    game = step.value;
  };
  const westToMove = () => {
    for (let i = 0; i < 12; i++) {
      const p = game.position;
      if (p.toMove === "first" && p.phase === "movement" && p.units["W-CAV1"]?.acted === "none") return;
      play({ type: "end-phase" });
    }
    throw new Error("the West never came to move");
  };
  westToMove();
  play({ type: "move", unit: "W-CAV1", program: [{ op: "road", ticks: 15 * 6096 }] });
  westToMove();
  return { save: toSavedGame(game as Game), game };
}
