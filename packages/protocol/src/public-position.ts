import { HIDDEN_PRNG } from "@tercio/core";
import { type GameEvent, type Position, positionHash } from "@tercio/musket-and-pike";

/**
 * What a client may see of a running game: the whole position but the dice
 * (the PRNG state replaced by core's HIDDEN_PRNG).
 */

export function publicPosition(position: Position): Position {
  return position.prng === HIDDEN_PRNG ? position : { ...position, prng: HIDDEN_PRNG };
}

/** The hash both sides compare after each action: the hash of the public position. */
export function publicHash(position: Position): string {
  return positionHash(publicPosition(position));
}

/** The die results an action used, in order: a client replays the action with exactly these. */
export function diceRolled(events: readonly GameEvent[]): number[] {
  const dice: number[] = [];
  for (const e of events) if (e.type === "die-rolled") dice.push(e.value);
  return dice;
}
