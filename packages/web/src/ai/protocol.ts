/**
 * Asked of the AI worker: the action a level of a system would take in a
 * position. The position is sent whole (`position`), or, in a run of the
 * AI's own actions, not at all (`after`): the worker takes the position it
 * answered request `after` in, with its answer applied, as the page does.
 * That spares the page serialising the whole position for every action
 * (issue 17, defect 15); the engine is deterministic, so both hold the same.
 */
export interface AiRequest {
  readonly id: number;
  /** The rule system's id. */
  readonly system: string;
  /** The game's setup (scenario and options), which names its context. */
  readonly setup: { readonly scenario: string; readonly options: unknown };
  readonly level: string;
  /** The position, as the system's plain data; absent when `after` names it. */
  readonly position?: unknown;
  /** The request whose position, with the worker's answer to it applied, this one asks about. */
  readonly after?: number;
  /** The player's own rules-data file (JSON text), when the game is played under it rather than the built-in data. */
  readonly rules?: string;
  /** Seeds the level's own generator: the game's seed and the action's index, so replays choose alike. */
  readonly seed: number;
}

/**
 * Told to the worker ahead of a game (no answer): load this system's built-in rules now, while the player
 * is still choosing, rather than at the game's first question, as its board is first drawn (defect 15).
 */
export interface AiWarmUp {
  readonly warmUp: string;
}

export type AiResponse =
  | { readonly id: number; readonly ok: true; readonly action: unknown }
  | {
      readonly id: number;
      readonly ok: false;
      readonly message: string;
      /** The worker no longer holds the position `after` names (it restarted, or answered another since): send it whole. */
      readonly stale?: true;
    };

/**
 * The AI levels a player can choose, by system, weakest first: the names of
 * @tercio/ai's levels (a test keeps them equal), listed here so that the
 * page does not load the AI itself, which runs only in the worker.
 */
export const AI_LEVELS: Readonly<Record<string, readonly { readonly id: string; readonly label: string }[]>> =
  {
    "musket-and-pike": [
      { id: "random", label: "Novice (random legal actions)" },
      { id: "greedy", label: "Standard (greedy: best one-step expected value)" },
      { id: "strong", label: "Strong (plans each phase for the scenario's goals)" },
    ],
    "horse-and-musket-ch11": [
      { id: "random", label: "Novice (random legal actions)" },
      { id: "greedy", label: "Standard (greedy: best expected hits now)" },
      { id: "strong", label: "Strong (looks at the enemy's reply)" },
    ],
    "horse-and-musket-nt": [
      { id: "random", label: "Novice (random legal actions)" },
      { id: "greedy", label: "Standard (greedy: best expected hits now)" },
      { id: "strong", label: "Strong (plans each half-turn for the scenario's goals)" },
    ],
    "plucky-pikes": [
      { id: "random", label: "Novice (random legal actions)" },
      { id: "greedy", label: "Standard (greedy: best expected result now)" },
      { id: "strong", label: "Strong (plans each move for the scenario's goals)" },
    ],
  };

/** A system's AI levels (none for a system without AI). */
export function levelsOf(system: string): readonly { readonly id: string; readonly label: string }[] {
  return Object.hasOwn(AI_LEVELS, system) ? (AI_LEVELS[system] ?? []) : [];
}
