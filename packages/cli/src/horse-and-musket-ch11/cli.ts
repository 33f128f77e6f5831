import {
  type Action,
  type Ctx,
  type Hm11Options,
  type Hm11System,
  type Position,
  READING_IDS,
} from "@tercio/horse-and-musket-ch11";
import type { SystemCli } from "../system-cli.js";
import { legalText, unitsLine } from "./words.js";

/** Horse and Musket (chapter 11) typed, for the commands of its wide API (render, check-move, scenario show). */
export interface Hm11Choice {
  readonly system: Hm11System;
}

/** The system's words in the shell: its legal actions in words, its readings, its turns, units left. */
export function hm11SystemCli(): SystemCli<Ctx, Position, Action, Hm11Options> {
  return {
    legalText,
    actionHint:
      'see docs/rules/horse-and-musket-ch11.md, Data formats; lengths are ticks, 6096 to the inch: e.g. {"type":"move","unit":"R-INF1","program":[{"op":"advance","ticks":36576}]}',
    optionsText: (options) => `readings: ${READING_IDS.map((id) => `${id} ${options[id]}`).join(", ")}`,
    turnsText: (ctx, turns) => `Turns played: ${turns} of ${ctx.scenario.turns}`,
    summary: (ctx, position) => [unitsLine(ctx, position)],
  };
}
