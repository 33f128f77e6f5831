import { legalActions } from "@tercio/plucky-pikes";
import { rngChance, rngInt } from "../rng.js";
import { END_PHASE, type PpPolicy } from "./policy.js";

/**
 * Plays at random: uniformly among the legal actions (every engagement,
 * fire declaration, officer's move, counter-roll answer and the engine's
 * sample of moves: the whole and half advance, a URT's pivot about either
 * end, an about face, each change of formation, reorganising, reloading,
 * untangling, limbering, a gun's team placed anew), ending the phase with
 * probability 1/3 whenever ending is open and something else is, and always
 * when nothing else is. The initiative roll and a counter roll's answer have
 * no ending: it picks among what is open. Every action listed is one the
 * engine accepts (its legalActions checks each, counter-roll answers too).
 */
export const randomPolicy: PpPolicy = {
  name: "random",
  choose(ctx, position, rng) {
    const all = legalActions(ctx, position);
    const others = all.filter((a) => a.type !== "end-phase");
    const canEnd = others.length < all.length;
    if (others.length === 0 || (canEnd && rngChance(rng, 1, 3))) return END_PHASE;
    return others[rngInt(rng, others.length)] ?? END_PHASE;
  },
};
