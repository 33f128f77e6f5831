import { describe, expect, it } from "vitest";
import { checkGeometryAgreement, formatGeometryFigures } from "./geometry-bench.js";
import { geometryWorkload, TINY_GEOMETRY } from "./geometry-workload.js";

describe("the geometry bench gives the kernel and @flatten-js/core the same work", () => {
  for (const seed of [1, 2]) {
    it(`agrees with flatten on every query away from a boundary (seed ${seed})`, () => {
      const w = geometryWorkload(seed, TINY_GEOMETRY);
      const a = checkGeometryAgreement(w);
      expect(a.within.queries).toBe(TINY_GEOMETRY.ranges);
      expect(a.moves.queries).toBe(TINY_GEOMETRY.moves);
      // Exact boundary cases are in the data: a fifth of the range queries sit within a tick of r.
      expect(a.within.boundary).toBeLessThanOrEqual(TINY_GEOMETRY.ranges / 5);
    });
  }

  it("builds the same workload from the same seed", () => {
    expect(geometryWorkload(7, TINY_GEOMETRY)).toEqual(geometryWorkload(7, TINY_GEOMETRY));
  });

  it("formats figures as a table", () => {
    const text = formatGeometryFigures([
      {
        name: "x",
        ops: 1,
        oursNsPerOp: 10,
        flattenNsPerOp: 100,
        ratio: 10,
        queries: 5,
        boundaryDisagreements: 1,
        glancingTouches: 0,
        flattenErrors: 0,
      },
    ]);
    expect(text).toContain("1 / 5");
    expect(text).toContain("10x");
  });
});
