import {
  builtInRules,
  type DataError,
  type DataIssue,
  loadRulesDocument,
  type Result,
  type RulesDocument,
} from "@tercio/core";
import { UNIT_TYPES } from "../vocabulary.js";
import defaultRulesJson from "./horse-and-musket-nt.rules.json" with { type: "json" };
import { type RulesData, RulesDataSchema } from "./schema.js";

/** Rules data as a game uses it: the validated values, their label and the document's content hash. */
export type Rules = RulesDocument<RulesData>;

function even(t: number): boolean {
  return t % 2 === 0;
}

function consistencyIssues(data: RulesData): DataIssue[] {
  const issues: DataIssue[] = [];
  for (const type of UNIT_TYPES) {
    const u = data.unitTypes[type];
    for (const [name, size] of [
      ["base", u.base],
      ["column", u.column],
      ["skirmish", u.skirmish ?? u.base],
    ] as const)
      if (!even(size.frontage) || !even(size.depth))
        issues.push({
          path: `unitTypes.${type}.${name}`,
          message: "a base's sides must be an even number of ticks",
        });
    if (u.fire && u.fire.pointBlank > u.fire.effective)
      issues.push({
        path: `unitTypes.${type}.fire`,
        message: "point blank range must not exceed effective range",
      });
  }
  if (!data.unitTypes.infantry.skirmish)
    issues.push({
      path: "unitTypes.infantry.skirmish",
      message: "003 ACW 2: infantry need a skirmish order footprint",
    });
  if (!data.unitTypes.cavalry.charges)
    issues.push({
      path: "unitTypes.cavalry.charges",
      message: "003 Charging: Cavalry may move into contact",
    });
  const faces = data.armyComposition.flatMap((row) => row.faces).sort();
  if (faces.join() !== "1,2,3,4,5,6")
    issues.push({ path: "armyComposition", message: "the chart must give each face of the d6 exactly once" });
  if (data.fire.cap.num * 2 > data.fire.cap.den || data.melee.cap.num * 2 > data.melee.cap.den)
    issues.push({ path: "fire.cap", message: "the cap is a protection: at most one half" });
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
