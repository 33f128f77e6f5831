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
});
