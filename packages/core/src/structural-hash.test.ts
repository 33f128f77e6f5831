import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical.js";
import { hashOf, valueHasher } from "./hashing.js";
import { type StructuralMemo, structuralHash } from "./structural-hash.js";

/** JSON values with the shapes positions have: nested records and lists, ids, integers, inches. */
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 4 }), tie("value"), { maxKeys: 5 }),
  ),
})).value;

/** The value with every object's keys in reverse order: the same value to canonical JSON. */
function reordered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reordered);
  if (v === null || typeof v !== "object") return v;
  return Object.fromEntries(
    Object.entries(v)
      .reverse()
      .map(([k, x]) => [k, reordered(x)]),
  );
}

/**
 * The digest's definition with nothing but exact integers: lanes are
 * BigInts cut to 32 bits, imul is a product cut to 32 bits, the object
 * sum is cut to 64. The hand-written lanes must never drift from it.
 */
function reference(value: unknown): string {
  const M32 = 0xffffffffn;
  const u = (n: number | bigint) => BigInt.asUintN(32, BigInt(n));
  const mul = (a: bigint, b: bigint) => (a * b) & M32;
  const [P1, P2, A1, A2] = [2654435761n, 1597334677n, 2246822507n, 3266489909n];
  type D = readonly [bigint, bigint];
  const avalanche = (h1: bigint, h2: bigint): D => {
    const a = mul(h1 ^ (h1 >> 16n), A1) ^ mul(h2 ^ (h2 >> 13n), A2);
    const b = mul(h2 ^ (h2 >> 16n), A1) ^ mul(a ^ (a >> 13n), A2);
    return [a, b];
  };
  const lanes = {
    string: [0x9e3779b9n, 0x7f4a7c15n],
    number: [0x85ebca6bn, 0xc2b2ae35n],
    integer: [0x27d4eb2fn, 0x165667b1n],
    array: [0xd6e8feb8n, 0x6659fd93n],
    entry: [0x94d049bbn, 0x133111ebn],
    object: [0xbf58476dn, 0x1ce4e5b9n],
  } as const;
  const text = ([s1, s2]: readonly [bigint, bigint], t: string): D => {
    let h1 = s1;
    let h2 = s2 ^ u(t.length);
    for (let i = 0; i < t.length; i++) {
      const c = BigInt(t.charCodeAt(i));
      h1 = mul(h1 ^ c, P1);
      h2 = mul(h2 ^ c, P2);
    }
    return avalanche(h1, h2);
  };
  const digest = (v: unknown): D => {
    if (v === null) return [0x9b05688cn, 0x1f83d9abn];
    if (v === true) return [0x61c88647n, 0x3c6ef372n];
    if (v === false) return [0xa54ff53an, 0x510e527fn];
    if (typeof v === "string") return text(lanes.string, v);
    if (typeof v === "number") {
      if (Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31) {
        const n = u(v);
        return avalanche(lanes.integer[0] ^ n, mul(lanes.integer[1] ^ n, P2));
      }
      return text(lanes.number, String(v));
    }
    if (Array.isArray(v)) {
      let h1: bigint = lanes.array[0] ^ u(v.length);
      let h2: bigint = lanes.array[1];
      for (const x of v) {
        const [c1, c2] = digest(x);
        h1 = mul(h1 ^ c1, P1);
        h2 = mul(h2 ^ c2 ^ h1, P2);
      }
      return avalanche(h1, h2);
    }
    let sum = 0n;
    let count = 0n;
    for (const [k, x] of Object.entries(v as object)) {
      if (x === undefined) continue;
      count++;
      const [v1, v2] = digest(x);
      const [k1, k2] = text(lanes.string, k);
      const h1 = mul(mul(lanes.entry[0] ^ k1, P1) ^ v1, P1);
      const h2 = mul(mul(lanes.entry[1] ^ k2, P2) ^ v2, P2);
      const [e1, e2] = avalanche(h1, h2 ^ h1);
      sum = BigInt.asUintN(64, sum + (e1 << 32n) + e2);
    }
    const h1 = mul(lanes.object[0] ^ count ^ (sum >> 32n), P1);
    return avalanche(h1, mul(lanes.object[1] ^ (sum & M32), P2) ^ h1);
  };
  const [a, b] = digest(value);
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

describe("the structural digest (hash format 3's public hash)", () => {
  it("is frozen: these values keep these digests, in Node and in every browser", () => {
    // Any change to the digest changes every stored game of format 3: it would need a format 4.
    expect(structuralHash(null)).toBe("9b05688c1f83d9ab");
    expect(structuralHash(true)).toBe("61c886473c6ef372");
    expect([structuralHash(""), structuralHash("a"), structuralHash(0), structuralHash(-1)]).toEqual([
      "2f45b424ac479b68",
      "498e4e065386c4bc",
      "c106c25784a4a1f2",
      "1574e6478e4fa274",
    ]);
    expect(structuralHash({ units: { "S-1": { hex: 1407, mp: 2.5 } }, list: [1, "x", false] })).toBe(
      "632d1dc659d46d9b",
    );
  });

  it("computes exactly the definition, written here in BigInt arithmetic modulo 2^32 and 2^64", () => {
    fc.assert(
      fc.property(json, (v) => structuralHash(v) === reference(v)),
      { numRuns: 1000 },
    );
    for (const n of [2 ** 31 - 1, -(2 ** 31), 2 ** 31, 0.1, 1e21, -1e-7])
      expect(structuralHash([n, { n }])).toBe(reference([n, { n }]));
  });

  it("gives values with the same canonical JSON the same digest: key order, undefined fields, -0, a JSON round trip", () => {
    expect(structuralHash({ a: 1, b: [2, { c: 3, d: 4 }] })).toBe(
      structuralHash({ b: [2, { d: 4, c: 3 }], a: 1 }),
    );
    expect(structuralHash({ a: 1, gone: undefined })).toBe(structuralHash({ a: 1 }));
    expect(structuralHash(-0)).toBe(structuralHash(0));
    expect(structuralHash(2 ** 40)).toBe(structuralHash(JSON.parse(String(2 ** 40))));
    fc.assert(
      fc.property(json, (v) => {
        const h = structuralHash(v);
        return h === structuralHash(reordered(v)) && h === structuralHash(JSON.parse(canonicalJson(v)));
      }),
      { numRuns: 1000 },
    );
  });

  it("tells apart values whose canonical JSON differs (no collision among thousands of random values)", () => {
    const seen = new Map<string, string>();
    fc.assert(
      fc.property(json, (v) => {
        const text = canonicalJson(v);
        const h = structuralHash(v);
        const before = seen.get(h);
        seen.set(h, text);
        return before === undefined || before === text;
      }),
      { numRuns: 5000 },
    );
    // The cases a sum or a plain XOR would confuse: order in lists, a key moved to another value, kinds.
    const apart = [
      [1, 2],
      [2, 1],
      { a: 1, b: 2 },
      { a: 2, b: 1 },
      { a: [1], b: [] },
      { a: [], b: [1] },
      "1",
      1,
      1.5,
      "1.5",
      true,
      "true",
      null,
      "null",
      [],
      {},
      [[]],
      [{}],
      { a: { a: 1 } },
      { a: 1, b: 1 },
      { b: 1 },
      2 ** 31,
      -(2 ** 31),
    ];
    expect(new Set(apart.map((v) => structuralHash(v))).size).toBe(apart.length);
  });

  it("reads a part from its memo as it would read it again, for values never changed once made", () => {
    fc.assert(
      fc.property(fc.array(json, { minLength: 1, maxLength: 6 }), (parts) => {
        const memo: StructuralMemo = new WeakMap();
        // Positions in a game share parts: each value here holds the one before it.
        let shared: unknown = null;
        for (const p of parts) {
          const next = { p, shared };
          if (structuralHash(next, memo) !== structuralHash(next)) return false;
          shared = next;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it("refuses what canonical JSON refuses: a number that is not finite, an undefined list element, a function", () => {
    expect(() => structuralHash(Number.NaN)).toThrow(/non-finite/);
    expect(() => structuralHash({ a: Number.POSITIVE_INFINITY })).toThrow(/non-finite/);
    expect(() => structuralHash([1, undefined])).toThrow(/undefined is not JSON/);
    expect(() => structuralHash({ f: () => 1 })).toThrow(/not JSON/);
    expect(() => canonicalJson([1, undefined])).toThrow();
  });

  it("is what a structural ValueHasher makes, and hashOf without one stays FNV-1a 64 of canonical JSON", () => {
    const v = { b: 2, a: [1, "x"] };
    expect(valueHasher("structural").hash(v)).toBe(structuralHash(v));
    expect(valueHasher("canonical").hash(v)).toBe(hashOf(v));
    expect(hashOf(v, valueHasher("structural"))).toBe(structuralHash(v));
    expect(hashOf(v)).not.toBe(structuralHash(v));
  });
});
