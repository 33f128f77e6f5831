// biome-ignore lint/correctness/noNodejsModules: checked against Node's OpenSSL here; the engine itself uses no Node API
import { createCipheriv, createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type ChachaNonce, chachaBlock, chachaKeyFromHex } from "./chacha20.js";

/** The block's words as the RFC serialises them: each little-endian, in order. */
const serialise = (words: Uint32Array) =>
  Array.from(words, (w) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(w >>> 0);
    return b.toString("hex");
  }).join("");

const nonceWords = (nonce: Buffer): ChachaNonce => [
  nonce.readUInt32LE(0),
  nonce.readUInt32LE(4),
  nonce.readUInt32LE(8),
];

/** OpenSSL's keystream (Node's "chacha20" cipher encrypting zeros): its 16-byte iv is the 32-bit LE counter, then the nonce. */
function openssl(key: Buffer, counter: number, nonce: Buffer, blocks: number): string {
  const iv = Buffer.concat([Buffer.alloc(4), nonce]);
  iv.writeUInt32LE(counter, 0);
  const cipher = createCipheriv("chacha20", key, iv);
  return Buffer.concat([cipher.update(Buffer.alloc(64 * blocks)), cipher.final()]).toString("hex");
}

describe("the ChaCha20 block function (RFC 8439)", () => {
  it("gives the block of RFC 8439 section 2.3.2", () => {
    const key = chachaKeyFromHex(Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString("hex"));
    const nonce = nonceWords(Buffer.from("000000090000004a00000000", "hex"));
    const block = chachaBlock(key, 1, nonce);
    expect(Array.from(block, (w) => w.toString(16).padStart(8, "0"))).toEqual([
      "e4e7f110",
      "15593bd1",
      "1fdd0f50",
      "c47120a3",
      "c7f4d1c7",
      "0368c033",
      "9aaa2204",
      "4e6cd4c3",
      "466482d2",
      "09aa9f07",
      "05d7c214",
      "a2028bd9",
      "d19c12b5",
      "b94e16de",
      "e883d0cb",
      "4e3c50a2",
    ]);
    expect(serialise(block)).toBe(
      "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e" +
        "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e",
    );
  });

  it("gives the keystream of RFC 8439 appendix A.1 #1 for the zero key and nonce", () => {
    expect(serialise(chachaBlock(chachaKeyFromHex("0".repeat(64)), 0))).toBe(
      "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7" +
        "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
    );
  });

  it("gives the same keystream as Node's OpenSSL for many keys, nonces and counters", () => {
    const counters = [0, 1, 2, 15, 16, 255, 256, 65_535, 0x7fffffff, 0xfffffffd];
    // Keys and nonces derived from the trial number: varied, and the same on every run.
    const bytes = (label: string, n: number) => createHash("sha256").update(label).digest().subarray(0, n);
    for (let trial = 0; trial < 40; trial++) {
      const key = bytes(`key ${trial}`, 32);
      const nonce = trial % 2 === 0 ? Buffer.alloc(12) : bytes(`nonce ${trial}`, 12);
      const counter = counters[trial % counters.length] ?? 0;
      const words = chachaKeyFromHex(key.toString("hex"));
      const ours = [0, 1, 2]
        .map((i) => serialise(chachaBlock(words, counter + i, nonceWords(nonce))))
        .join("");
      expect(ours, `key ${key.toString("hex")}, counter ${counter}`).toBe(openssl(key, counter, nonce, 3));
    }
  });

  it("refuses a counter outside 32 bits and a key that is not 32 bytes", () => {
    const key = chachaKeyFromHex("ab".repeat(32));
    expect(() => chachaBlock(key, 2 ** 32)).toThrow(/counter/);
    expect(() => chachaBlock(key, -1)).toThrow(/counter/);
    expect(() => chachaKeyFromHex("ab".repeat(31))).toThrow(/64 hex/);
  });
});
