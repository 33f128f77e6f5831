import type { GameSetup } from "@tercio/core";
import {
  type Action,
  builtInScenarios,
  type Ctx,
  type GameEvent,
  horseAndMusketNtSystem,
  type NtOptions,
  type Position,
} from "@tercio/horse-and-musket-nt";
import { type PlayedGame, type PlayOptions, playGame } from "../../play.js";

export const HMNT = horseAndMusketNtSystem;

/** The designed scenarios' ids. */
export const HMNT_SCENARIOS = builtInScenarios().map((s) => s.id);

export function ntGame(
  scenario: string,
  options: Record<string, unknown> = {},
): { ctx: Ctx; setup: GameSetup<NtOptions> } {
  const setup = HMNT.parseSetup({ scenario, options });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = HMNT.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  return { ctx: ctx.value, setup: setup.value };
}

export function playNt(
  scenario: string,
  options: PlayOptions<Ctx, Position, Action, GameEvent>,
  gameOptions: Record<string, unknown> = {},
): PlayedGame<Position, Action> {
  const { ctx, setup } = ntGame(scenario, gameOptions);
  return playGame(HMNT, ctx, setup, options);
}
