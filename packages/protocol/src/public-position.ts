import { type GameEvent, type Position, positionHash } from "@tercio/musket-and-pike";

/**
 * What a client may see of a running game: the whole position but the dice.
 * The server keeps the PRNG state secret (nobody may foresee the dice), so
 * clients get it replaced by this fixed, public placeholder and replay each
 * action with the die results the server reports. The placeholder is a valid
 * state (positions refuse all zeros) but is never rolled from: a client
 * always applies an event with its dice, and an action needing more rolls
 * than given is refused by the engine (dice/exhausted).
 */
export const HIDDEN_PRNG = `${"0".repeat(31)}1`;

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
