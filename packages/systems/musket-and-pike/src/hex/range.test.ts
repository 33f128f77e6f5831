import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DirectionIndex } from "./axial.js";
import { createGrid, disc, distance, type HexGrid, indexOfId, neighbourOf } from "./grid.js";
import { movementRange, reachableHexes } from "./range.js";

const grid = createGrid(20, 16);

function hex(id: string): number {
  const i = indexOfId(grid, id);
  if (i < 0) throw new Error(`no hex ${id}`);
  return i;
}

/** The reachable hexes and their costs, as "id:cost" sorted by id. */
function reached(out: Int32Array, g: HexGrid = grid): string[] {
  const found: string[] = [];
  for (let h = 0; h < g.size; h++) if ((out[h] as number) >= 0) found.push(`${g.ids[h]}:${out[h]}`);
  return found;
}

/** An independent reference: Bellman-Ford relaxation until nothing changes. */
function slowRange(g: HexGrid, costs: ArrayLike<number>, from: number, budget: number): Int32Array {
  const best = new Int32Array(g.size).fill(-1);
  best[from] = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (let h = 0; h < g.size; h++) {
      const b = best[h] as number;
      if (b < 0) continue;
      for (let d = 0; d < 6; d++) {
        const n = neighbourOf(g, h, d as DirectionIndex);
        if (n < 0) continue;
        const total = b + (costs[n] as number);
        if (total <= budget && ((best[n] as number) < 0 || total < (best[n] as number))) {
          best[n] = total;
          changed = true;
        }
      }
    }
  }
  return best;
}

describe("movementRange: the hexes within a budget of movement points, over per-hex entry costs", () => {
  it("with every hex costing 1, reaches exactly the disc of radius budget, each hex at its distance", () => {
    const costs = new Uint8Array(grid.size).fill(1);
    const c = hex("1008");
    for (let n = 0; n <= 5; n++) {
      const out = movementRange(grid, costs, c, n);
      const expected = disc(grid, c, n);
      expect(reached(out)).toHaveLength(expected.length);
      for (const h of expected) expect(out[h]).toBe(distance(grid, c, h));
    }
  });

  it("a budget of 0 reaches only the start hex", () => {
    const out = movementRange(grid, new Uint8Array(grid.size).fill(1), hex("0505"), 0);
    expect(reached(out)).toEqual(["0505:0"]);
  });

  it("goes round a wall of impassable hexes, and pays for dear ground", () => {
    // Column 06, rows 01-09, cannot be entered (cost 99); 0710 costs 3.
    const costs = new Uint8Array(grid.size).fill(1);
    for (let row = 1; row <= 9; row++) costs[hex(`06${String(row).padStart(2, "0")}`)] = 99;
    costs[hex("0710")] = 3;
    const out = movementRange(grid, costs, hex("0505"), 12);
    expect(out[hex("0605")]).toBe(-1);
    // Down column 05 to 0510 (5), round the wall's foot into 0610 (6), then 0711 (7).
    expect(out[hex("0610")]).toBe(6);
    expect(out[hex("0711")]).toBe(7);
    // 0710 costs 3 from 0610 (9); 0709 is reached through it or 0810 (10), 0705 only at 14.
    expect(out[hex("0710")]).toBe(9);
    expect(out[hex("0709")]).toBe(10);
    expect(out[hex("0705")]).toBe(-1);
    expect(movementRange(grid, costs, hex("0505"), 14)[hex("0705")]).toBe(14);
  });

  it("zero-cost hexes are crossed for free", () => {
    const costs = new Uint8Array(grid.size).fill(5);
    for (let row = 1; row <= 16; row++) costs[hex(`10${String(row).padStart(2, "0")}`)] = 0;
    const out = movementRange(grid, costs, hex("1001"), 0);
    expect(reached(out)).toHaveLength(16);
  });

  it("agrees with a slow reference on random costs, starts and budgets", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: grid.size, maxLength: grid.size, min: 0, max: 6 }),
        fc.integer({ min: 0, max: grid.size - 1 }),
        fc.integer({ min: 0, max: 14 }),
        (costs, from, budget) => {
          expect(reached(movementRange(grid, costs, from, budget))).toEqual(
            reached(slowRange(grid, costs, from, budget)),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("takes costs in any array: above the budget, Infinity or 2^31 - 1 alike, a cost makes a hex impassable", () => {
    const wall = [Number.POSITIVE_INFINITY, 2 ** 31 - 1, 1000];
    for (const dear of wall) {
      const plain = Array.from({ length: grid.size }, () => 1);
      for (let row = 1; row <= 16; row++) plain[hex(`06${String(row).padStart(2, "0")}`)] = dear;
      const expected = reached(slowRange(grid, plain, hex("0505"), 9));
      expect(expected.some((r) => r.startsWith("07"))).toBe(false);
      const arrays: ArrayLike<number>[] = [plain, Float64Array.from(plain)];
      if (Number.isFinite(dear)) arrays.push(Int32Array.from(plain));
      for (const costs of arrays)
        expect(reached(movementRange(grid, costs, hex("0505"), 9))).toEqual(expected);
    }
  });

  it("agrees with the slow reference on other grids, budgets past its first buffers, and plain arrays", () => {
    // The buffers are kept per grid and grow with the budget: interleave grids and budgets.
    const grids = [createGrid(7, 5), grid, createGrid(1, 9), createGrid(33, 2)];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: grids.length - 1 }),
        fc.integer({ min: 0, max: 10 ** 6 }),
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 8 }),
        (which, pick, budget, pattern) => {
          const g = grids[which] as HexGrid;
          const costs = Array.from(
            { length: g.size },
            (_, h) => pattern[(h * 7 + pick) % pattern.length] as number,
          );
          const from = pick % g.size;
          expect(reached(movementRange(g, costs, from, budget), g)).toEqual(
            reached(slowRange(g, costs, from, budget), g),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("fills a caller's array, and refuses bad arguments", () => {
    const costs = new Uint8Array(grid.size).fill(2);
    const out = new Int32Array(grid.size).fill(7);
    expect(movementRange(grid, costs, hex("0101"), 2, out)).toBe(out);
    expect(reached(out)).toEqual(["0101:0", "0102:2", "0201:2"]);
    expect(() => movementRange(grid, costs, grid.size, 2)).toThrow(RangeError);
    expect(() => movementRange(grid, costs, 0, -1)).toThrow(RangeError);
    expect(() => movementRange(grid, costs, 0, 1.5)).toThrow(RangeError);
    // No search could allocate a bucket per movement point of so large a budget.
    expect(() => movementRange(grid, costs, 0, 2 ** 30)).toThrow(RangeError);
    expect(() => movementRange(grid, costs.subarray(1), 0, 2)).toThrow(RangeError);
  });
});

describe("reachableHexes: the same search, answered as the list of hexes reached", () => {
  it("lists exactly the hexes movementRange reaches, at the same costs, cheapest first", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: grid.size, maxLength: grid.size, min: 0, max: 6 }),
        fc.integer({ min: 0, max: grid.size - 1 }),
        fc.integer({ min: 0, max: 14 }),
        (costs, from, budget) => {
          const expected = movementRange(grid, costs, from, budget);
          const list = reachableHexes(grid, costs, from, budget);
          const answer = new Int32Array(grid.size).fill(-1);
          for (let i = 0; i < list.count; i++) answer[list.hexes[i] as number] = list.spent[i] as number;
          expect(answer).toEqual(expected);
          for (let i = 1; i < list.count; i++)
            expect(list.spent[i] as number).toBeGreaterThanOrEqual(list.spent[i - 1] as number);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("keeps no state between searches but its buffers, and refuses bad arguments", () => {
    const costs = new Uint8Array(grid.size).fill(1);
    const first = reachableHexes(grid, costs, 0, 3).count;
    reachableHexes(grid, costs, grid.size - 1, 9);
    expect(reachableHexes(grid, costs, 0, 3).count).toBe(first);
    expect(() => reachableHexes(grid, costs, -1, 3)).toThrow(RangeError);
    expect(() => reachableHexes(grid, costs, 0, 1.5)).toThrow(RangeError);
    expect(() => reachableHexes(grid, new Uint8Array(3), 0, 3)).toThrow(RangeError);
  });
});
