/**
 * Horse and Musket, the NT-inspired rules (003)'s players, over the
 * system's wide API. Hosts reach them through the level registry
 * (../levels.ts); the bench and tests may import them directly.
 */
export { HMNT_LEVELS } from "./levels.js";
export type { NtPolicy } from "./policy.js";
export { randomPolicy as ntRandomPolicy } from "./random.js";
