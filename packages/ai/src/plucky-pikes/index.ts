/**
 * Plucky Pikes and Stalwart Shot (001)'s players, over the system's wide
 * API. Hosts reach them through the level registry (../levels.ts); the
 * bench and tests may import them directly.
 */
export { PPSS_LEVELS } from "./levels.js";
export type { PpPolicy } from "./policy.js";
export { randomPolicy as ppRandomPolicy } from "./random.js";
