import type { GameContext } from "@tercio/musket-and-pike";
import { attackDefs } from "./attacks.js";
import { mapFrame, margins } from "./board.js";
import { counterDefs } from "./counters.js";
import { victoryDefs, victoryLayer } from "./key-hexes.js";
import { createLayout, type Layout } from "./layout.js";
import { PAPER } from "./palette.js";
import { roadLayer } from "./roads.js";
import { el } from "./svg.js";
import { glyphLayer, reliefLayer, terrainDefs, terrainLayer, waterLayer } from "./terrain.js";
import { zoneLayer } from "./zones.js";

/**
 * A scenario's map sheet in layers, for a host that draws the moving parts
 * itself (the browser): what never changes during a game is built once here,
 * and counters, markers and highlights go between `ground` and `edge`.
 */
export interface Sheet {
  readonly layout: Layout;
  /** Shared definitions: terrain patterns, counter symbols, arrow heads. */
  readonly defs: string;
  /** Paper, terrain, water, relief, roads and victory rings. */
  readonly ground: string;
  /** Deployment zones and entry edges (16.0), shown while setting up. */
  readonly zones: { readonly under: string; readonly over: string };
  /** Column and row numbers and the frame, drawn last. */
  readonly edge: string;
}

export function mapSheet(ctx: GameContext, hexSize = 22): Sheet {
  const map = ctx.map;
  const layout = createLayout(map.grid.columns, map.grid.rows, hexSize, hexSize * 1.3);
  return {
    layout,
    defs: terrainDefs(layout) + victoryDefs(layout) + counterDefs(layout) + attackDefs(layout),
    ground: [
      el("rect", { width: layout.width, height: layout.height, fill: PAPER }),
      terrainLayer(layout, map.grid, ctx.terrain),
      waterLayer(layout, map.grid, ctx.terrain),
      reliefLayer(layout, map.grid, ctx.terrain),
      glyphLayer(layout, map.grid, ctx.terrain),
      roadLayer(layout, map),
      victoryLayer(layout, map.grid, ctx.victoryHexes),
    ].join(""),
    zones: zoneLayer(layout, ctx),
    edge: margins(layout) + mapFrame(layout),
  };
}
