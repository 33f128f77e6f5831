import type { Rules } from "../rules-data/load.js";
import { builtInScenarios } from "./load.js";
import type { Scenario } from "./schema.js";

/** A random table (to be replaced by period armies rolled on the table generator). */
export function randomScenario(seed: number, units: number, rules: Rules): Scenario {
  void seed;
  void units;
  void rules;
  return { ...(builtInScenarios()[0] as Scenario), id: "random" };
}
