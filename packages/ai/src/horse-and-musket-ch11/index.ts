/**
 * Horse and Musket, chapter 11's players: random, greedy and strong, over
 * the system's wide API (checkMove, chargePath, the exact expected hits).
 * Hosts reach them through the level registry (../levels.ts); the bench
 * and tests may import them directly.
 */
export { greedyPolicy as hm11GreedyPolicy } from "./greedy.js";
export { HM11_LEVELS } from "./levels.js";
export type { Hm11Policy } from "./policy.js";
export { randomPolicy as hm11RandomPolicy } from "./random.js";
export {
  createStrongPolicy as createHm11StrongPolicy,
  type StrongOptions as Hm11StrongOptions,
} from "./strong/strong.js";
