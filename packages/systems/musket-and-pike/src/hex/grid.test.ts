import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { axialDistance, DIRECTIONS, type DirectionIndex, opposite, straightRow } from "./axial.js";
import {
  axialOf,
  createGrid,
  directionBetween,
  disc,
  discOnMap,
  distance,
  edgeHexes,
  idOf,
  indexOfId,
  neighbourOf,
} from "./grid.js";
import { hexsideBetween, hexsideId } from "./hexside.js";
import { axialToOffset, offsetToAxial, parseHexId } from "./offset.js";

const grid = createGrid(48, 32);

describe("SPI hex numbering", () => {
  it("round-trips every hex id through axial coordinates", () => {
    for (let i = 0; i < grid.size; i++) {
      const id = idOf(grid, i);
      const o = parseHexId(id);
      expect(o).toBeDefined();
      if (!o) continue;
      expect(axialToOffset(offsetToAxial(o))).toEqual(o);
      expect(indexOfId(grid, id)).toBe(i);
    }
  });

  it("rejects malformed and off-map ids", () => {
    expect(indexOfId(grid, "120")).toBe(-1);
    expect(indexOfId(grid, "0000")).toBe(-1);
    expect(indexOfId(grid, "4933")).toBe(-1);
    expect(indexOfId(grid, "x101")).toBe(-1);
  });

  it("puts even columns half a hex lower: 0201 is SE of 0101 and NE of 0102", () => {
    const a = indexOfId(grid, "0101");
    const b = indexOfId(grid, "0201");
    const c = indexOfId(grid, "0102");
    expect(directionBetween(grid, a, b)).toBe(DIRECTIONS.indexOf("SE"));
    expect(directionBetween(grid, c, b)).toBe(DIRECTIONS.indexOf("NE"));
    // In an even column the pattern flips: 0302 is NE of 0202, 0303 is SE of it.
    const e = indexOfId(grid, "0202");
    expect(directionBetween(grid, e, indexOfId(grid, "0302"))).toBe(DIRECTIONS.indexOf("NE"));
    expect(directionBetween(grid, e, indexOfId(grid, "0303"))).toBe(DIRECTIONS.indexOf("SE"));
  });
});

describe("neighbours and distance", () => {
  const hex = fc.integer({ min: 0, max: grid.size - 1 });
  it("neighbourhood is symmetric and neighbours are at distance 1", () => {
    fc.assert(
      fc.property(hex, fc.integer({ min: 0, max: 5 }), (i, d) => {
        const n = neighbourOf(grid, i, d as DirectionIndex);
        if (n < 0) return;
        expect(distance(grid, i, n)).toBe(1);
        expect(neighbourOf(grid, n, opposite(d as DirectionIndex))).toBe(i);
        expect(hexsideId(grid, i, d as DirectionIndex)).toBe(
          hexsideId(grid, n, opposite(d as DirectionIndex)),
        );
      }),
    );
  });

  it("distance is a metric", () => {
    fc.assert(
      fc.property(hex, hex, hex, (a, b, c) => {
        expect(distance(grid, a, b)).toBe(distance(grid, b, a));
        expect(distance(grid, a, c)).toBeLessThanOrEqual(distance(grid, a, b) + distance(grid, b, c));
        expect(distance(grid, a, a)).toBe(0);
      }),
    );
  });

  it("hexsides are shared by exactly two hexes inside the map", () => {
    const a = indexOfId(grid, "1010");
    const b = indexOfId(grid, "1011");
    expect(hexsideBetween(grid, a, b)).toBe(hexsideBetween(grid, b, a));
    expect(hexsideBetween(grid, a, indexOfId(grid, "1013"))).toBeUndefined();
  });

  it("a disc of radius n holds 3n(n+1)+1 hexes when it lies wholly on the map", () => {
    const c = indexOfId(grid, "2416");
    for (let n = 0; n <= 8; n++) {
      expect(disc(grid, c, n)).toHaveLength(3 * n * (n + 1) + 1);
      expect(discOnMap(grid, c, n)).toBe(true);
      for (const h of disc(grid, c, n)) expect(distance(grid, c, h)).toBeLessThanOrEqual(n);
    }
    expect(discOnMap(grid, indexOfId(grid, "0101"), 1)).toBe(false);
  });

  it("edges hold a full column or row", () => {
    expect(edgeHexes(grid, "north")).toHaveLength(48);
    expect(edgeHexes(grid, "south")).toHaveLength(48);
    expect(edgeHexes(grid, "west")).toHaveLength(32);
    expect(edgeHexes(grid, "east")).toHaveLength(32);
  });
});

describe("straight hex rows", () => {
  it("finds rows along each of the three axes and rejects the rest", () => {
    const a = axialOf(grid, indexOfId(grid, "1010"));
    const col = axialOf(grid, indexOfId(grid, "1016"));
    expect(straightRow(a, col)).toHaveLength(7);
    const diag = { q: a.q + 4, r: a.r - 4 };
    expect(straightRow(a, diag)).toHaveLength(5);
    expect(straightRow(a, { q: a.q + 2, r: a.r + 1 })).toBeUndefined();
    for (const h of straightRow(a, diag) ?? []) expect(axialDistance(a, h)).toBeLessThanOrEqual(4);
  });
});
