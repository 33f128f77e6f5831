import type { Seat } from "@tercio/core";
import type { Action, Ctx, Melee, Position } from "@tercio/plucky-pikes";
import { legalActions } from "@tercio/plucky-pikes";
import { meleeBalance } from "./melee.js";
import { applied } from "./moves.js";
import { meleeOf } from "./policy.js";

/** A melee's next move as a side sees it (higher is better for that side). */
export type MeleeScorer = (ctx: Ctx, position: Position, m: Melee, side: Seat) => number;

/** Hits dealt less hits taken (greedy's reading). */
export const hitsBalance: MeleeScorer = (ctx, position, m, side) => {
  const b = meleeBalance(ctx, position, m, side);
  return b.dealt - b.taken;
};

/**
 * The answer to a counter roll (Melee: the target "may change to a more
 * advantageous position, formation or counter-charge. Skirmishers may
 * withdraw"): each answer the roll allows, applied by the engine (an
 * answer it refuses, such as a formation with no room, is left out), and
 * the melee's first move scored as the target's side sees it: a hedgehog
 * against horse, a face against a flank attack, a counter-charge, or a
 * withdrawal (worth nothing either way) where the melee would go badly.
 */
export function bestReaction(ctx: Ctx, position: Position, score: MeleeScorer = hitsBalance): Action {
  const r = position.reaction;
  const accept: Action = { type: "react", choice: "accept" };
  if (!r) return accept;
  const side = position.units[r.unit]?.side ?? position.toMove;
  let best: { action: Action; value: number } | undefined;
  for (const action of legalActions(ctx, position)) {
    if (action.type !== "react") continue;
    const next = applied(ctx, position, action);
    if (!next) continue;
    const m = meleeOf(next, r.unit);
    const value = m ? score(ctx, next, m, side) : 0;
    // Ties keep the simpler answer (accept is listed first).
    if (!best || value > best.value + 1e-9) best = { action, value };
  }
  return best?.action ?? accept;
}
