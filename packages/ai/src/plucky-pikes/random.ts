import { rngChance, rngInt } from "../rng.js";
import { safeLegalActions } from "./legal.js";
import { applied } from "./moves.js";
import { END_PHASE, type PpPolicy } from "./policy.js";

/**
 * Plays at random: uniformly among the legal actions (every engagement,
 * fire declaration, officer's move, counter-roll answer and the engine's
 * sample of moves: the whole and half advance, a URT's pivot about either
 * end, an about face, each change of formation, reorganising, reloading,
 * untangling, limbering), ending the phase with probability 1/3 whenever
 * ending is open and something else is, and always when nothing else is.
 * The initiative roll and a counter roll's answer have no ending: it picks
 * among what is open. The engine lists counter-roll answers without
 * checking them (a change of formation with no room to form is listed and
 * then refused), so a pick the engine refuses is struck off and the pick
 * made again among the rest: uniform among the actions it accepts (and
 * where legalActions throws, the list is built again: legal.ts).
 */
export const randomPolicy: PpPolicy = {
  name: "random",
  choose(ctx, position, rng) {
    const all = safeLegalActions(ctx, position);
    const others = all.filter((a) => a.type !== "end-phase");
    const canEnd = others.length < all.length;
    if (others.length === 0 || (canEnd && rngChance(rng, 1, 3))) return END_PHASE;
    while (others.length > 0) {
      const i = rngInt(rng, others.length);
      const pick = others[i];
      if (pick && (pick.type !== "react" || applied(ctx, position, pick))) return pick;
      others.splice(i, 1);
    }
    return canEnd ? END_PHASE : (all[0] ?? END_PHASE);
  },
};
