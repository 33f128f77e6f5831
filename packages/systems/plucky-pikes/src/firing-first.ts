import type { RulesData } from "./rules-data/schema.js";

/** The situations of the Firing First Table (T-10) a unit is in. */
export type FiringSituation = keyof RulesData["firingFirst"];

/**
 * Firing First: "When formed units fire at each other each rolls a d10,
 * add its class modifier and situation modifier listed in the Firing First
 * Table. The higher score fires first. Ties fire simultaneously."
 */
export function firingFirstScore(
  rules: RulesData,
  d10: number,
  classModifier: number,
  situations: readonly FiringSituation[],
): number {
  return d10 + classModifier + situations.reduce((sum, s) => sum + rules.firingFirst[s], 0);
}

/** Who fires first of two scores: "a", "b", or both at once on a tie. */
export function firesFirst(a: number, b: number): "a" | "b" | "together" {
  return a > b ? "a" : b > a ? "b" : "together";
}
