import type { GameSetup } from "@tercio/core";
import {
  type Action,
  builtInScenarios,
  type Ctx,
  type GameEvent,
  type Hm11Options,
  horseAndMusket,
  type Position,
} from "@tercio/horse-and-musket-ch11";
import { type PlayedGame, type PlayOptions, playGame } from "../../play.js";

export const HM11 = horseAndMusket;

/** The eight designed scenarios' ids. */
export const HM11_SCENARIOS = builtInScenarios().map((s) => s.id);

export function hm11Game(scenario: string): { ctx: Ctx; setup: GameSetup<Hm11Options> } {
  const setup = HM11.parseSetup({ scenario, options: {} });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = HM11.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  return { ctx: ctx.value, setup: setup.value };
}

export function playHm11(
  scenario: string,
  options: PlayOptions<Ctx, Position, Action, GameEvent>,
): PlayedGame<Position, Action> {
  const { ctx, setup } = hm11Game(scenario);
  return playGame(HM11, ctx, setup, options);
}
