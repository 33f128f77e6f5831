/**
 * @tercio/ai: built-in players for Musket & Pike and a game loop between
 * two of them. Pure like the engine: no Node APIs, no clock, no Math.random
 * (each policy draws from its own seeded generator, rng.ts).
 */
import { greedyPolicy } from "./greedy.js";
import type { Policy } from "./policy.js";
import { randomPolicy } from "./random.js";
import { createStrongPolicy } from "./strong/strong.js";

export { greedyPolicy } from "./greedy.js";
export * from "./play.js";
export type { Policy } from "./policy.js";
export { randomPolicy } from "./random.js";
export * from "./rng.js";
export { DEFAULT_WEIGHTS, type MoveWeights } from "./strong/move-plan.js";
export { createStrongPolicy, type StrongOptions } from "./strong/strong.js";

/**
 * The built-in levels by name, weakest first. Each entry makes a player:
 * random and greedy keep no state and are shared; strong follows its
 * Movement Phase plan, so each game gets its own.
 */
const LEVELS: Readonly<Record<string, () => Policy>> = {
  random: () => randomPolicy,
  greedy: () => greedyPolicy,
  strong: () => createStrongPolicy(),
};

export const POLICY_NAMES = Object.keys(LEVELS);

/** A player of a built-in level ("random", "greedy", "strong"), or undefined: one per game. */
export function findPolicy(name: string): Policy | undefined {
  return Object.hasOwn(LEVELS, name) ? LEVELS[name]?.() : undefined;
}
