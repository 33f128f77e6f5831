/**
 * The ChaCha20 block function (RFC 8439, section 2.3): 20 rounds over sixteen
 * 32-bit words, in plain integer arithmetic, so that it gives the same words
 * in Node and in every browser. Written by hand because it must be
 * synchronous and exact: WebCrypto is asynchronous and has no ChaCha20, and
 * the whole function is a few lines of additions, rotations and xors.
 */

/** "expand 32-byte k", the RFC's four constant words. */
const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574] as const;

/** A key as eight 32-bit words, each read little-endian from four key bytes (RFC 8439, 2.3). */
export type ChachaKey = readonly [number, number, number, number, number, number, number, number];

/** A 96-bit nonce as three little-endian 32-bit words. */
export type ChachaNonce = readonly [number, number, number];

export const ZERO_NONCE: ChachaNonce = [0, 0, 0];

function quarterRound(x: Uint32Array, a: number, b: number, c: number, d: number): void {
  let xa = x[a] as number;
  let xb = x[b] as number;
  let xc = x[c] as number;
  let xd = x[d] as number;
  xa = (xa + xb) | 0;
  xd ^= xa;
  xd = (xd << 16) | (xd >>> 16);
  xc = (xc + xd) | 0;
  xb ^= xc;
  xb = (xb << 12) | (xb >>> 20);
  xa = (xa + xb) | 0;
  xd ^= xa;
  xd = (xd << 8) | (xd >>> 24);
  xc = (xc + xd) | 0;
  xb ^= xc;
  xb = (xb << 7) | (xb >>> 25);
  x[a] = xa;
  x[b] = xb;
  x[c] = xc;
  x[d] = xd;
}

/**
 * The sixteen keystream words of block `counter` (0 to 2^32 - 1) under `key`
 * and `nonce`: the serialised block of RFC 8439 is these words written
 * little-endian, one after another.
 */
export function chachaBlock(key: ChachaKey, counter: number, nonce: ChachaNonce = ZERO_NONCE): Uint32Array {
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffffffff) {
    throw new Error(`a ChaCha20 block counter is 0 to 4294967295, not ${counter}`);
  }
  const input = new Uint32Array(16);
  input.set(SIGMA, 0);
  input.set(key, 4);
  input[12] = counter;
  input.set(nonce, 13);
  const x = input.slice();
  for (let round = 0; round < 20; round += 2) {
    // A column round, then a diagonal round (RFC 8439, 2.3).
    quarterRound(x, 0, 4, 8, 12);
    quarterRound(x, 1, 5, 9, 13);
    quarterRound(x, 2, 6, 10, 14);
    quarterRound(x, 3, 7, 11, 15);
    quarterRound(x, 0, 5, 10, 15);
    quarterRound(x, 1, 6, 11, 12);
    quarterRound(x, 2, 7, 8, 13);
    quarterRound(x, 3, 4, 9, 14);
  }
  for (let i = 0; i < 16; i++) x[i] = ((x[i] as number) + (input[i] as number)) | 0;
  return x;
}

/** A 32-byte key, given as 64 hex digits in byte order, as the block function's eight words. */
export function chachaKeyFromHex(hex: string): ChachaKey {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error("a ChaCha20 key is 64 hex digits (32 bytes)");
  const words: number[] = [];
  for (let w = 0; w < 8; w++) {
    let word = 0;
    for (let b = 3; b >= 0; b--)
      word = (word << 8) | Number.parseInt(hex.slice(8 * w + 2 * b, 8 * w + 2 * b + 2), 16);
    words.push(word >>> 0);
  }
  return words as unknown as ChachaKey;
}
