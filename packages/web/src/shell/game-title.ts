import type { GameLog } from "./session.js";

/** The page's heading for a game: its scenario and rule system ("Lützen, 1632 — Musket & Pike"). */
export function gameTitle(game: GameLog): string {
  const { system, gameSetup } = game;
  const scenario = system.scenarios().find((s) => s.id === gameSetup.scenario)?.name ?? gameSetup.scenario;
  return `${scenario} — ${system.title}`;
}
