import { type DataError, dataError, err, ok, type Result, zodIssues } from "@tercio/core";
import builtInJson from "./horse-and-musket-ch11.scenarios.json" with { type: "json" };
import { type Scenario, ScenarioListSchema, ScenarioSchema } from "./schema.js";

/**
 * The built-in scenarios, validated at load (their shape here; their
 * consistency against the rules data when a game's context is built).
 */
export function parseScenarios(json: unknown): Result<readonly Scenario[], DataError> {
  const parsed = ScenarioListSchema.safeParse(json);
  if (!parsed.success) return err(dataError("scenarios", zodIssues(parsed.error)));
  const ids = new Set<string>();
  for (const s of parsed.data.scenarios) {
    if (ids.has(s.id) || s.id === RANDOM_SCENARIO)
      return err(
        dataError("scenarios", [{ path: "scenarios", message: `duplicate or reserved id ${s.id}` }]),
      );
    ids.add(s.id);
  }
  return ok(parsed.data.scenarios);
}

export function parseScenario(json: unknown): Result<Scenario, DataError> {
  const parsed = ScenarioSchema.safeParse(json);
  return parsed.success ? ok(parsed.data) : err(dataError("scenario", zodIssues(parsed.error)));
}

/** The scenario id of a random table (randomScenario, with the options units and tableSeed). */
export const RANDOM_SCENARIO = "random";

let cache: readonly Scenario[] | undefined;

export function builtInScenarios(): readonly Scenario[] {
  if (cache) return cache;
  const loaded = parseScenarios(builtInJson);
  if (!loaded.ok) throw new Error(`built-in scenarios are invalid: ${loaded.error.message}`);
  cache = loaded.value;
  return loaded.value;
}

export const BUILT_IN_SCENARIOS_JSON: unknown = builtInJson;
