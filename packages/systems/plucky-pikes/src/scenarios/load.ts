import { type DataError, dataError, err, ok, type Result, zodIssues } from "@tercio/core";
import builtInJson from "./plucky-pikes.scenarios.json" with { type: "json" };
import { type Scenario, ScenarioListSchema, ScenarioSchema } from "./schema.js";

/** The scenario id of a random table (the options units and tableSeed): no built-in scenario may take it. */
export const RANDOM_SCENARIO = "random";

/**
 * A list of scenarios, validated: their shape (schema.ts) and their ids,
 * unique and never the reserved "random". Their consistency against the
 * rules data is checkScenario's (check.ts).
 */
export function parseScenarios(json: unknown): Result<readonly Scenario[], DataError> {
  const parsed = ScenarioListSchema.safeParse(json);
  if (!parsed.success) return err(dataError("scenarios", zodIssues(parsed.error)));
  const ids = new Set<string>();
  for (const [i, s] of parsed.data.scenarios.entries()) {
    if (s.id === RANDOM_SCENARIO || ids.has(s.id))
      return err(
        dataError("scenarios", [
          { path: `scenarios[${i}].id`, message: `${s.id} is reserved or used twice` },
        ]),
      );
    ids.add(s.id);
  }
  return ok(parsed.data.scenarios);
}

/** One scenario (a player's own), validated for its shape. */
export function parseScenario(json: unknown): Result<Scenario, DataError> {
  const parsed = ScenarioSchema.safeParse(json);
  return parsed.success ? ok(parsed.data) : err(dataError("scenario", zodIssues(parsed.error)));
}

let cache: readonly Scenario[] | undefined;

/** The built-in scenarios (all designed: the text has none), parsed once; throws only if the built-in data is invalid. */
export function builtInScenarios(): readonly Scenario[] {
  if (cache) return cache;
  const loaded = parseScenarios(builtInJson);
  if (!loaded.ok) throw new Error(`built-in scenarios are invalid: ${loaded.error.message}`);
  cache = loaded.value;
  return loaded.value;
}

export const BUILT_IN_SCENARIOS_JSON: unknown = builtInJson;
