/**
 * The game's seeded PRNG: xoshiro128** (Blackman & Vigna), seeded through
 * SplitMix32. Its whole state is four 32-bit words, kept in the game state as
 * 32 hex digits, so a saved game replays die for die (house style 11).
 * Written by hand because it is twenty lines and must serialise exactly.
 */
export type PrngState = string;

const HEX_STATE = /^[0-9a-f]{32}$/;

export function isPrngState(s: string): boolean {
  return HEX_STATE.test(s) && s !== "0".repeat(32);
}

function splitmix32(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A fresh PRNG state from a 32-bit unsigned seed. */
export function seedPrng(seed: number): PrngState {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new Error(`seed must be an integer from 0 to 4294967295, got ${seed}`);
  }
  const next = splitmix32(seed);
  return encode([next(), next(), next(), next()]);
}

function encode(words: readonly number[]): PrngState {
  return words.map((w) => (w >>> 0).toString(16).padStart(8, "0")).join("");
}

function decode(state: PrngState): [number, number, number, number] {
  if (!isPrngState(state)) throw new Error(`malformed PRNG state "${state}"`);
  return [0, 8, 16, 24].map((i) => Number.parseInt(state.slice(i, i + 8), 16)) as [
    number,
    number,
    number,
    number,
  ];
}

const rotl = (x: number, k: number): number => ((x << k) | (x >>> (32 - k))) >>> 0;

/** The next 32-bit output and the state after it. */
export function nextUint32(state: PrngState): { value: number; state: PrngState } {
  const s = decode(state);
  const value = Math.imul(rotl(Math.imul(s[1], 5) >>> 0, 7), 9) >>> 0;
  const t = (s[1] << 9) >>> 0;
  s[2] = (s[2] ^ s[0]) >>> 0;
  s[3] = (s[3] ^ s[1]) >>> 0;
  s[1] = (s[1] ^ s[2]) >>> 0;
  s[0] = (s[0] ^ s[3]) >>> 0;
  s[2] = (s[2] ^ t) >>> 0;
  s[3] = rotl(s[3], 11);
  return { value, state: encode(s) };
}

/** A uniform integer in [1, sides], by rejection so that no face is favoured. */
export function rollDie(state: PrngState, sides = 6): { value: number; state: PrngState } {
  const limit = 0x100000000 - (0x100000000 % sides);
  let s = state;
  for (;;) {
    const next = nextUint32(s);
    s = next.state;
    if (next.value < limit) return { value: (next.value % sides) + 1, state: s };
  }
}
