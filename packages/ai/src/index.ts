/**
 * @tercio/ai: built-in players for Musket & Pike and a game loop between
 * two of them. Pure like the engine: no Node APIs, no clock, no Math.random
 * (each policy draws from its own seeded generator, rng.ts).
 */
import { greedyPolicy } from "./greedy.js";
import type { Policy } from "./policy.js";
import { randomPolicy } from "./random.js";

export { greedyPolicy } from "./greedy.js";
export * from "./play.js";
export type { Policy } from "./policy.js";
export { randomPolicy } from "./random.js";
export * from "./rng.js";

/** The built-in policies by name. */
export const POLICIES: Readonly<Record<string, Policy>> = { greedy: greedyPolicy, random: randomPolicy };

export const POLICY_NAMES = Object.keys(POLICIES);

/** A built-in policy by name ("greedy", "random"), or undefined. */
export function findPolicy(name: string): Policy | undefined {
  return Object.hasOwn(POLICIES, name) ? POLICIES[name] : undefined;
}
