import { createRng, greedyPolicy } from "@tercio/ai";
import {
  type Action,
  apply,
  defaultCatalog,
  gameContext,
  legalActions,
  makeSavedGame,
  newGame,
  type Position,
  replay,
  type SavedGame,
  unitHexes,
} from "@tercio/musket-and-pike";

/**
 * A saved game played by the greedy policy on both sides up to the first
 * position where `wanted` holds: the browser tests load it to reach a fire or
 * melee opportunity without scripting a whole approach march.
 */
export function savedGameUntil(
  scenario: string,
  seed: number,
  wanted: (position: Position, legal: readonly Action[]) => boolean,
  maxActions = 3000,
): SavedGame {
  const catalog = defaultCatalog();
  const ctx = gameContext(catalog, scenario);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const opened = newGame(ctx.value, { seed });
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  const actions: Action[] = [];
  const rng = createRng(seed);
  for (let i = 0; i < maxActions; i++) {
    if (position.phase === "game-over") break;
    if (wanted(position, legalActions(ctx.value, position))) {
      return makeSavedGame(ctx.value, { seed, optionalRules: [] }, actions, position);
    }
    const action = greedyPolicy.choose(ctx.value, position, rng);
    const step = apply(ctx.value, position, action);
    if (!step.ok) throw new Error(step.error.message);
    actions.push(action);
    position = step.value.position;
  }
  throw new Error(`no such position in ${scenario} with seed ${seed}`);
}

/** The Phasing Player may allocate fire and nothing is allocated yet. */
export const fireOpportunity = (p: Position, legal: readonly Action[]) =>
  p.phase === "fire" && !p.decision && p.attacks.length === 0 && legal.some((a) => a.type === "fire");

/** The Phasing Player may declare a melee and nothing is declared yet. */
export const meleeOpportunity = (p: Position, legal: readonly Action[]) =>
  p.phase === "melee" && !p.decision && p.attacks.length === 0 && legal.some((a) => a.type === "attack");

/**
 * The first allocation of this kind the engine offers at the end of a saved
 * game (a single-hex melee for "attack"), with the allocated unit's hex:
 * what a browser test clicks.
 */
export function firstAllocation(
  save: SavedGame,
  type: "fire" | "attack",
): { readonly unit: string; readonly from: string; readonly target: string } {
  const replayed = replay(defaultCatalog(), save);
  if (!replayed.ok) throw new Error(replayed.error.message);
  const { ctx, final } = replayed.value;
  for (const a of legalActions(ctx, final)) {
    const target =
      a.type === "fire" && type === "fire"
        ? a.target
        : a.type === "attack" && type === "attack" && a.targets.length === 1
          ? a.targets[0]
          : undefined;
    if ((a.type !== "fire" && a.type !== "attack") || target === undefined) continue;
    const from = unitHexes(final).get(a.unit);
    if (from) return { unit: a.unit, from, target };
  }
  throw new Error(`the saved game offers no ${type}`);
}
