import type { RulesData } from "./rules-data/schema.js";
import type { Officer } from "./vocabulary.js";

/**
 * Effectiveness: the rally roll, "a d10 and add its Class mod to see if it
 * gets figures back. These are lightly wounded returning ... The original
 * size of a unit is in the left column and the d10 scores are on the top
 * row" (the Rally Rolls Table, T-16).
 */

/** What changes a rally roll besides the class (Leadership; the Rally Roll Modifier Table, T-17). */
export interface RallyCircumstances {
  /** "A General or Staff Officer adds points ... if his stand is touching the unit's. Only 1 officer at a time affects a unit." */
  readonly officersTouching?: readonly Officer[];
  /** "For single units, subtract 2 from rally rolls for each leader lost." */
  readonly leadersLost?: number;
  /** "For brigaded units there are 6 leaders worth 1 point each." */
  readonly brigade?: boolean;
  /** "When a general is a casualty, all of his units within 18" ... lose 3 or 4 points." */
  readonly generalDied?: "general" | "commanding-general";
}

/** The roll as the table reads it: d10 + class + the circumstances' modifiers. */
export function rallyScore(
  rules: RulesData,
  d10: number,
  classModifier: number,
  c: RallyCircumstances = {},
): number {
  const m = rules.rallyModifiers;
  // Only one officer at a time: the one who helps most (docs/rules/plucky-pikes.md, T-17).
  const officer = Math.max(0, ...(c.officersTouching ?? []).map((o) => m[o]));
  const leaders = (c.leadersLost ?? 0) * (c.brigade ? m.brigadeLeaderLost : m.leaderLost);
  const general = c.generalDied ? m.generalDeath[c.generalDied] : 0;
  return d10 + classModifier + officer + leaders + general;
}

/** The table's column for a score: the first whose bound it does not pass, else the last. */
export function rallyColumn(rules: RulesData, score: number): number {
  const i = rules.rally.columns.findIndex((bound) => score <= bound);
  return i < 0 ? rules.rally.columns.length : i;
}

/**
 * The row of a unit's original size: the largest size listed that is not
 * above it, or the smallest listed for a unit smaller than all of them
 * (docs/rules/plucky-pikes.md, T-16).
 */
export function rallyRow(rules: RulesData, originalSize: number): readonly number[] {
  const sizes = Object.keys(rules.rally.rows)
    .map(Number)
    .sort((a, b) => a - b);
  const size = [...sizes].reverse().find((s) => s <= originalSize) ?? sizes[0];
  return rules.rally.rows[String(size)] ?? [];
}

/** Figures back: the table's entry, never more than the unit has lost. */
export function figuresBack(rules: RulesData, originalSize: number, lost: number, score: number): number {
  const entry = rallyRow(rules, originalSize)[rallyColumn(rules, score)] ?? 0;
  return Math.min(entry, Math.max(0, lost));
}
