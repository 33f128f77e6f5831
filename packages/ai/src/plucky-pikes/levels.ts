import { createGreedyPolicy } from "./greedy.js";
import type { PpPolicy } from "./policy.js";
import { randomPolicy } from "./random.js";
import { createStrongPolicy } from "./strong/strong.js";

/** Plucky Pikes and Stalwart Shot (001)'s AI levels by name, weakest first; each call makes a player for one game. */
export const PPSS_LEVELS: Readonly<Record<string, () => PpPolicy>> = {
  random: () => randomPolicy,
  greedy: () => createGreedyPolicy(),
  strong: () => createStrongPolicy(),
};
