import { describe, expect, it } from "vitest";
import { canonicalJson, fnv1a64, hashOf } from "./canonical.js";

describe("canonical JSON and hashing (determinism)", () => {
  it("matches the published FNV-1a 64 test vectors", () => {
    expect(fnv1a64("")).toBe("cbf29ce484222325");
    expect(fnv1a64("a")).toBe("af63dc4c8601ec8c");
    expect(fnv1a64("foobar")).toBe("85944171f73967e8");
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
