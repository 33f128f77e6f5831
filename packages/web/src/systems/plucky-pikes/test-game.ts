import { seedPrng } from "@tercio/core";
import { type Action, type Ctx, type Position, pluckyPikesSystem as pp } from "@tercio/plucky-pikes";

/** A game of 001 opened for the headless tests: its context and opening position. */
export function opened(scenario = "cerignola-trenches", seed = 1): { ctx: Ctx; position: Position } {
  const setup = pp.parseSetup({ scenario, options: {} });
  if (!setup.ok) throw new Error(setup.error.message);
  const ctx = pp.context(setup.value);
  if (!ctx.ok) throw new Error(ctx.error.message);
  const open = pp.open(ctx.value, setup.value, seedPrng(seed));
  if (!open.ok) throw new Error(open.error.message);
  return { ctx: ctx.value, position: open.value.position };
}

/** Plays actions in turn: the position after them all (throws at a refusal). */
export function play(ctx: Ctx, position: Position, ...actions: Action[]): Position {
  let p = position;
  for (const a of actions) {
    const r = pp.apply(ctx, p, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
    p = r.value.position;
  }
  return p;
}

/** The game after the initiative roll: player 1's move. */
export function atFirstMove(scenario = "cerignola-trenches", seed = 1): { ctx: Ctx; position: Position } {
  const { ctx, position } = opened(scenario, seed);
  return { ctx, position: play(ctx, position, { type: "initiative" }) };
}
