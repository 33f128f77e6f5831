// biome-ignore lint/correctness/noNodejsModules: checked against Node's OpenSSL here; the engine itself uses no Node API
import { createCipheriv } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chachaPrng, isPrngState, nextUint32, prngGenerator, rollDie, seedPrng } from "./prng.js";

describe("seeded PRNG (determinism)", () => {
  it("xoshiro128** reproduces the reference output for state (1, 2, 3, 4)", () => {
    // Reference: the C implementation by Blackman & Vigna, first three outputs from s = {1, 2, 3, 4}.
    let s = "00000001000000020000000300000004";
    const out: number[] = [];
    for (let i = 0; i < 3; i++) {
      const n = nextUint32(s);
      out.push(n.value);
      s = n.state;
    }
    expect(out).toEqual([11520, 0, 5927040]);
  });

  it("gives the same rolls for the same seed and different rolls for another", () => {
    const roll = (seed: number) => {
      let s = seedPrng(seed);
      const out: number[] = [];
      for (let i = 0; i < 20; i++) {
        const r = rollDie(s);
        out.push(r.value);
        s = r.state;
      }
      return out;
    };
    expect(roll(42)).toEqual(roll(42));
    expect(roll(42)).not.toEqual(roll(43));
  });

  it("rolls each face of a d6 about equally often", () => {
    let s = seedPrng(7);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60000; i++) {
      const r = rollDie(s);
      counts[r.value - 1] = (counts[r.value - 1] ?? 0) + 1;
      s = r.state;
    }
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(400);
  });

  it("validates seeds and states", () => {
    expect(() => seedPrng(-1)).toThrow(/seed/);
    expect(() => seedPrng(1.5)).toThrow(/seed/);
    expect(isPrngState(seedPrng(0))).toBe(true);
    expect(isPrngState("0".repeat(32))).toBe(false);
    expect(isPrngState("xyz")).toBe(false);
  });
});

/** Node's OpenSSL keystream words from word `index` on (encrypting zeros; the iv is the block counter, then a zero nonce). */
function opensslWords(keyHex: string, index: number, count: number): number[] {
  const block = Math.floor(index / 16);
  const iv = Buffer.alloc(16);
  iv.writeUInt32LE(block, 0);
  const cipher = createCipheriv("chacha20", Buffer.from(keyHex, "hex"), iv);
  const stream = cipher.update(Buffer.alloc(4 * ((index % 16) + count)));
  return Array.from({ length: count }, (_, i) => stream.readUInt32LE(4 * ((index % 16) + i)));
}

const keyHex = fc.uint8Array({ minLength: 32, maxLength: 32 });
/** Keystream word indexes (eighteen words short of the end), weighted towards the first and the last blocks. */
const wordIndex = fc.oneof(
  fc.integer({ min: 0, max: 64 }),
  fc.integer({ min: 0, max: 0xfffffffed }),
  fc.integer({ min: 0xfffffff00, max: 0xfffffffed }),
);
const stateOf = (key: Uint8Array, word: number) => `${chachaPrng(key).slice(0, -1)}${word.toString(16)}`;

describe("seeded PRNG: ChaCha20 states (secret dice)", () => {
  it("a ChaCha20 state names its key and its next keystream word, in one canonical form", () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => i);
    const state = chachaPrng(key);
    expect(state).toBe(`chacha20:${"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"}:0`);
    expect(isPrngState(state)).toBe(true);
    expect(prngGenerator(state)).toBe("chacha20");
    expect(prngGenerator(seedPrng(1))).toBe("xoshiro128**");
    expect(nextUint32(state).state).toBe(`${state.slice(0, -1)}1`);
    // Not canonical, or not a state at all: upper case, leading zeros, a short key, past the end of the keystream.
    const body = state.slice("chacha20:".length, -2);
    for (const bad of [
      state.toUpperCase(),
      `chacha20:${body.toUpperCase()}:0`,
      `chacha20:${body}:00`,
      `chacha20:${body}:01`,
      `chacha20:${body.slice(2)}:0`,
      `chacha20:${body}:1000000000`,
      `chacha20:${body}:`,
      `chacha20:${body}`,
      `c20:${body}:0`,
    ])
      expect(isPrngState(bad), bad).toBe(false);
    expect(() => chachaPrng(new Uint8Array(16))).toThrow(/32 bytes/);
  });

  it("the zero key's first words are RFC 8439's keystream (appendix A.1 #1)", () => {
    let s = chachaPrng(new Uint8Array(32));
    const out: number[] = [];
    for (let i = 0; i < 3; i++) {
      const n = nextUint32(s);
      out.push(n.value);
      s = n.state;
    }
    expect(out).toEqual([0xade0b876, 0x903df1a0, 0xe56a5d40]);
  });

  it("its outputs are ChaCha20's keystream words in order, as Node's OpenSSL computes them", () => {
    fc.assert(
      fc.property(keyHex, wordIndex, (key, word) => {
        let s = stateOf(key, word);
        const ours: number[] = [];
        for (let i = 0; i < 18; i++) {
          const n = nextUint32(s);
          ours.push(n.value);
          s = n.state;
        }
        expect(ours).toEqual(opensslWords(Buffer.from(key).toString("hex"), word, 18));
        expect(s).toBe(stateOf(key, word + 18));
      }),
      { numRuns: 200 },
    );
  });

  it("states round-trip, every roll is a die face, and the same state always rolls the same", () => {
    fc.assert(
      fc.property(keyHex, wordIndex, fc.integer({ min: 2, max: 20 }), (key, word, sides) => {
        const s = stateOf(key, word);
        expect(isPrngState(s)).toBe(true);
        expect(s).toBe(stateOf(key, Number.parseInt(s.split(":")[2] ?? "", 16)));
        const a = rollDie(s, sides);
        expect(rollDie(s, sides)).toEqual(a);
        expect(Number.isInteger(a.value) && a.value >= 1 && a.value <= sides).toBe(true);
        expect(isPrngState(a.state)).toBe(true);
        expect(prngGenerator(a.state)).toBe("chacha20");
        expect(a.state.slice(0, 74)).toBe(s.slice(0, 74));
        expect(a.state).not.toBe(s);
      }),
      { numRuns: 300 },
    );
  });

  it("the keystream's last word is followed by its first: no state leads out of the form", () => {
    const key = new Uint8Array(32).fill(7);
    const last = stateOf(key, 0xfffffffff);
    expect(isPrngState(last)).toBe(true);
    expect(nextUint32(last).state).toBe(chachaPrng(key));
  });

  it("rolls each face of a d6 about equally often", () => {
    let s = chachaPrng(Uint8Array.from({ length: 32 }, (_, i) => 255 - i));
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60000; i++) {
      const r = rollDie(s);
      counts[r.value - 1] = (counts[r.value - 1] ?? 0) + 1;
      s = r.state;
    }
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(400);
  });
});
