/**
 * A policy's own random numbers, apart from the game's dice (the engine's
 * PRNG lives in the position and decides combat; this one only decides what
 * a policy chooses). xorshift32: its whole state is one 32-bit word, kept in
 * a small object that the game loop passes to the policy on every call.
 */
export interface PolicyRng {
  /** Never 0 (xorshift's fixed point). */
  state: number;
}

/** A generator from any 32-bit seed; nearby seeds give unrelated sequences. */
export function createRng(seed: number): PolicyRng {
  // A murmur3-style finaliser scrambles the seed before xorshift sees it.
  let z = ((seed >>> 0) + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z = (z ^ (z >>> 16)) >>> 0;
  return { state: z === 0 ? 0x6d2b79f5 : z };
}

/** The next 32-bit unsigned value; advances the state. */
export function rngUint32(rng: PolicyRng): number {
  let x = rng.state;
  x = (x ^ (x << 13)) >>> 0;
  x = (x ^ (x >>> 17)) >>> 0;
  x = (x ^ (x << 5)) >>> 0;
  rng.state = x;
  return x;
}

/** A whole number from 0 to n - 1 (n at least 1). */
export function rngInt(rng: PolicyRng, n: number): number {
  if (!Number.isInteger(n) || n < 1) throw new Error(`rngInt needs a whole number of choices, not ${n}`);
  return Math.floor((rngUint32(rng) / 0x100000000) * n);
}

/** True with probability numerator / denominator. */
export function rngChance(rng: PolicyRng, numerator: number, denominator: number): boolean {
  return rngInt(rng, denominator) < numerator;
}
