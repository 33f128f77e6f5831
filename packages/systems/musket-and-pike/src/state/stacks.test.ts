import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withStacks } from "./stacks.js";

/** withStacks by its definition: every hex, old and new, sorted, emptied ones dropped. */
function reference(
  stacks: Record<string, readonly string[]>,
  changed: Record<string, readonly string[]>,
): Record<string, readonly string[]> {
  const hexes = [...new Set([...Object.keys(stacks), ...Object.keys(changed)])].sort();
  const out: Record<string, readonly string[]> = {};
  for (const hex of hexes) {
    const ids = Object.hasOwn(changed, hex) ? changed[hex] : stacks[hex];
    if (ids && ids.length > 0) out[hex] = ids;
  }
  return out;
}

const hexId = fc.integer({ min: 101, max: 4030 }).map((n) => String(n).padStart(4, "0"));
const stackOf = fc.array(fc.constantFrom("A", "B", "C"), { maxLength: 3 });

describe("stacks", () => {
  it("[10.2] withStacks gives the sorted stacks, keys in the same order, whether the stacks were in order or not", () => {
    fc.assert(
      fc.property(
        fc.dictionary(hexId, stackOf, { maxKeys: 40 }),
        fc.dictionary(hexId, stackOf, { maxKeys: 4 }),
        fc.boolean(),
        (raw, changed, ordered) => {
          // Stacks as positions keep them (sorted), or in any order (a record built elsewhere).
          const stacks = ordered ? reference(raw, {}) : raw;
          const got = withStacks(stacks, changed);
          const want = reference(stacks, changed);
          expect(got).toEqual(want);
          expect(Object.keys(got)).toEqual(Object.keys(want));
        },
      ),
      { numRuns: 500 },
    );
  });
});
