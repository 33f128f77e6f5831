import { type DataError, dataError, err, type GameSetup, ok, type Result, zodIssues } from "@tercio/core";
import { z } from "zod";
import { type Ctx, makeContext } from "./context.js";
import { type PpssOptions, SetupOptionsSchema } from "./options.js";
import type { Rules } from "./rules-data/load.js";
import { checkScenario } from "./scenarios/check.js";
import { builtInScenarios, RANDOM_SCENARIO } from "./scenarios/load.js";
import { randomScenario } from "./scenarios/random.js";
import type { Scenario } from "./scenarios/schema.js";

/**
 * A setup: a scenario id and options. A random table is the scenario
 * "random" with the options `units` (a side, default 8) and `tableSeed`
 * (default 1).
 */
const SetupSchema = z.strictObject({ scenario: z.string().min(1).max(200), options: SetupOptionsSchema });

export const RANDOM_DEFAULTS = { units: 8, tableSeed: 1 } as const;

export function scenarioOf(rules: Rules, id: string, options: PpssOptions): Scenario | undefined {
  if (id === RANDOM_SCENARIO)
    return randomScenario(
      options.tableSeed ?? RANDOM_DEFAULTS.tableSeed,
      options.units ?? RANDOM_DEFAULTS.units,
      rules,
    );
  return builtInScenarios().find((s) => s.id === id);
}

export function parseSetup(raw: unknown): Result<GameSetup<PpssOptions>, DataError> {
  const parsed = SetupSchema.safeParse(raw);
  if (!parsed.success) return err(dataError("setup", zodIssues(parsed.error)));
  const { scenario: id, options } = parsed.data;
  const random = id === RANDOM_SCENARIO;
  if (!random && (options.units !== undefined || options.tableSeed !== undefined))
    return err(
      dataError("setup", [{ path: "options", message: "units and tableSeed are for the random table only" }]),
    );
  if (!random && !builtInScenarios().some((s) => s.id === id))
    return err(dataError("setup", [{ path: "scenario", message: `no scenario "${id}"` }]));
  const resolved: PpssOptions = random
    ? {
        units: options.units ?? RANDOM_DEFAULTS.units,
        tableSeed: options.tableSeed ?? RANDOM_DEFAULTS.tableSeed,
      }
    : {};
  return ok({ scenario: id, options: resolved });
}

export function contextOf(rules: Rules, setup: GameSetup<PpssOptions>): Result<Ctx, DataError> {
  const scenario = scenarioOf(rules, setup.scenario, setup.options);
  if (!scenario)
    return err(dataError("setup", [{ path: "scenario", message: `no scenario "${setup.scenario}"` }]));
  const issues = checkScenario(scenario, rules);
  if (issues.length > 0) return err(dataError(`scenario ${scenario.id}`, issues));
  return ok(makeContext(rules, scenario, setup.options));
}
