import type { Action, Position } from "@tercio/musket-and-pike";

/** Asked of the AI worker: the action a level would take in this position. */
export interface AiRequest {
  readonly id: number;
  readonly scenario: string;
  readonly level: string;
  readonly position: Position;
  /** The player's own rules-data file (JSON text), when the game is played under it rather than the built-in data. */
  readonly rules?: string;
  /** Seeds the level's own generator: the game's seed and the action's index, so replays choose alike. */
  readonly seed: number;
}

export type AiResponse =
  | { readonly id: number; readonly ok: true; readonly action: Action }
  | { readonly id: number; readonly ok: false; readonly message: string };

/** The AI levels a player can choose, weakest first (the names of @tercio/ai's findPolicy). */
export const AI_LEVELS = [
  { id: "random", label: "Novice (random legal actions)" },
  { id: "greedy", label: "Standard (greedy: best one-step expected value)" },
  { id: "strong", label: "Strong (plans each phase for the scenario's goals)" },
] as const;
