import type { Seat } from "@tercio/core";
import type { Action, Ctx, Position, UnitState } from "@tercio/horse-and-musket-nt";
import type { Policy } from "../policy.js";

/**
 * A player of Horse and Musket, the NT-inspired rules (003). Called for the
 * acting player, one action at a time: a shot, a move's roll and then its
 * move, charge or fall back, a reform, a rally, or ending the phase. Each
 * unit acts once a player's half, so ending the phase whenever a player has
 * nothing better keeps every game finite.
 */
export type NtPolicy = Policy<Ctx, Position, Action>;

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
