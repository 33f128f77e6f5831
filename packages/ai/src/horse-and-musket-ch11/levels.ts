import { greedyPolicy } from "./greedy.js";
import type { Hm11Policy } from "./policy.js";
import { randomPolicy } from "./random.js";
import { createStrongPolicy } from "./strong/strong.js";

/**
 * Horse and Musket, chapter 11's AI levels by name, weakest first. Random
 * and greedy keep no state and are shared; strong keeps its player-turn
 * plan, so each game gets its own.
 */
export const HM11_LEVELS: Readonly<Record<string, () => Hm11Policy>> = {
  random: () => randomPolicy,
  greedy: () => greedyPolicy,
  strong: () => createStrongPolicy(),
};
