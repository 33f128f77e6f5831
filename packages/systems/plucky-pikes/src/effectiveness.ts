import type { RulesData } from "./rules-data/schema.js";
import { EFFECTIVENESS, type Effectiveness } from "./vocabulary.js";

/**
 * Effectiveness: "Infantry units, cavalry units, and artillery batteries
 * have 4 levels of effectiveness: Steady, Shaken, Broken and Routed", by
 * the figures (or points) a unit keeps out of its original number (T-15).
 * Compared exactly: kept × 100 > threshold × original, so that 75.5% of a
 * unit of thirty is above 75% and Steady.
 */
export function effectivenessOf(rules: RulesData, original: number, kept: number): Effectiveness {
  if (!Number.isInteger(original) || original < 1 || !Number.isInteger(kept) || kept < 0 || kept > original)
    throw new Error(`a unit keeps 0 to ${original} of its ${original} figures, not ${kept}`);
  const e = rules.effectiveness;
  const above = (percent: number) => kept * 100 > percent * original;
  if (above(e.steadyAbove)) return "steady";
  if (above(e.shakenAbove)) return "shaken";
  if (above(e.brokenAbove)) return "broken";
  return "routed";
}

/**
 * Effectiveness: "At the end of a move in which a unit drops below a level,
 * make a rally roll"; and Fatigue & Pursuit: "A unit that falls below a
 * level, also falls back 6"". Whether `after` is a lower level than `before`.
 */
export function droppedBelow(before: Effectiveness, after: Effectiveness): boolean {
  return EFFECTIVENESS.indexOf(after) > EFFECTIVENESS.indexOf(before);
}

/** Melee: "Only a Steady unit can initiate melee. Only a Steady or Shaken unit can accept melee." */
export function mayInitiateMelee(level: Effectiveness): boolean {
  return level === "steady";
}

export function mayAcceptMelee(level: Effectiveness): boolean {
  return level === "steady" || level === "shaken";
}
