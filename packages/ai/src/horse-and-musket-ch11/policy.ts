import type { Seat } from "@tercio/core";
import type { Action, Ctx, Position, UnitState } from "@tercio/horse-and-musket-ch11";
import type { Policy } from "../policy.js";

/**
 * A player of Horse and Musket, chapter 11 (004). Called for the phasing
 * player, one action at a time: a move, a charge, a shot, a square change
 * or ending the phase. Each unit moves once and shoots once a player turn,
 * so ending the phase whenever a player has nothing better keeps every game
 * finite.
 */
export type Hm11Policy = Policy<Ctx, Position, Action>;

export const END_PHASE: Action = { type: "end-phase" };

export function otherSide(side: Seat): Seat {
  return side === "first" ? "second" : "first";
}

/** The unit ids of a side, sorted (positions' key order is not relied on). */
export function unitsOf(position: Position, side: Seat): string[] {
  return Object.keys(position.units)
    .filter((id) => position.units[id]?.side === side)
    .sort();
}

export function unitOf(position: Position, id: string): UnitState {
  const u = position.units[id];
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

/** Where the game stands, for error messages. */
export function where(ctx: Ctx, position: Position): string {
  return `${ctx.scenario.id}, turn ${position.turn}, ${position.toMove} player, ${position.phase}`;
}
