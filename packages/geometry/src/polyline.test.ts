import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { basePolygon } from "./base.js";
import type { Point } from "./point.js";
import { convexCrossesPolyline, segmentWithinBand, withinBand } from "./polyline.js";
import { translationSweep } from "./sweep.js";
import { inches } from "./units.js";

const P = (x: number, y: number): Point => ({ x, y });
const SIZE = { frontage: inches(4), depth: inches(2) };
// A river along y = 30000 with a bridge on segment 1 (x from -15000 to 15000).
const RIVER = [P(-100000, 30000), P(-15000, 30000), P(15000, 30000), P(100000, 30000)];

describe("crossing a river", () => {
  const start = basePolygon({ x: 0, y: 0, facing: 0 }, SIZE);
  it("a sweep across the bridge span is allowed; elsewhere it crosses", () => {
    const sweep = translationSweep(start, P(0, 60000));
    expect(convexCrossesPolyline(sweep, RIVER)).toBe(true);
    expect(convexCrossesPolyline(sweep, RIVER, [[1, 1]])).toBe(false);
    const beside = translationSweep(basePolygon({ x: 40000, y: 0, facing: 0 }, SIZE), P(0, 60000));
    expect(convexCrossesPolyline(beside, RIVER, [[1, 1]])).toBe(true);
  });

  it("a base over the span's end vertex also meets the next segment", () => {
    const over = translationSweep(basePolygon({ x: 15000, y: 0, facing: 0 }, SIZE), P(0, 60000));
    expect(convexCrossesPolyline(over, RIVER, [[1, 1]])).toBe(true);
  });

  it("touching the bank is not crossing", () => {
    // The base's front edge at y = 6096 + 23904 = 30000, on the river line.
    const onBank = basePolygon({ x: 50000, y: 23904, facing: 0 }, SIZE);
    expect(convexCrossesPolyline(onBank, RIVER)).toBe(false);
    expect(convexCrossesPolyline(basePolygon({ x: 50000, y: 23905, facing: 0 }, SIZE), RIVER)).toBe(true);
    // A corner on the line, the base turned 45°.
    const corner = basePolygon(
      { x: 50000, y: 30000 - 8622, facing: 4500 },
      { frontage: inches(2), depth: inches(2) },
    );
    expect(convexCrossesPolyline(corner, RIVER)).toBe(false);
  });
});

describe("road bands", () => {
  // A road with a right-angle bend at (0, 0), half-width 1".
  const ROAD = [P(-50000, 0), P(0, 0), P(0, 50000)];
  const h = inches(1);
  it("a point within the half-width is on the road, inclusive", () => {
    expect(withinBand(P(-20000, h), ROAD, h)).toBe(true);
    expect(withinBand(P(-20000, h + 1), ROAD, h)).toBe(false);
    expect(withinBand(P(h, 20000), ROAD, h)).toBe(true);
  });

  it("a segment along one road segment is within the band; cutting the corner is not", () => {
    expect(segmentWithinBand(P(-40000, h), P(-1000, -h), ROAD, h)).toBe(true);
    expect(segmentWithinBand(P(-40000, h + 1), P(-1000, -h), ROAD, h)).toBe(false);
    // Both ends on the road, but the chord across the bend leaves it.
    expect(withinBand(P(-20000, 0), ROAD, h)).toBe(true);
    expect(withinBand(P(0, 20000), ROAD, h)).toBe(true);
    expect(segmentWithinBand(P(-20000, 0), P(0, 20000), ROAD, h)).toBe(false);
  });

  it("a short segment round the bend, passing within the half-width of the vertex, is within the band", () => {
    expect(segmentWithinBand(P(-3000, 0), P(0, 3000), ROAD, h)).toBe(true);
    expect(segmentWithinBand(P(-h, -h), P(h, h), ROAD, h)).toBe(true);
  });
});

describe("segmentWithinBand is sufficient", () => {
  it("when it says yes, every sixteenth of the segment is within the band (checked at 16x scale)", () => {
    const pt = (lim: number) =>
      fc.record({ x: fc.integer({ min: -lim, max: lim }), y: fc.integer({ min: -lim, max: lim }) });
    fc.assert(
      fc.property(
        fc.array(pt(20_000), { minLength: 2, maxLength: 5 }),
        pt(20_000),
        pt(20_000),
        fc.integer({ min: 0, max: 8000 }),
        (line, a, b, h) => {
          // Start a on the road's first vertex area so that "yes" answers occur.
          const a1 = { x: (line[0] as Point).x + (a.x % (h + 1)), y: (line[0] as Point).y };
          const b1 = { x: (line[1] as Point).x, y: (line[1] as Point).y + (b.y % (h + 1)) };
          if (!segmentWithinBand(a1, b1, line, h)) return;
          const line16 = line.map((p) => ({ x: 16 * p.x, y: 16 * p.y }));
          for (let k = 0; k <= 16; k++) {
            const p = { x: 16 * a1.x + k * (b1.x - a1.x), y: 16 * a1.y + k * (b1.y - a1.y) };
            expect(withinBand(p, line16, 16 * h)).toBe(true);
          }
        },
      ),
    );
  });
});
