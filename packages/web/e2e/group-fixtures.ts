import {
  type Action,
  apply,
  autoDeploy,
  defaultCatalog,
  gameContext,
  legalMoves,
  makeSavedGame,
  newGame,
  type Position,
  replay,
  type SavedGame,
  stackingLimit,
} from "@tercio/musket-and-pike";

/** Saved games for the browser tests of group moves and of what a move says (group-moves, move-feedback). */

/**
 * Lutzen (16.24), the Swedes' first Movement Phase: 45 units to bring on
 * from the east edge (16.0's errata: the compass rose was printed upside
 * down), 11 on the map. Both sides set up by autoDeploy, the
 * Swedes' Fire Combat Phase passed.
 */
export const LUTZEN = lutzenUntil("movement");

/**
 * Lutzen (16.24), the first Game-Turn's first phase: the Swedes' Fire Combat
 * Phase, both sides set up by autoDeploy (seed 7).
 */
export const LUTZEN_OPENING = lutzenUntil("fire");

function lutzenUntil(phase: "fire" | "movement"): SavedGame {
  const ctx = gameContext(defaultCatalog(), "16.24");
  if (!ctx.ok) throw new Error(ctx.error.message);
  const opened = newGame(ctx.value, { seed: 7, optionalRules: [] });
  if (!opened.ok) throw new Error(opened.error.message);
  let position = opened.value.position;
  const actions: Action[] = [];
  while (position.phase !== phase) {
    const next: Action[] = position.phase === "deployment" ? [...autoDeploy(ctx.value, position)] : [];
    next.push({ type: "end-phase" });
    for (const a of next) {
      const r = apply(ctx.value, position, a);
      if (!r.ok) throw new Error(r.error.message);
      position = r.value.position;
      actions.push(a);
    }
  }
  return makeSavedGame(ctx.value, { seed: 7, optionalRules: [] }, actions, position);
}

export function finalOf(save: SavedGame): Position {
  const r = replay(defaultCatalog(), save);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.final;
}

/** The First Player's stacks on the map at the start of the phase, top unit first. */
export const ownStacks = (p: Position) =>
  Object.entries(p.stacks).filter(([, ids]) => p.units[ids[0] ?? ""]?.side === "first");

/**
 * 10.0: a move into a full stack that the engine accepts mid-phase (the
 * units there can still leave), taken by the top unit of another stack.
 */
export function overstackingMove(save: SavedGame): { from: string; to: string } {
  const r = replay(defaultCatalog(), save);
  if (!r.ok) throw new Error(r.error.message);
  const { ctx, final } = r.value;
  const limit = stackingLimit(ctx, "first");
  const full = new Set(
    ownStacks(final)
      .filter(([, ids]) => ids.length === limit)
      .map(([hex]) => hex),
  );
  for (const [from, ids] of ownStacks(final)) {
    const moves = legalMoves(ctx, final, ids[0] ?? "");
    if (!moves.ok) continue;
    const to = moves.value.destinations.find((d) => full.has(d.hex) && d.hex !== from)?.hex;
    if (to) return { from, to };
  }
  throw new Error("no move into a full stack");
}
