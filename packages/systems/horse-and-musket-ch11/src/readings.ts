import type { Hm11Options } from "./options.js";
import type { Rules } from "./rules-data/load.js";

/** The options a game is played with when the setup names none: the rules data's defaults. */
export function defaultOptions(rules: Rules): Hm11Options {
  return { ...rules.data.readings };
}
