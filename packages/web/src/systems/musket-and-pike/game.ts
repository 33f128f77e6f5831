import {
  type Action,
  type Catalog,
  type GameContext,
  type GameEvent,
  MUSKET_AND_PIKE,
  musketAndPike,
  type OptionalRule,
  type Position,
} from "@tercio/musket-and-pike";
import { type Controller, type Game, type GameLog, type LocalSetup, startGame } from "../../shell/session.js";
import { restoreGame } from "../../shell/stored-game.js";

/** A Musket & Pike game in the browser: the shared session, with this system's types. */
export type MpGame = Game<GameContext, Position, Action, GameEvent>;

/** A Musket & Pike game's record, local or online: what the end screen and the statistics read. */
export type MpGameLog = GameLog<GameContext, Position, Action, GameEvent>;

/** How a Musket & Pike game is set up, in its own words (the optional rules of 17.0). */
export interface MpSetup {
  readonly scenario: string;
  readonly seed: number;
  readonly optionalRules: readonly OptionalRule[];
  readonly controllers: Readonly<Record<"first" | "second", Controller>>;
  readonly undo: boolean;
  readonly prng?: string;
}

/** The shared session's setup for a Musket & Pike game. */
export function mpLocalSetup(setup: MpSetup): LocalSetup {
  const { optionalRules, ...rest } = setup;
  return { ...rest, system: MUSKET_AND_PIKE, options: { optionalRules: [...optionalRules] } };
}

/** Starts a Musket & Pike game under a catalog (the built-in rules data or a player's file). */
export function startMpGame(catalog: Catalog, setup: MpSetup) {
  return startGame(musketAndPike(catalog), mpLocalSetup(setup));
}

/** Restores a Musket & Pike saved game or stored game under a catalog. */
export function restoreMpGame(
  catalog: Catalog,
  json: unknown,
  defaults: Pick<LocalSetup, "controllers" | "undo">,
) {
  return restoreGame(musketAndPike(catalog), json, defaults);
}
