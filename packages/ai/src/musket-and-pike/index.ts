/**
 * Musket & Pike's players: random, greedy and strong, over the system's
 * wide API (reach, odds, autoDeploy). Hosts reach them through the level
 * registry (../levels.ts); the bench and tests may import them directly.
 */
export { greedyPolicy } from "./greedy.js";
export { MP_LEVELS } from "./levels.js";
export { deployedOpening, type Playout, playOut, randomGame } from "./playout.js";
export { deadEnd, deploymentAction, END_PHASE, type MpPolicy } from "./policy.js";
export { randomPolicy } from "./random.js";
export { DEFAULT_WEIGHTS, type MoveWeights } from "./strong/move-plan.js";
export { createStrongPolicy, type StrongOptions } from "./strong/strong.js";
