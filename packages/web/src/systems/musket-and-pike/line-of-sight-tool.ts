import {
  explainLineOfSight,
  type GameContext,
  type LineOfSightExplanation,
  type Position,
} from "@tercio/musket-and-pike";

/**
 * The line-of-sight tool's state, headless: whether it is on, and the two
 * hexes picked. Examples: `{ active: false }`; `{ active: true, from: "0908" }`
 * (the firing hex picked); `{ active: true, from: "0908", to: "0502" }`.
 */
export interface LosToolState {
  readonly active: boolean;
  readonly from?: string;
  readonly to?: string;
}

export const LOS_TOOL_OFF: LosToolState = { active: false };

export function toggleTool(state: LosToolState): LosToolState {
  return state.active ? LOS_TOOL_OFF : { active: true };
}

/**
 * A hex picked while the tool is on: the firing hex first, then the target;
 * a pick after both starts a new line from that hex, and picking the firing
 * hex again unpicks it.
 */
export function pickHex(state: LosToolState, hex: string): LosToolState {
  if (!state.active) return state;
  if (state.from === undefined || state.to !== undefined) return { active: true, from: hex };
  if (hex === state.from) return { active: true };
  return { active: true, from: state.from, to: hex };
}

/** The engine's explanation of the picked line, once both ends are picked. */
export function explanationOf(
  ctx: GameContext,
  position: Position,
  state: LosToolState,
): LineOfSightExplanation | undefined {
  if (!state.active || state.from === undefined || state.to === undefined) return undefined;
  return explainLineOfSight(ctx, position, state.from, state.to);
}

/** What the tool says, for the panel and the screen reader. */
export function toolText(state: LosToolState, explanation: LineOfSightExplanation | undefined): string {
  if (!state.active) return "";
  if (state.from === undefined) return "Line of sight: pick the firing hex.";
  if (!explanation) return `Line of sight from ${state.from}: pick the target hex.`;
  return `Line of sight ${explanation.from} to ${explanation.to}: ${explanation.text}`;
}
