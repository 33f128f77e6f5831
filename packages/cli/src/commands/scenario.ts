import { BUILT_IN_SCENARIOS_JSON, RANDOM_SCENARIO, randomScenarioInput } from "@tercio/horse-and-musket-ch11";
import {
  BUILT_IN_SCENARIOS_JSON as NT_SCENARIOS_JSON,
  randomScenarioInput as ntRandomScenarioInput,
} from "@tercio/horse-and-musket-nt";
import type { CommonOptions } from "../catalog.js";
import { table } from "../format.js";
import { scenarioText as hm11ScenarioText } from "../horse-and-musket-ch11/words.js";
import { ntScenarioText } from "../horse-and-musket-nt/words.js";
import { type CommandResult, type Io, nodeIo, run } from "../io.js";
import { findScenarioOrFail, scenarioText } from "../musket-and-pike/scenario-words.js";
import { chooseSystem, contextOf, requireMp, setupOf } from "../systems.js";
import { parseOptionFlags } from "./new.js";

export {
  deploymentHexes,
  findScenarioOrFail,
  SPECIAL_RULE_TEXT,
  scenarioSummary,
  scenarioText,
} from "../musket-and-pike/scenario-words.js";

/** The chosen system's scenarios: in its own table where it has one, else its list (id, name, summary). */
export function scenarioList(options: CommonOptions & { json?: boolean }, io: Io = nodeIo): CommandResult {
  return run((out) => {
    const chosen = chooseSystem(io, options);
    const own = chosen.cli.scenarioList?.(options.json ?? false);
    if (own !== undefined) {
      out.print(own);
      return;
    }
    const scenarios = chosen.system.scenarios();
    if (options.json) {
      out.print(JSON.stringify(scenarios, null, 2));
      return;
    }
    out.print(
      table(
        ["ID", "Name", "Summary"],
        scenarios.map((s) => [s.id, s.name, s.summary]),
      ),
    );
    out.print(
      `\n${scenarios.length} scenario${scenarios.length === 1 ? "" : "s"} of ${chosen.system.title}.`,
    );
  });
}

/**
 * One scenario in full: Musket & Pike's data and words; Horse and Musket's
 * in words (table, forces, terrain, victory) or, with --json, as the data
 * file writes it (inches; a random table as generated for its --option
 * tableSeed and units).
 */
export function scenarioShow(
  id: string,
  options: CommonOptions & { json?: boolean; option?: readonly string[] | undefined },
  io: Io = nodeIo,
): CommandResult {
  return run((out) => {
    const chosen = chooseSystem(io, options);
    if (chosen.hm11) {
      const { system } = chosen.hm11;
      const ctx = contextOf(system, setupOf(system, id, parseOptionFlags(options.option)));
      if (!options.json) {
        out.print(hm11ScenarioText(ctx));
        return;
      }
      const data =
        id === RANDOM_SCENARIO
          ? randomScenarioInput(ctx.options.tableSeed ?? 1, { units: ctx.options.units ?? 6 }, ctx.rules)
          : (BUILT_IN_SCENARIOS_JSON as { scenarios: { id: string }[] }).scenarios.find((s) => s.id === id);
      out.print(JSON.stringify(data, null, 2));
      return;
    }
    if (chosen.hmnt) {
      const { system } = chosen.hmnt;
      const ctx = contextOf(system, setupOf(system, id, parseOptionFlags(options.option)));
      if (!options.json) {
        out.print(ntScenarioText(ctx));
        return;
      }
      const data =
        id === RANDOM_SCENARIO
          ? ntRandomScenarioInput(ctx.options.tableSeed ?? 1, { units: ctx.options.units ?? 6 }, ctx.rules)
          : (NT_SCENARIOS_JSON as { scenarios: { id: string }[] }).scenarios.find((s) => s.id === id);
      out.print(JSON.stringify(data, null, 2));
      return;
    }
    const { catalog } = requireMp(
      chosen,
      "scenario show",
      "tercio scenario list gives each scenario's summary",
    );
    const s = findScenarioOrFail(catalog, id);
    out.print(options.json ? JSON.stringify(s, null, 2) : scenarioText(catalog, s));
  });
}
