import { createRng, greedyPolicy } from "@tercio/ai";
import {
  type Action,
  apply,
  defaultCatalog,
  gameContext,
  makeSavedGame,
  newGame,
  type SavedGame,
} from "@tercio/musket-and-pike";

/**
 * A whole game played by the greedy policy on both sides to its end: what
 * the end screen and the replay are tested on, without playing it through
 * the browser.
 */
export function endedGame(scenario: string, seed: number, maxActions = 4000): SavedGame {
  const ctx = gameContext(defaultCatalog(), scenario);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const opened = newGame(ctx.value, { seed });
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  const actions: Action[] = [];
  const rng = createRng(seed);
  for (let i = 0; i < maxActions && position.phase !== "game-over"; i++) {
    const action = greedyPolicy.choose(ctx.value, position, rng);
    const step = apply(ctx.value, position, action);
    if (!step.ok) throw new Error(step.error.message);
    actions.push(action);
    position = step.value.position;
  }
  if (position.phase !== "game-over") throw new Error(`${scenario} did not end in ${maxActions} actions`);
  return makeSavedGame(ctx.value, { seed, optionalRules: [] }, actions, position);
}
