import { chachaBlock, chachaKeyFromHex } from "./chacha20.js";

/**
 * The game's seeded PRNG. Its whole state lives in the position as a string
 * that names its generator, so a saved game replays die for die (house
 * style 11):
 *
 * - `xoshiro128**` (Blackman & Vigna), seeded through SplitMix32: 32
 *   lowercase hex digits, its four 32-bit words. Fast, and the generator of
 *   every local game, whose seed is no secret. Written by hand because it is
 *   twenty lines and must serialise exactly.
 * - `chacha20` (RFC 8439): `chacha20:<key>:<word>`, the key as 64 lowercase
 *   hex digits (256 bits) and the index of the next keystream word in
 *   lowercase hex without leading zeros (`0` to `fffffffff`). The nonce is
 *   zero; outputs are the keystream's 32-bit words in order, sixteen to a
 *   block. A cryptographic generator: seeing every die so far tells nothing
 *   of the next unless the key is known. Games whose dice must stay secret
 *   until the end (online play) use it.
 */
export type PrngState = string;

export const PRNG_GENERATORS = ["xoshiro128**", "chacha20"] as const;
export type PrngGenerator = (typeof PRNG_GENERATORS)[number];

const XOSHIRO_STATE = /^[0-9a-f]{32}$/;
const CHACHA_STATE = /^chacha20:([0-9a-f]{64}):(0|[1-9a-f][0-9a-f]{0,8})$/;

/** Either state's form (the position and save schemas' pattern); isPrngState also refuses all zeros. */
export const PRNG_STATE_PATTERN = /^(?:[0-9a-f]{32}|chacha20:[0-9a-f]{64}:(?:0|[1-9a-f][0-9a-f]{0,8}))$/;

/** ChaCha20 has 2^32 blocks of sixteen words under one key and nonce. */
const CHACHA_WORDS = 0x1000000000;

export function isPrngState(s: string): boolean {
  return XOSHIRO_STATE.test(s) ? s !== "0".repeat(32) : CHACHA_STATE.test(s);
}

/** The generator a state belongs to (a state of neither form is no state: see isPrngState). */
export function prngGenerator(state: PrngState): PrngGenerator {
  return state.startsWith("chacha20:") ? "chacha20" : "xoshiro128**";
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

/**
 * What a client is shown instead of a running game's PRNG state: the server
 * keeps the state secret (nobody may foresee the dice), and clients replay
 * each action with the die results the server reports. It is a valid
 * xoshiro128** state (states refuse all zeros) but is never rolled from: an
 * action needing more rolls than it was given is refused.
 */
export const HIDDEN_PRNG: PrngState = `${"0".repeat(31)}1`;

/** A fresh xoshiro128** state from a 32-bit unsigned seed. */
export function seedPrng(seed: number): PrngState {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new Error(`seed must be an integer from 0 to 4294967295, got ${seed}`);
  }
  const next = splitmix32(seed);
  return encode([next(), next(), next(), next()]);
}

/**
 * A fresh ChaCha20 state from a 256-bit secret key (32 bytes, from a
 * cryptographic source such as the operating system's), at its first word.
 */
export function chachaPrng(key: Uint8Array): PrngState {
  if (key.length !== 32) throw new Error(`a ChaCha20 key is 32 bytes, not ${key.length}`);
  const hex = Array.from(key, (b) => b.toString(16).padStart(2, "0")).join("");
  return `chacha20:${hex}:0`;
}

function encode(words: readonly number[]): PrngState {
  return words.map((w) => (w >>> 0).toString(16).padStart(8, "0")).join("");
}

function decode(state: PrngState): [number, number, number, number] {
  if (!XOSHIRO_STATE.test(state) || state === "0".repeat(32))
    throw new Error(`malformed PRNG state "${state}"`);
  return [0, 8, 16, 24].map((i) => Number.parseInt(state.slice(i, i + 8), 16)) as [
    number,
    number,
    number,
    number,
  ];
}

const rotl = (x: number, k: number): number => ((x << k) | (x >>> (32 - k))) >>> 0;

function nextXoshiro(state: PrngState): { value: number; state: PrngState } {
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

function nextChacha(key: string, word: number): { value: number; state: PrngState } {
  const block = chachaBlock(chachaKeyFromHex(key), Math.floor(word / 16));
  const value = (block[word % 16] as number) >>> 0;
  // The keystream of one key and nonce ends after 2^36 words and would begin again: no game rolls so many dice.
  const next = (word + 1) % CHACHA_WORDS;
  return { value, state: `chacha20:${key}:${next.toString(16)}` };
}

/** The next 32-bit output and the state after it, from whichever generator the state names. */
export function nextUint32(state: PrngState): { value: number; state: PrngState } {
  const chacha = CHACHA_STATE.exec(state);
  if (chacha) return nextChacha(chacha[1] as string, Number.parseInt(chacha[2] as string, 16));
  return nextXoshiro(state);
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
