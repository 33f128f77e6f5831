import { add, type Fraction, fraction, ONE, times, wholeTimes } from "./fraction.js";
import type { RulesData } from "./rules-data/schema.js";
import type { Armour, Cover } from "./vocabulary.js";

/**
 * Attack Values, Defense Values and Modifiers: one roll of fire or melee.
 * "LF = (AV + modifiers + d10). If the LF equals or exceeds the target's DF
 * there is a hit ... If the LF is 2X the target's DF the target loses 2
 * figures/points, 3X, 3 figures/points, etc." A notation LF=3(AV+3) means
 * "3 points are added to the d10 roll and the sum is added to the AV and
 * the class modifier. Then the total is multiplied by 3."
 */
export interface Strike {
  /** The AV: figures times their weapon's value, or a gun's points (Attack Values). */
  readonly av: Fraction;
  /** The class's d10 modifier (Preliminaries). */
  readonly classModifier: number;
  /** The other d10 modifiers, each with the paragraph that gives it. */
  readonly modifiers: readonly { readonly value: number; readonly rule: string }[];
  /** k of LF = k(AV+n): 1 unless a rule multiplies (stationary musketeers 1.5, enfilade 2). */
  readonly multiplier: Fraction;
  /** The d10 as rolled, 1 to 10. */
  readonly d10: number;
}

/**
 * The Lethality Factor, exact. "When the d10 roll is a natural 1 the LF is
 * halved": the LF as a whole, after any multiplier (docs/rules/plucky-pikes.md,
 * Defense Values).
 */
export function lethality(rules: RulesData, strike: Strike): Fraction {
  if (!Number.isInteger(strike.d10) || strike.d10 < 1 || strike.d10 > 10)
    throw new Error(`a d10 shows 1 to 10, not ${strike.d10}`);
  const modifiers = strike.modifiers.reduce((sum, m) => sum + m.value, 0);
  const sum = add(strike.av, fraction(strike.classModifier + modifiers + strike.d10));
  const lf = times(strike.multiplier, sum);
  return strike.d10 === 1 ? times(lf, rules.fire.naturalOne) : lf;
}

/**
 * Figures or points lost: one for an LF that equals or exceeds the DF, two
 * for twice the DF, and so on; none below it (a negative LF hurts no one).
 */
export function hits(lf: Fraction, df: number): number {
  return lf.num <= 0 ? 0 : wholeTimes(lf, fraction(df));
}

/** What a strike is made with: Cover and Armor's armour counts only against some of them. */
export type Weapon = "firearm" | "artillery" | "bow" | "crossbow" | "melee";

/**
 * DF = DV + modifiers: cover, and armour "only for melee, bows and
 * crossbows not firearms or artillery" (Cover and Armor).
 */
export function defenceFactor(
  rules: RulesData,
  target: { readonly cover?: Cover; readonly armour?: Armour },
  weapon: Weapon,
): number {
  const cover = target.cover ? rules.cover[target.cover] : 0;
  const armoured = weapon === "melee" || weapon === "bow" || weapon === "crossbow";
  const armour = armoured && target.armour ? rules.armour[target.armour] : 0;
  return rules.defence.dv + cover + armour;
}

/** Leadership: "A score of 86+ means that the unit suffered a leader casualty." */
export function leaderFalls(rules: RulesData, dPercent: number): boolean {
  return dPercent >= rules.leadership.casualtyFrom;
}

/** Artillery: on a counter-battery hit, "If the score is 86+ guns have been hit". */
export function gunsHit(rules: RulesData, dPercent: number): boolean {
  return dPercent >= rules.artillery.counterBattery.gunsHitFrom;
}

/** A strike with no multiplier: LF = AV + modifiers + d10. */
export const PLAIN = ONE;
