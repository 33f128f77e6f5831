import type { CommonOptions } from "../catalog.js";
import { table } from "../format.js";
import { type CommandResult, type Io, nodeIo, run } from "../io.js";
import { findScenarioOrFail, scenarioText } from "../musket-and-pike/scenario-words.js";
import { chooseSystem, requireMp } from "../systems.js";

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

/** One scenario in full: Musket & Pike's data and words (other systems: their list's line). */
export function scenarioShow(
  id: string,
  options: CommonOptions & { json?: boolean },
  io: Io = nodeIo,
): CommandResult {
  return run((out) => {
    const chosen = chooseSystem(io, options);
    const { catalog } = requireMp(
      chosen,
      "scenario show",
      "tercio scenario list gives each scenario's summary",
    );
    const s = findScenarioOrFail(catalog, id);
    out.print(options.json ? JSON.stringify(s, null, 2) : scenarioText(catalog, s));
  });
}
