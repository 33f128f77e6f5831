import {
  type Action,
  apply,
  autoDeploy,
  defaultCatalog,
  type GameContext,
  gameContext,
  newGame,
  type Position,
} from "@tercio/musket-and-pike";
import { actAll, type Game } from "../../shell/session.js";

/** Helpers for the headless tests of the browser game (not shipped: only tests import this file). */

export const catalog = defaultCatalog();

/** A scenario's opening position (Brentford by default), seed 1, no optional rules. */
export function opening(scenario = "16.31"): { ctx: GameContext; position: Position } {
  const ctx = gameContext(catalog, scenario);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const opened = newGame(ctx.value, { seed: 1, optionalRules: [] });
  if (!opened.ok) throw new Error(opened.error.message);
  return { ctx: ctx.value, position: opened.value.position };
}

/** The position after these actions, each of which must be legal. */
export function playPositions(ctx: GameContext, position: Position, ...actions: Action[]): Position {
  let p = position;
  for (const a of actions) {
    const r = apply(ctx, p, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
    p = r.value.position;
  }
  return p;
}

/** Both sides set up by autoDeploy and the First Player's Fire Combat Phase passed: his Movement Phase. */
export function movementPhase(scenario = "16.31"): { ctx: GameContext; position: Position } {
  const { ctx, position } = opening(scenario);
  let p = position;
  while (p.phase === "deployment") p = playPositions(ctx, p, ...autoDeploy(ctx, p), { type: "end-phase" });
  return { ctx, position: playPositions(ctx, p, { type: "end-phase" }) };
}

/** The game after these actions, each of which must be legal. */
export function playGame<C, P, A, E>(game: Game<C, P, A, E>, ...actions: A[]): Game<C, P, A, E> {
  const r = actAll(game, actions);
  if (!r.ok) throw new Error(`${JSON.stringify(actions[r.index])}: ${r.error.message}`);
  return r.value;
}
