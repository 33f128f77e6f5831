import { createGreedyPolicy } from "./greedy.js";
import type { NtPolicy } from "./policy.js";
import { randomPolicy } from "./random.js";
import { createStrongPolicy } from "./strong/strong.js";

/** Horse and Musket (003)'s AI levels by name, weakest first; each call makes a player for one game. */
export const HMNT_LEVELS: Readonly<Record<string, () => NtPolicy>> = {
  random: () => randomPolicy,
  greedy: () => createGreedyPolicy(),
  strong: () => createStrongPolicy(),
};
