/**
 * @tercio/ai: built-in players and the game loop between two of them, for
 * any rule system (core's RuleSystem). Pure: no Node APIs, no clock, no
 * Math.random (each policy draws from its own seeded generator, rng.ts).
 * Each system's players live in a folder of their own (musket-and-pike/)
 * and are reached by level through levels.ts.
 */
export * from "./horse-and-musket-ch11/index.js";
export * from "./horse-and-musket-nt/index.js";
export * from "./levels.js";
export {
  createStrongPolicy,
  DEFAULT_WEIGHTS,
  deadEnd,
  deployedOpening,
  deploymentAction,
  END_PHASE,
  greedyPolicy,
  type MoveWeights,
  MP_LEVELS,
  type MpPolicy,
  type Playout,
  playOut,
  randomGame,
  randomPolicy,
  type StrongOptions,
} from "./musket-and-pike/index.js";
export * from "./play.js";
export type { AnyPolicy, Policy } from "./policy.js";
export * from "./rng.js";
