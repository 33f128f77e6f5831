import type { RulesData } from "./rules-data/schema.js";

/**
 * Victory Points: "At the end of the game find the units and guns in each
 * army that are routed or destroyed and find the percentage remaining.
 * This will give you the points in the Army Effectiveness Table. Then
 * add/subtract the appropriate modifiers in the Army Modifiers Tables. Once
 * you have the total roll a d10 and use the Rally Rolls table to get
 * additional points. Compare the total score of each army and the high
 * score wins."
 */

/** The Army Effectiveness Table's points (T-19): the first row whose percentage the army reaches, exactly. */
export function armyEffectivenessPoints(rules: RulesData, remaining: number, total: number): number {
  checkCount(remaining, total);
  const row = rules.armyEffectiveness.find((r) => remaining * 100 >= r.from * total);
  return row?.points ?? 0;
}

/** What an army did and lost that the Army Modifiers Tables count (T-20). */
export interface ArmyRecord {
  /** The points of the objectives it holds at the end (1-4 each, set by the scenario). */
  readonly objectivePoints: readonly number[];
  readonly commandingGeneralLost: boolean;
  readonly generalsLost: number;
  readonly flagsTaken: number;
  readonly flagsLost: number;
  readonly gunsCaptured: number;
}

export function armyModifierPoints(rules: RulesData, record: ArmyRecord): number {
  const m = rules.armyModifiers;
  for (const p of record.objectivePoints)
    if (!Number.isInteger(p) || p < m.objective.min || p > m.objective.max)
      throw new Error(`an objective is worth ${m.objective.min} to ${m.objective.max} points, not ${p}`);
  return (
    record.objectivePoints.reduce((a, b) => a + b, 0) +
    (record.commandingGeneralLost ? m.commandingGeneralLost : 0) +
    record.generalsLost * m.generalLost +
    record.flagsTaken * m.flagTaken +
    record.flagsLost * m.flagLost +
    record.gunsCaptured * m.gunCaptured
  );
}

/** The d10 read on the Rally Rolls table's points row (its columns as for a rally). */
export function rallyTablePoints(rules: RulesData, d10: number): number {
  const i = rules.rally.columns.findIndex((bound) => d10 <= bound);
  return rules.rally.points[i < 0 ? rules.rally.columns.length : i] ?? 0;
}

/** An army's score at the end: effectiveness, modifiers and the d10's points. */
export function armyScore(
  rules: RulesData,
  remaining: number,
  total: number,
  record: ArmyRecord,
  d10: number,
): number {
  return (
    armyEffectivenessPoints(rules, remaining, total) +
    armyModifierPoints(rules, record) +
    rallyTablePoints(rules, d10)
  );
}

/**
 * Part 4, Army Morale (designed; the text names it and never describes it):
 * an army with no more than `armyMorale.withdrawAtOrBelow` percent of its
 * units and guns remaining withdraws, and the game ends.
 */
export function armyWithdraws(rules: RulesData, remaining: number, total: number): boolean {
  checkCount(remaining, total);
  return remaining * 100 <= rules.armyMorale.withdrawAtOrBelow * total;
}

function checkCount(remaining: number, total: number): void {
  if (
    !Number.isInteger(total) ||
    total < 1 ||
    !Number.isInteger(remaining) ||
    remaining < 0 ||
    remaining > total
  )
    throw new Error(`an army keeps 0 to ${total} of its ${total} units and guns, not ${remaining}`);
}
