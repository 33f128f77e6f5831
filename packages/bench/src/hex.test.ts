import { createRng, rngInt } from "@tercio/ai";
import { createGrid, distance, hexesCrossed, lineContacts, neighbourOf } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { clearSight, honeycombGrid, honeycombSide } from "./hex-honeycomb.js";
import { oursSide } from "./hex-ours.js";
import { hexWorkload, LOS_MAX_RANGE, QUICK_SIZE } from "./hex-workload.js";

// The Musket & Pike map's shape (48 x 32, map/musket-and-pike.map.json).
const grid = createGrid(48, 32);

describe("the hex bench gives Tercio's grid and honeycomb-grid the same work", () => {
  it("builds honeycomb's grid with the engine's shape: every hex at the same axial coordinates", () => {
    const w = hexWorkload(grid, 1, QUICK_SIZE);
    const { hg, tiles } = honeycombGrid(grid, w);
    expect(hg.size).toBe(grid.size);
    for (const [h, t] of tiles.entries()) expect([t.q, t.r]).toEqual([grid.q[h], grid.r[h]]);
  });

  for (const seed of [1, 2]) {
    it(`gets the same answers on both sides (seed ${seed}): neighbours, distance, line of sight, range`, () => {
      const w = hexWorkload(grid, seed, QUICK_SIZE);
      const ours = oursSide(grid, w);
      const theirs = honeycombSide(grid, w);
      expect(theirs.neighbours()).toBe(ours.neighbours());
      expect(theirs.distances()).toBe(ours.distances());
      expect(theirs.sight()).toBe(ours.sight());
      expect(theirs.ranges()).toBe(ours.ranges());
    });
  }

  it("honeycomb's line of sight blocks on exactly the hexes 7.3(G) crosses, not on corner-only contacts", () => {
    const w = hexWorkload(grid, 3, QUICK_SIZE);
    const { hg, tiles } = honeycombGrid(grid, w);
    for (const t of tiles) t.blocked = false;
    const rng = createRng(3);
    for (let pairs = 0; pairs < 120; ) {
      const a = rngInt(rng, grid.size);
      const b = rngInt(rng, grid.size);
      const d = distance(grid, a, b);
      if (d < 2 || d > LOS_MAX_RANGE) continue;
      pairs++;
      const crossed = new Set(hexesCrossed(grid, a, b));
      // Every hex the line touches, and their neighbours: inside and outside the answer.
      const near = new Set<number>();
      for (const c of lineContacts(grid, a, b)) {
        near.add(c.hex);
        for (let d = 0; d < 6; d++) near.add(neighbourOf(grid, c.hex, d as 0 | 1 | 2 | 3 | 4 | 5));
      }
      near.delete(-1);
      for (const h of near) {
        const tile = tiles[h];
        if (!tile) throw new Error(`no tile ${h}`);
        tile.blocked = true;
        expect(
          clearSight(hg, tiles[a] as typeof tile, tiles[b] as typeof tile),
          `${grid.ids[a]}-${grid.ids[b]} via ${grid.ids[h]}`,
        ).toBe(!crossed.has(h) || h === a || h === b);
        tile.blocked = false;
      }
    }
  }, 30_000);
});
