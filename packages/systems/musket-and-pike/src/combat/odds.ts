import { combatResult, type RulesContext } from "../rules-data/rules-context.js";
import { COMBAT_RESULTS, type CombatResult, type DieRoll, type Odds } from "../vocabulary.js";

/**
 * 6.3(H), 8.1: the odds column for an attack. The ratio is rounded in the
 * defender's favour (26 to 9 is 2-1; 4 to 9 is 1-3) and clamped to the
 * table's 1-4 and 5-1 columns. Strengths may be in any common unit (the
 * engine counts half points so that halving stays exact).
 */
export function oddsColumn(attack: number, defence: number): Odds {
  if (defence <= 0) return "5-1";
  if (attack <= 0) return "1-4";
  if (attack >= defence) {
    const n = Math.min(5, Math.floor(attack / defence));
    return `${n}-1` as Odds;
  }
  const n = Math.min(4, Math.ceil(defence / attack));
  return `1-${n}` as Odds;
}

/** 8.4: the die roll used on the table, with the attacker's +1 where an attacked hex holds a disrupted unit. */
export function effectiveRoll(die: number, modifier: number): DieRoll {
  return Math.min(7, Math.max(1, die + modifier)) as DieRoll;
}

export interface Outcome {
  readonly result: CombatResult;
  /** Faces of the die (out of six) giving this result. */
  readonly sixths: number;
  readonly probability: number;
}

/** The exact chance of each result before the die is rolled: each face is 1/6. */
export function outcomes(
  rules: RulesContext,
  table: "melee" | "fire",
  odds: Odds,
  modifier: number,
): Outcome[] {
  const sixths = new Map<CombatResult, number>(COMBAT_RESULTS.map((r) => [r, 0]));
  for (let die = 1; die <= 6; die++) {
    const r = combatResult(rules, table, odds, effectiveRoll(die, modifier));
    sixths.set(r, (sixths.get(r) ?? 0) + 1);
  }
  return COMBAT_RESULTS.map((result) => {
    const n = sixths.get(result) ?? 0;
    return { result, sixths: n, probability: n / 6 };
  });
}

/**
 * `outcomes`, worked out once per rules, table, column and modifier and
 * shared (read only): every assessment of an attack asks for it.
 */
export function sharedOutcomes(
  rules: RulesContext,
  table: "melee" | "fire",
  odds: Odds,
  modifier: number,
): readonly Outcome[] {
  let known = outcomeTables.get(rules);
  if (!known) {
    known = new Map();
    outcomeTables.set(rules, known);
  }
  const key = `${table}/${odds}/${modifier}`;
  let found = known.get(key);
  if (!found) {
    found = outcomes(rules, table, odds, modifier);
    known.set(key, found);
  }
  return found;
}

const outcomeTables = new WeakMap<RulesContext, Map<string, readonly Outcome[]>>();
