import { compare, type Fraction, fraction, times } from "./fraction.js";
import type { RulesData } from "./rules-data/schema.js";
import type { UnitClass } from "./vocabulary.js";

/**
 * Movement: "A URT is the time it takes the unit to accomplish something.
 * For example it takes 1 URT to change formation which means an elite unit
 * takes 1/3 move while a line unit takes ½ move." A URT is a length: the
 * class's fraction of the unit's move, taken out of what it may still move.
 * Moves and lengths are ticks (the rules data's lengths once loaded).
 */
export function urtLength(rules: RulesData, unitClass: UnitClass, move: number): Fraction {
  return times(rules.classes[unitClass].urt, fraction(move));
}

/** The length `urts` URTs take of a unit's move (activities that take more than one, the URT Table). */
export function urtsLength(rules: RulesData, unitClass: UnitClass, move: number, urts: number): Fraction {
  return times(fraction(urts), urtLength(rules, unitClass, move));
}

/**
 * Melee: "When a unit that hasn't yet moved is attacked and the attacker
 * has moved less than 1URT of the target unit, the target must accept
 * melee as it stands." How far the attacker came, in the target's URTs.
 */
export function inTargetUrts(
  rules: RulesData,
  attackerDistance: Fraction,
  targetClass: UnitClass,
  targetMove: number,
): Fraction {
  const urt = urtLength(rules, targetClass, targetMove);
  return times(attackerDistance, fraction(urt.den, urt.num));
}

/**
 * Melee: whether the target may roll to react ("If the attacker takes more
 * than a URT, then roll"). The text says a target attacked from less than
 * one URT must accept as it stands, and one attacked from more may roll:
 * an attacker that came exactly one URT gives no roll either (the roll needs
 * more; docs/rules/plucky-pikes.md).
 */
export function mayCounterRoll(urts: Fraction): boolean {
  return compare(urts, fraction(1)) > 0;
}
