import { scaledDirection } from "@tercio/geometry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aimTurn, bearingTurn } from "./aim.js";

describe("aiming without trigonometry", () => {
  it("aimTurn finds the turn towards a point within the limit, clamping beyond it", () => {
    expect(aimTurn({ x: 0, y: 0 }, 0, { x: 1000, y: 1000 }, 4500)).toBe(4500);
    expect(aimTurn({ x: 0, y: 0 }, 0, { x: -1000, y: 1000 }, 4500)).toBe(-4500);
    expect(aimTurn({ x: 0, y: 0 }, 0, { x: 0, y: 1000 }, 4500)).toBe(0);
    expect(aimTurn({ x: 0, y: 0 }, 0, { x: 1000, y: 0 }, 4500)).toBe(4500);
    expect(aimTurn({ x: 0, y: 0 }, 0, { x: 0, y: -1000 }, 4500)).toBeNull();
  });

  it("property: bearingTurn points within a hundredth of a degree's worth of the target", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -200000, max: 200000 }),
        fc.integer({ min: -200000, max: 200000 }),
        fc.integer({ min: 0, max: 35999 }),
        (x, y, facing) => {
          fc.pre(x !== 0 || y !== 0);
          const turn = bearingTurn({ x: 0, y: 0 }, facing, { x, y });
          expect(turn).not.toBeNull();
          const d = scaledDirection(facing + (turn ?? 0), 1 << 20);
          const cross = d.x * y - d.y * x;
          const dot = d.x * x + d.y * y;
          expect(dot).toBeGreaterThan(0);
          // |sin| of the error below sin(0.01º) ≈ 1.75e-4 (plus the rounding of the direction).
          expect(Math.abs(cross) / Math.sqrt((x * x + y * y) * (d.x * d.x + d.y * d.y))).toBeLessThan(2e-4);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
