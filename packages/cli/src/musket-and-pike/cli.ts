import {
  type Action,
  findScenario,
  type GameContext,
  type MpOptions,
  type Position,
  type Side,
  serialisePosition,
} from "@tercio/musket-and-pike";
import { playerName, sideLabel } from "../format.js";
import type { MpChoice, SystemCli } from "../system-cli.js";
import { actionsText } from "./legal-text.js";
import { scenarioListText } from "./scenario-words.js";

/** Units not eliminated, per side: those on the map, still to enter, or exited (16.22). */
function unitsLeft(position: Position, side: Side): { left: number; total: number } {
  let left = 0;
  let total = 0;
  for (const [id, unit] of Object.entries(position.units)) {
    if (unit.side !== side) continue;
    total++;
    if (position.offMap[id] !== "eliminated") left++;
  }
  return { left, total };
}

function unitsLine(ctx: GameContext, position: Position): string {
  const parts = (["first", "second"] as const).map((side) => {
    const { left, total } = unitsLeft(position, side);
    return `${playerName(ctx.scenario, side)} ${left} of ${total}`;
  });
  return `Units left: ${parts.join(", ")}`;
}

/** Musket & Pike's words in the shell: its canonical position text, its tables, its players' names. */
export function mpSystemCli(choice: MpChoice): SystemCli<GameContext, Position, Action, MpOptions> {
  return {
    positionText: serialisePosition,
    legalText: actionsText,
    scenarioList: (json) => scenarioListText(choice.catalog, json),
    // 16.0: each scenario's introduction says whom it favours and how much.
    statedBalance: (scenario) => findScenario(choice.catalog.scenarios, scenario)?.balance,
    actionHint:
      'see packages/systems/musket-and-pike/src/actions.ts; e.g. {"type":"move","unit":"B-PP01","steps":["1205"]}',
    optionsText: (options) => `optional rules: ${options.optionalRules.join(", ") || "none"}`,
    seatLabel: sideLabel,
    turnsText: (ctx, turns) => `Game-Turns played: ${turns} of ${ctx.scenario.gameLength}`,
    summary: (ctx, position) => [unitsLine(ctx, position)],
  };
}
