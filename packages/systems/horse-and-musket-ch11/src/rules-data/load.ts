import {
  builtInRules,
  type DataError,
  type DataIssue,
  loadRulesDocument,
  type Result,
  type RulesDocument,
} from "@tercio/core";
import { UNIT_TYPES } from "../vocabulary.js";
import defaultRulesJson from "./horse-and-musket-ch11.rules.json" with { type: "json" };
import { type RulesData, RulesDataSchema } from "./schema.js";

/** Rules data as a game uses it: the validated values, their label and the document's content hash. */
export type Rules = RulesDocument<RulesData>;

function consistencyIssues(data: RulesData): DataIssue[] {
  const issues: DataIssue[] = [];
  for (const type of UNIT_TYPES) {
    const u = data.unitTypes[type];
    const path = `unitTypes.${type}`;
    if (u.frontage.min > u.frontage.max)
      issues.push({ path: `${path}.frontage`, message: "min must not exceed max" });
    if (u.depth % 2 !== 0)
      issues.push({
        path: `${path}.depth`,
        message: "a whole number of half-ticks is not a base: use an even tick count",
      });
    if (u.allowance < 0) issues.push({ path: `${path}.allowance`, message: "must not be negative" });
    if (u.range === null && u.shootingModifier !== 0)
      issues.push({
        path: `${path}.shootingModifier`,
        message: "a type that does not shoot has no modifier",
      });
  }
  if (!data.unitTypes.cavalry.canCharge)
    issues.push({
      path: "unitTypes.cavalry.canCharge",
      message: "004 Movement: Charge Moves: Cavalry charge",
    });
  return issues;
}

/** Validates a rules-data document (the built-in one by default): its shape, then its consistency. */
export function loadRules(json: unknown = defaultRulesJson): Result<Rules, DataError> {
  return loadRulesDocument(RulesDataSchema, json, consistencyIssues);
}

/** The built-in rules data: the text's values and Tercio's designed ones (flagged in `designed`). */
export function defaultRules(): Rules {
  return builtInRules(loadRules(defaultRulesJson));
}

export const DEFAULT_RULES_JSON: unknown = defaultRulesJson;
