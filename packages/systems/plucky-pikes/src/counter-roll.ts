import { compare, type Fraction, fraction } from "./fraction.js";
import type { RulesData } from "./rules-data/schema.js";
import { mayCounterRoll } from "./urt.js";

/** What a unit charged may do instead of accepting as it stands (Melee, the Melee Counter Rolls Table, T-11). */
export type CounterOption = keyof RulesData["counterRolls"]["needed"];

/**
 * Melee: "If the attacker takes more than a URT, then roll a d10 and add
 * the unit's class modifier and use the Melee Counter Rolls Table. If the
 * score equals or exceeds that in the table the unit may change to a more
 * advantageous position, formation or counter-charge. Skirmishers may
 * withdraw. Units on a side that has already moved have no options."
 * The table's column is how far the attacker came in the target's URTs
 * (`inTargetUrts`): up to the first bound, up to the next, ..., beyond.
 */
export function counterColumn(rules: RulesData, urts: Fraction): number {
  const bounds = rules.counterRolls.urtColumns;
  const i = bounds.findIndex((b) => compare(urts, fraction(b)) <= 0);
  return i < 0 ? bounds.length : i;
}

/** The options the roll allows (the table's order); none where the side has already moved. */
export function counterOptions(
  rules: RulesData,
  urts: Fraction,
  d10: number,
  classModifier: number,
  sideHasMoved: boolean,
): CounterOption[] {
  if (sideHasMoved || !mayCounterRoll(urts)) return [];
  const column = counterColumn(rules, urts);
  const score = d10 + classModifier;
  return (Object.keys(rules.counterRolls.needed) as CounterOption[]).filter(
    (option) => score >= (rules.counterRolls.needed[option][column] as number),
  );
}
