import {
  type Action,
  type Ctx,
  type NtOptions,
  type NtSystem,
  OPTION_IDS,
  type Position,
} from "@tercio/horse-and-musket-nt";
import type { SystemCli } from "../system-cli.js";
import { ntLegalText, ntUnitsLine } from "./words.js";

/** Horse and Musket (003) typed, for the commands of its wide API (check-move, scenario show, render). */
export interface HmntChoice {
  readonly system: NtSystem;
}

/** The system's words in the shell: its legal actions in words, its options, its turns, units left. */
export function hmntSystemCli(): SystemCli<Ctx, Position, Action, NtOptions> {
  return {
    legalText: ntLegalText,
    actionHint:
      'see docs/rules/horse-and-musket-nt.md, Data formats; lengths are ticks, 6096 to the inch: e.g. {"type":"roll-move","unit":"A-1"}, then {"type":"move","unit":"A-1","program":[{"op":"advance","ticks":24384}]}',
    optionsText: (options) => `options: ${OPTION_IDS.map((id) => `${id} ${options[id]}`).join(", ")}`,
    turnsText: (ctx, turns) => `Turns played: ${turns} of ${ctx.scenario.turns}`,
    summary: (ctx, position) => [ntUnitsLine(ctx, position)],
  };
}
