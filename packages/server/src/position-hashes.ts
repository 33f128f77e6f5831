import {
  type AnySystem,
  fnv1a64,
  type Hashing,
  publicHash,
  type ValueHasher,
  valueHasher,
} from "@tercio/core";

/**
 * How a game's stored hashes are made, recorded with the game (from storage
 * schema 5; format 3 from schema 6), so that games stored before a change
 * still replay:
 * 1: `hash` is the system's hash of the whole position, beside the public
 *    hash of its public view: two hashes of an 18 kB position per action.
 * 2: `hash` is FNV-1a 64 of the public hash and the dice state the public
 *    view hides: one hash of the position per action, and the same guarantee
 *    (the whole position, dice included, is pinned by the pair).
 * 3: as 2, but the public hash is the structural digest of the public view
 *    (core's structural-hash.ts), not FNV-1a 64 of its canonical JSON: a
 *    room digests only the parts of the position an action changed, and the
 *    clients compare the same digest (the snapshot message names it).
 */
export type HashFormat = 1 | 2 | 3;

/** The format new games are stored in. */
export const HASH_FORMAT: HashFormat = 3;

export function isHashFormat(n: unknown): n is HashFormat {
  return n === 1 || n === 2 || n === 3;
}

/** How the public hash of a game stored in `format` is made: what its clients compute. */
export function hashingOf(format: HashFormat): Hashing {
  return format === 3 ? "structural" : "canonical";
}

/**
 * The hasher a room (or a replica of it) keeps for its game's positions:
 * they are never changed once made, so each hash reads only what the last
 * action changed.
 */
export function gameHasher(format: HashFormat): ValueHasher {
  return valueHasher(hashingOf(format));
}

export interface PositionHashes {
  /** The whole position's, dice state included: what a replay from the log must reach. */
  readonly hash: string;
  /** The public view's: what the clients compare. */
  readonly publicHash: string;
}

/** Both hashes of a position; `hasher` the game's (gameHasher), else one for this position alone. */
export function positionHashes(
  system: AnySystem,
  format: HashFormat,
  position: unknown,
  hasher: ValueHasher = gameHasher(format),
): PositionHashes {
  if (hasher.hashing !== hashingOf(format))
    throw new Error(`hash format ${format} is not made by ${hasher.hashing} hashing`);
  const open = publicHash(system, position, hasher);
  return {
    hash: format === 1 ? system.hash(position, hasher) : fnv1a64(`${open}:${system.diceState(position)}`),
    publicHash: open,
  };
}
