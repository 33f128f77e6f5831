import {
  builtInRules,
  type DataError,
  type DataIssue,
  loadRulesDocument,
  type Result,
  type RulesDocument,
} from "@tercio/core";
import { compare, ONE, ZERO } from "../fraction.js";
import { CLASSES, GUNS } from "../vocabulary.js";
import defaultRulesJson from "./plucky-pikes.rules.json" with { type: "json" };
import { provenanceIssues } from "./provenance.js";
import { type RulesData, RulesDataSchema } from "./schema.js";

/** Rules data as a game uses it: the validated values, their label and the document's content hash. */
export type Rules = RulesDocument<RulesData>;

function ascending(values: readonly number[]): boolean {
  return values.every((v, i) => i === 0 || v > (values[i - 1] as number));
}

function descending(values: readonly number[]): boolean {
  return values.every((v, i) => i === 0 || v < (values[i - 1] as number));
}

/** What the schema cannot say: orders, lengths that must agree, bounds that hold between tables. */
function consistencyIssues(data: RulesData): DataIssue[] {
  const issues: DataIssue[] = [];
  const issue = (path: string, message: string) => issues.push({ path, message });
  for (const c of CLASSES) {
    const urt = data.classes[c].urt;
    // Movement: a URT is the time of an activity, a part of one move (elite 1/3, line 1/2).
    if (compare(urt, ZERO) <= 0 || compare(urt, ONE) > 0)
      issue(`classes.${c}.urt`, "a URT is more than none and at most a whole move");
  }
  for (const g of GUNS)
    if (!ascending(data.artillery.bands[g]))
      issue(`artillery.bands.${g}`, "short, medium and long bands must reach farther in turn");
  const columns = data.counterRolls.urtColumns;
  if (!ascending(columns)) issue("counterRolls.urtColumns", "columns must be ascending");
  for (const [option, needed] of Object.entries(data.counterRolls.needed))
    if (needed.length !== columns.length + 1)
      issue(`counterRolls.needed.${option}`, `one score per column: ${columns.length + 1}`);
  const e = data.effectiveness;
  if (!descending([e.steadyAbove, e.shakenAbove, e.brokenAbove]))
    issue("effectiveness", "Steady, Shaken and Broken must need fewer figures in turn");
  const rally = data.rally;
  if (!ascending(rally.columns)) issue("rally.columns", "columns must be ascending");
  if (Object.keys(rally.rows).length === 0) issue("rally.rows", "at least one original size");
  for (const [size, row] of Object.entries(rally.rows)) {
    if (row.length !== rally.columns.length + 1)
      issue(`rally.rows.${size}`, `one entry per column: ${rally.columns.length + 1}`);
    if (row.some((v, i) => i > 0 && v < (row[i - 1] as number)))
      issue(`rally.rows.${size}`, "a better roll never returns fewer figures");
    if (row.some((v) => v > Number(size))) issue(`rally.rows.${size}`, "more figures back than the unit had");
  }
  if (rally.points.length !== rally.columns.length + 1)
    issue("rally.points", `one entry per column: ${rally.columns.length + 1}`);
  const army = data.armyEffectiveness.map((r) => r.from);
  if (!descending(army) || army.at(-1) !== 0)
    issue("armyEffectiveness", "rows from the highest percentage down to 0");
  const margins = data.coursesOfAction.map((c) => c.margin);
  if (!descending(margins) || margins.at(-1) !== 0)
    issue("coursesOfAction", "rows from the largest margin down to 0");
  const objective = data.armyModifiers.objective;
  if (objective.min > objective.max) issue("armyModifiers.objective", "min must not exceed max");
  return issues;
}

/** Validates a rules-data document (the built-in one by default): its shape, its provenance, its consistency. */
export function loadRules(json: unknown = defaultRulesJson): Result<Rules, DataError> {
  return loadRulesDocument(RulesDataSchema, json, (data, doc) => [
    ...provenanceIssues(doc, data.provenance),
    ...consistencyIssues(data),
  ]);
}

/** The built-in rules data: the text's printed values and Tercio's reconstructions of the Combat Cards. */
export function defaultRules(): Rules {
  return builtInRules(loadRules(defaultRulesJson));
}

/** The built-in rules data as the file holds it (inches, fractions as written): the template for a player's own. */
export const DEFAULT_RULES_JSON: unknown = defaultRulesJson;
