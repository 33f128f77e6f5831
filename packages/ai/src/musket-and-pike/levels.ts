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

/**
 * Players reachable by name (the arena, `tercio play`) but not offered as
 * levels: the alternatives the arena weighs against a level. The rollout
 * strong player weighs its Movement Phase plans by playing on through the
 * enemy's next Player-Turn (strong/rollouts.ts); see docs/ai.md for how it
 * fared against the static one.
 */
export const MP_VARIANTS: Readonly<Record<string, () => MpPolicy>> = {
  "strong-rollouts": () => createStrongPolicy({ rollouts: 2 }),
};
