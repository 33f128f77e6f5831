import type { GameSetup } from "@tercio/core";
import {
  type Action,
  builtInScenarios,
  type Ctx,
  type GameEvent,
  type Position,
  type PpssOptions,
  pluckyPikesSystem,
} from "@tercio/plucky-pikes";
import { type PlayedGame, type PlayOptions, playGame } from "../../play.js";

export const PPSS = pluckyPikesSystem;

/** The designed scenarios' ids. */
export const PPSS_SCENARIOS = builtInScenarios().map((s) => s.id);

export function ppGame(scenario: string): { ctx: Ctx; setup: GameSetup<PpssOptions> } {
  const setup = PPSS.parseSetup({ scenario, options: {} });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = PPSS.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  return { ctx: ctx.value, setup: setup.value };
}

export function playPp(
  scenario: string,
  options: PlayOptions<Ctx, Position, Action, GameEvent>,
): PlayedGame<Position, Action> {
  const { ctx, setup } = ppGame(scenario);
  return playGame(PPSS, ctx, setup, options);
}

/** The positions a game's players were asked to act in (the wrapped policy records them). */
export function recording(
  policy: PlayOptions<Ctx, Position, Action, GameEvent>["first"],
  into: Position[],
): PlayOptions<Ctx, Position, Action, GameEvent>["first"] {
  return {
    name: policy.name,
    choose(ctx, position, rng) {
      into.push(position);
      return policy.choose(ctx, position, rng);
    },
  };
}
