import type { Seat } from "@tercio/core";
import type { Action, Ctx, Position, UnitState } from "@tercio/plucky-pikes";
import type { Policy } from "../policy.js";

/**
 * A player of Plucky Pikes and Stalwart Shot (001). Called for the seat to
 * act, one action at a time: the first turn's initiative roll, a unit's
 * move (a program of activities) or engagement, an officer joining a unit,
 * a fire declaration, the answer to a counter roll, or ending the side's
 * move or declaring. Each unit moves once a turn and fires once, so ending
 * the phase whenever a player has nothing better keeps every game finite.
 */
export type PpPolicy = Policy<Ctx, Position, Action>;

export const END_PHASE: Action = { type: "end-phase" };
export const INITIATIVE: Action = { type: "initiative" };

export function otherSide(side: Seat): Seat {
  return side === "first" ? "second" : "first";
}

/** The ids of the units on the table (not gone), sorted; of one side if given. */
export function onTable(position: Position, side?: Seat): string[] {
  return Object.keys(position.units)
    .filter((id) => {
      const u = position.units[id];
      return u !== undefined && u.gone === undefined && (side === undefined || u.side === side);
    })
    .sort();
}

export function unitOf(position: Position, id: string): UnitState {
  const u = position.units[id];
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

/** Whether the part is a side's move (units move, engage and officers join them). */
export function isMovePart(position: Position): boolean {
  return position.part === "move-1" || position.part === "move-2";
}

/** Whether the part is a fire step (each side declares, player 1 first). */
export function isFirePart(position: Position): boolean {
  return position.part === "fire-1" || position.part === "fire-2";
}

/** The melee a unit fights in, if any. */
export function meleeOf(position: Position, id: string): Position["melees"][number] | undefined {
  return position.melees.find((m) => m.attackers.includes(id) || m.defenders.includes(id));
}
