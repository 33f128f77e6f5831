import { defaultCatalog, gameContext } from "@tercio/musket-and-pike";
import { describe, expect, it } from "vitest";
import { centre, createLayout, hexAt } from "./layout.js";
import { mapSheet } from "./sheet.js";

const { grid } = defaultCatalog().map;
const layout = createLayout(grid.columns, grid.rows, 22, 28);

describe("the layout, both ways", () => {
  it("finds every hex at its own centre, and at points well inside it", () => {
    for (let h = 0; h < grid.size; h++) {
      const c = centre(layout, grid, h);
      expect(hexAt(layout, grid, c.x, c.y)).toBe(h);
      for (let k = 0; k < 6; k++) {
        const a = (Math.PI / 3) * k + Math.PI / 6;
        expect(hexAt(layout, grid, c.x + Math.cos(a) * 15, c.y + Math.sin(a) * 15)).toBe(h);
      }
    }
  });

  it("finds nothing off the map", () => {
    expect(hexAt(layout, grid, -50, -50)).toBe(-1);
    expect(hexAt(layout, grid, layout.width + 50, 10)).toBe(-1);
  });
});

describe("the map sheet in layers", () => {
  it("draws the ground, the zones and the edge of a scenario once, for a host to draw counters between", () => {
    const ctx = gameContext(defaultCatalog(), "16.24");
    if (!ctx.ok) throw new Error(ctx.error.message);
    const sheet = mapSheet(ctx.value);
    expect(sheet.layout.width).toBeGreaterThan(1000);
    expect(sheet.defs).toContain('id="sym-pike"');
    expect(sheet.ground.match(/<use href="#hx"/g)).toHaveLength(ctx.value.map.grid.size);
    expect(sheet.zones.under + sheet.zones.over).not.toBe("");
    expect(sheet.edge).toContain("<rect");
  });
});
