import { type CanonicalMemo, canonicalJson, fnv1a64 } from "./canonical.js";
import { type StructuralMemo, structuralHash } from "./structural-hash.js";

/**
 * How a value is hashed. "canonical": FNV-1a 64 of its canonical JSON, what
 * position files, saves, rules data and perft fixtures record. "structural":
 * the structural digest (structural-hash.ts), what online games of hash
 * format 3 compare after each action. Both read the same value the same way:
 * values with the same canonical JSON get the same hash of either kind.
 */
export type Hashing = "canonical" | "structural";

/**
 * A hashing with its memo, for the values of one caller that are never
 * changed once made (a game's positions: each action makes a new one,
 * sharing the parts it did not touch), so that hashing the next value reads
 * only what changed.
 */
export interface ValueHasher {
  readonly hashing: Hashing;
  hash(value: unknown): string;
}

export function valueHasher(hashing: Hashing): ValueHasher {
  if (hashing === "structural") {
    const memo: StructuralMemo = new WeakMap();
    return { hashing, hash: (value) => structuralHash(value, memo) };
  }
  const memo: CanonicalMemo = new WeakMap();
  return { hashing, hash: (value) => fnv1a64(canonicalJson(value, memo)) };
}

/** The hash of a value: FNV-1a 64 of its canonical JSON, or what `hasher` makes of it. */
export function hashOf(value: unknown, hasher?: ValueHasher): string {
  return hasher ? hasher.hash(value) : fnv1a64(canonicalJson(value));
}
