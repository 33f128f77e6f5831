import { type DataError, type DataIssue, dataError, err, ok, type Result, zodIssues } from "@tercio/core";
import { UNIT_TYPES } from "../vocabulary.js";
import defaultRulesJson from "./musket-and-pike.rules.json" with { type: "json" };
import { compileRules, type RulesContext } from "./rules-context.js";
import { type RulesData, RulesDataSchema } from "./schema.js";

/**
 * Validates a rules-data document: its shape (zod), then the consistency the
 * rules demand of it (7.4: a Range Effects Chart row for every fire unit and
 * none for melee units, dashes exactly beyond the Range Allowance).
 */
export function parseRulesData(json: unknown): Result<RulesData, DataError> {
  const parsed = RulesDataSchema.safeParse(json);
  if (!parsed.success) return err(dataError("rules data", zodIssues(parsed.error)));
  const issues = consistencyIssues(parsed.data);
  return issues.length > 0 ? err(dataError("rules data", issues)) : ok(parsed.data);
}

function consistencyIssues(data: RulesData): DataIssue[] {
  const issues: DataIssue[] = [];
  const { bands, rows } = data.rangeChart;
  bands.forEach((b, i) => {
    const expectedFrom = i === 0 ? 1 : (bands[i - 1]?.to ?? 0) + 1;
    if (b.from !== expectedFrom || b.to < b.from) {
      issues.push({
        path: `rangeChart.bands[${i}]`,
        message: `bands must run on from 1 without gaps; expected a band from ${expectedFrom}`,
      });
    }
  });
  const maxRange = bands.at(-1)?.to ?? 0;
  for (const type of UNIT_TYPES) {
    const unit = data.unitTypes[type];
    const row = rows[type];
    const path = `rangeChart.rows.${type}`;
    if (unit.fire === null || unit.range === null) {
      if (row)
        issues.push({ path, message: `${type} is a melee unit (no Fire Strength) and has no row in 7.4` });
      continue;
    }
    if (!row) {
      issues.push({
        path,
        message: `${type} is a fire unit and needs a row in the Range Effects Chart (7.4)`,
      });
      continue;
    }
    if (unit.range > maxRange) {
      issues.push({
        path: `unitTypes.${type}.range`,
        message: `Range Allowance ${unit.range} exceeds the chart's last band (${maxRange})`,
      });
    }
    if (row.strengths.length !== bands.length || row.reconstructed.length !== bands.length) {
      issues.push({
        path,
        message: `needs one strength and one reconstructed flag per band (${bands.length})`,
      });
      continue;
    }
    row.strengths.forEach((s, i) => {
      const band = bands[i];
      if (!band) return;
      const inRange = band.from <= (unit.range ?? 0);
      if (inRange && s === null) {
        issues.push({
          path: `${path}.strengths[${i}]`,
          message: `${type} reaches ${band.from}-${band.to} hexes (Range Allowance ${unit.range}), so needs a strength`,
        });
      }
      if (!inRange && s !== null) {
        issues.push({
          path: `${path}.strengths[${i}]`,
          message: `must be a dash (null): ${band.from} hexes is beyond ${type}'s Range Allowance ${unit.range}`,
        });
      }
    });
    if (row.strengths[0] !== unit.fire) {
      issues.push({
        path: `${path}.strengths[0]`,
        message: `the 1-2 hex column is the printed Fire Strength (${unit.fire}) in 7.4`,
      });
    }
  }
  return issues;
}

/** Loads and compiles rules data, the built-in data when none is given. */
export function loadRules(json: unknown = defaultRulesJson): Result<RulesContext, DataError> {
  const parsed = parseRulesData(json);
  return parsed.ok ? ok(compileRules(parsed.value)) : parsed;
}

/** The built-in rules data (printed values plus Tercio's flagged reconstructions). */
export function defaultRules(): RulesContext {
  const loaded = loadRules(defaultRulesJson);
  if (!loaded.ok) throw new Error(`built-in rules data is invalid: ${loaded.error.message}`);
  return loaded.value;
}

export const DEFAULT_RULES_JSON: unknown = defaultRulesJson;
