import { greedyPolicy } from "./greedy.js";
import type { MpPolicy } from "./policy.js";
import { randomPolicy } from "./random.js";
import { createStrongPolicy } from "./strong/strong.js";

/**
 * Musket & Pike's AI levels by name, weakest first. Each entry makes a
 * player: random and greedy keep no state and are shared; strong follows its
 * Movement Phase plan, so each game gets its own.
 */
export const MP_LEVELS: Readonly<Record<string, () => MpPolicy>> = {
  random: () => randomPolicy,
  greedy: () => greedyPolicy,
  strong: () => createStrongPolicy(),
};
