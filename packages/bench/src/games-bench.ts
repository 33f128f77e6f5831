import type { Catalog } from "@tercio/musket-and-pike";
import { type GameRun, timedGame } from "./games.js";
import { contextFor } from "./scenarios.js";

export interface GamesFigure {
  readonly scenario: string;
  readonly policy: string;
  readonly games: readonly GameRun[];
  /** Games per second on one core: games over their total time. */
  readonly gamesPerSecond: number;
  readonly actionsPerSecond: number;
}

export const GAME_SCENARIOS = ["16.24", "16.13"] as const;
export const GAME_POLICIES = ["random", "greedy"] as const;

/** Section 3a: whole games, one after another on this thread, each policy against itself. */
export function gamesBench(catalog: Catalog, seed: number, count: number): GamesFigure[] {
  const figures: GamesFigure[] = [];
  for (const id of GAME_SCENARIOS) {
    const ctx = contextFor(catalog, id);
    for (const policy of GAME_POLICIES) {
      const games: GameRun[] = [];
      for (let i = 0; i < count; i++) games.push(timedGame(ctx, policy, seed + i));
      const seconds = games.reduce((s, g) => s + g.ms, 0) / 1000;
      const actions = games.reduce((s, g) => s + g.actions, 0);
      figures.push({
        scenario: id,
        policy,
        games,
        gamesPerSecond: games.length / seconds,
        actionsPerSecond: actions / seconds,
      });
    }
  }
  return figures;
}
