import { legalActions } from "@tercio/horse-and-musket-nt";
import { rngChance, rngInt } from "../rng.js";
import { END_PHASE, type NtPolicy } from "./policy.js";

/**
 * Plays at random: uniformly among the legal actions (every shot, roll,
 * reform, charge, fall back and rally, and the engine's sample of moves),
 * ending the phase with probability 1/3 whenever something else is open,
 * and always when nothing else is.
 */
export const randomPolicy: NtPolicy = {
  name: "random",
  choose(ctx, position, rng) {
    const others = legalActions(ctx, position).filter((a) => a.type !== "end-phase");
    if (others.length === 0 || rngChance(rng, 1, 3)) return END_PHASE;
    return others[rngInt(rng, others.length)] ?? END_PHASE;
  },
};
