import {
  type Action,
  defaultCatalog,
  type GameContext,
  type GameEvent,
  gameContext,
  musketAndPike,
  type OptionalRule,
  type Position,
} from "@tercio/musket-and-pike";
import { type PlayedGame, type PlayOptions, playGame } from "../../play.js";

export const catalog = defaultCatalog();

/** Musket & Pike as a rule system, with its own rules data. */
export const MP = musketAndPike(catalog);

/** The 18 scenarios' rule numbers. */
export const SCENARIO_IDS = catalog.scenarios.scenarios.map((s) => s.id);

export function context(id: string): GameContext {
  const ctx = gameContext(catalog, id);
  if (!ctx.ok) throw new Error(ctx.error.message);
  return ctx.value;
}

/** The generic playGame on a Musket & Pike scenario, with its optional rules. */
export function playMp(
  ctx: GameContext,
  options: PlayOptions<GameContext, Position, Action, GameEvent> & {
    readonly optionalRules?: readonly OptionalRule[];
  },
): PlayedGame<Position, Action> {
  const { optionalRules = [], ...rest } = options;
  return playGame(MP, ctx, { scenario: ctx.scenario.id, options: { optionalRules } }, rest);
}
