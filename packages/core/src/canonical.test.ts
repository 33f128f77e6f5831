import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, fnv1a64 } from "./canonical.js";
import { hashOf } from "./hashing.js";

describe("canonical JSON and hashing (determinism)", () => {
  it("matches the published FNV-1a 64 test vectors", () => {
    expect(fnv1a64("")).toBe("cbf29ce484222325");
    expect(fnv1a64("a")).toBe("af63dc4c8601ec8c");
    expect(fnv1a64("foobar")).toBe("85944171f73967e8");
  });

  it("gives FNV-1a 64 exactly as the 64-bit definition does, for any text", () => {
    // The definition in BigInt: the hand-written limbs must never drift from it.
    const reference = (text: string): string => {
      let h = 0xcbf29ce484222325n;
      for (let i = 0; i < text.length; i++)
        h = ((h ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn;
      return h.toString(16).padStart(16, "0");
    };
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => fnv1a64(text) === reference(text)),
      { numRuns: 500 },
    );
    expect(fnv1a64("\uffff".repeat(1000))).toBe(reference("\uffff".repeat(1000)));
  });

  it("sorts every object's keys, whatever shapes it has seen before", () => {
    // The same first key, other key lists: each is sorted by itself, not taken for a shape seen before.
    const shapes = [
      { m: 1, a: 2 },
      { m: 1, b: 2 },
      { m: 1, a: 2, z: 3 },
      { m: 1, c: 2, b: 3 },
    ];
    for (let round = 0; round < 2; round++)
      for (const o of shapes)
        expect(canonicalJson(o)).toBe(JSON.stringify(Object.fromEntries(Object.entries(o).sort())));
    // Against the definition: entries sorted by UTF-16 code units, written out by hand.
    const reference = (o: Record<string, number>): string =>
      `{${Object.entries(o)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
        .join(",")}}`;
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 3 }), fc.integer()),
        (o) => canonicalJson(o) === reference(o),
      ),
      { numRuns: 500 },
    );
  });

  it("does not depend on key order and drops undefined fields", () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }], e: undefined })).toBe(
      '{"a":[2,{"c":4,"d":3}],"b":1}',
    );
    expect(hashOf({ x: 1, y: 2 })).toBe(hashOf({ y: 2, x: 1 }));
    expect(hashOf({ x: 1 })).not.toBe(hashOf({ x: 2 }));
  });

  it("gives the same text and hash as before it was made faster (numbers, booleans, null, nesting)", () => {
    const value = { a: [1, true, null, "x", { b: -0, c: 1e21, d: 0.1, e: false }], 'k"q': "é" };
    expect(canonicalJson(value)).toBe(
      JSON.stringify({ a: [1, true, null, "x", { b: 0, c: 1e21, d: 0.1, e: false }], 'k"q': "é" }),
    );
    expect(hashOf({ a: [1, true, null, "x", { b: -0, c: 1e21, d: 0.1 }] })).toBe("a81a9cefdeef639e");
  });
});
