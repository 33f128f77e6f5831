import { type AnySystem, type CanonicalMemo, fnv1a64, publicHash } from "@tercio/core";

/**
 * How a game's stored hashes are made, recorded with the game (storage
 * schema 5), so that games stored before a change still replay:
 * 1: `hash` is the system's hash of the whole position, beside the public
 *    hash of its public view: two hashes of an 18 kB position per action.
 * 2: `hash` is FNV-1a 64 of the public hash and the dice state the public
 *    view hides: one hash of the position per action, and the same guarantee
 *    (the whole position, dice included, is pinned by the pair).
 */
export type HashFormat = 1 | 2;

/** The format new games are stored in. */
export const HASH_FORMAT: HashFormat = 2;

export interface PositionHashes {
  /** The whole position's, dice state included: what a replay from the log must reach. */
  readonly hash: string;
  /** The public view's: what the clients compare. */
  readonly publicHash: string;
}

/**
 * Both hashes of a position. `memo` (a room's: its positions are never
 * changed once made) lets each hash write only the parts of the position
 * the last action changed.
 */
export function positionHashes(
  system: AnySystem,
  format: HashFormat,
  position: unknown,
  memo?: CanonicalMemo,
): PositionHashes {
  const open = publicHash(system, position, memo);
  return {
    hash: format === 1 ? system.hash(position, memo) : fnv1a64(`${open}:${system.diceState(position)}`),
    publicHash: open,
  };
}
