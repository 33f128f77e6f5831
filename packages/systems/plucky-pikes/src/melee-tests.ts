import type { RulesData } from "./rules-data/schema.js";

/**
 * The melee's rolls against a printed number (Melee; Fatigue & Pursuit).
 * Each takes the d10 as rolled and the unit's class modifier where the
 * text adds it.
 */

/** Melee: "A unit that lost a melee rolls a d10 and adds its Class mod. 6 or less means it lost its flag." */
export function losesFlag(rules: RulesData, d10: number, classModifier: number): boolean {
  return d10 + classModifier <= rules.melee.flagLostAtOrBelow;
}

/**
 * Fatigue & Pursuit: "At the end of each move roll a d10 (don't add the
 * class mod). If the score doesn't equal or exceed the total of fatigue
 * points, the unit falls back 6"."
 */
export function fallsBackFromFatigue(d10: number, fatigueTotal: number): boolean {
  return d10 < fatigueTotal;
}

/**
 * Fatigue & Pursuit: "When a unit stands and its opponent withdraws,
 * subtract the number of figures from the unit that withdraws from the unit
 * that stood. Add that to the unit's class mod and a d10 roll. If the score
 * is 20+ the victorious unit advances and the melee continues."
 */
export function pursues(
  rules: RulesData,
  standerFigures: number,
  withdrawerFigures: number,
  classModifier: number,
  d10: number,
): boolean {
  return standerFigures - withdrawerFigures + classModifier + d10 >= rules.melee.pursuitFrom;
}

/** The fatigue points a unit takes for a move in melee (T-14); none for pikes and hedgehogs, nor in a war without quarter. */
export function fatiguePoints(
  rules: RulesData,
  unitClass: keyof RulesData["classes"],
  c: {
    readonly pikeOrHedgehog?: boolean;
    readonly flankOrRearAttack?: boolean;
    readonly noQuarter?: boolean;
  } = {},
): number {
  // "Units making flank/rear attacks or the equivalent are exempt from fatigue for that round of melee."
  if (c.noQuarter || c.flankOrRearAttack) return 0;
  return c.pikeOrHedgehog ? rules.fatigue.pikeOrHedgehog : rules.fatigue[unitClass];
}
