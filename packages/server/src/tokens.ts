import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { chachaPrng } from "@tercio/core";
import type { Role } from "@tercio/protocol";

/**
 * Seat and spectator tokens: 256 random bits, url-safe. Only their SHA-256
 * is stored, so a copy of the database gives nobody a seat.
 */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Game ids are public (they name the game in links) but unguessable all the same. */
export function newGameId(): string {
  return randomBytes(12).toString("base64url");
}

/**
 * An online game's opening PRNG state: ChaCha20 under a fresh 256-bit key
 * from the operating system's generator. Every die it rolls is published as
 * the game goes on, and ChaCha20's output gives away nothing of its key, so
 * no run of dice lets anyone foresee the next. Kept secret until the game
 * is over.
 */
export function newPrngState(): string {
  return chachaPrng(randomBytes(32));
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export type TokenHashes = Readonly<Record<Role, string | undefined>>;

/**
 * The role a token opens, compared in constant time: every role's digest is
 * compared in full whether or not an earlier one matched, so the time taken
 * says nothing about which role, or how much of a token, was right.
 */
export function roleOf(token: string, hashes: TokenHashes): Role | undefined {
  const given = Buffer.from(tokenHash(token), "hex");
  let found: Role | undefined;
  for (const role of ["first", "second", "spectator"] as const) {
    const stored = hashes[role];
    // A seat played by the AI has no token; compare against a digest no token hashes to.
    const against = Buffer.from(stored ?? "f".repeat(64), "hex");
    const same = against.length === given.length && timingSafeEqual(against, given);
    if (same && stored !== undefined && found === undefined) found = role;
  }
  return found;
}
