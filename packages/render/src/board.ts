import {
  type GameContext,
  type HexGrid,
  indexOfId,
  type MapContext,
  type Position,
} from "@tercio/musket-and-pike";
import { attackDefs, attackLayer } from "./attacks.js";
import { counterDefs, counterLayer } from "./counters.js";
import { controlLayer, keyHexLayer, victoryDefs, victoryLayer } from "./key-hexes.js";
import { centre, centreOf, createLayout, type Layout } from "./layout.js";
import { FONT, INK, PAPER } from "./palette.js";
import { legendTerrains, panel, type TitleBlock } from "./panel.js";
import { roadLayer } from "./roads.js";
import { el, esc, num, text } from "./svg.js";
import { glyphLayer, reliefLayer, terrainDefs, terrainLayer, waterLayer } from "./terrain.js";
import { zoneLayer } from "./zones.js";

export interface RenderOptions {
  /** Print each hex's id in small grey text. */
  readonly ids?: boolean;
  /** Outline each force's deployment zone and mark entry edges (scenarios and positions). */
  readonly zones?: boolean;
  /** Hex radius in pixels (default 22). */
  readonly hexSize?: number;
}

/** What one drawing shows: the map as a scenario sees it, and optionally a game on it. */
export interface Scene {
  readonly map: MapContext;
  /** TERRAINS index per hex (a scenario may turn hexes into sea, 16.13). */
  readonly terrain: Uint8Array;
  readonly title: TitleBlock;
  readonly ctx?: GameContext;
  readonly position?: Position;
}

const DEFAULT_HEX_SIZE = 22;

/** Column numbers along the top and bottom, row numbers down both sides. */
export function margins(layout: Layout): string {
  const s = layout.size;
  const size = s * 0.46;
  let out = "";
  for (let col = 1; col <= layout.columns; col++) {
    const x = centreOf(layout, col, 1).x;
    const label = String(col).padStart(2, "0");
    out += text(x, layout.mapTop - s * 0.25, label, {});
    out += text(x, layout.mapBottom + s * 0.25 + size * 0.8, label, {});
  }
  for (let row = 1; row <= layout.rows; row++) {
    const label = String(row).padStart(2, "0");
    const left = centreOf(layout, 1, row);
    const right = centreOf(layout, layout.columns, row);
    out += text(layout.mapLeft - s * 0.5, left.y + size * 0.35, label, {});
    out += text(layout.mapRight + s * 0.5, right.y + size * 0.35, label, {});
  }
  return el(
    "g",
    { id: "margins", "font-family": FONT, "font-size": size, fill: "#5c574c", "text-anchor": "middle" },
    out,
  );
}

function idLayer(layout: Layout, grid: HexGrid): string {
  let out = "";
  for (let h = 0; h < grid.size; h++) {
    const c = centre(layout, grid, h);
    out += text(c.x, c.y - layout.size * 0.6, grid.ids[h] ?? "");
  }
  return el(
    "g",
    {
      id: "hex-ids",
      "font-family": FONT,
      "font-size": layout.size * 0.27,
      fill: "#5f5f5f",
      "text-anchor": "middle",
      stroke: "#fff",
      "stroke-opacity": 0.6,
      "stroke-width": layout.size * 0.08,
      "paint-order": "stroke",
    },
    out,
  );
}

/** The frame round the hex field, outside the column and row numbers. */
export function mapFrame(layout: Layout): string {
  const size = layout.size;
  return el("rect", {
    x: layout.mapLeft - size * 0.9,
    y: layout.mapTop - size * 0.9,
    width: layout.mapRight - layout.mapLeft + size * 1.8,
    height: layout.mapBottom - layout.mapTop + size * 1.8,
    fill: "none",
    stroke: INK,
    "stroke-width": 1.5,
  });
}

/** Draws a scene as a standalone SVG document. */
export function renderScene(scene: Scene, options: RenderOptions = {}): string {
  const { map, terrain, ctx, position } = scene;
  const size = options.hexSize ?? DEFAULT_HEX_SIZE;
  const layout = createLayout(map.grid.columns, map.grid.rows, size, size * 1.3);
  const showZones = (options.zones ?? false) && ctx !== undefined;
  const occupied = new Set<number>();
  for (const hex of Object.keys(position?.stacks ?? {})) occupied.add(indexOfId(map.grid, hex));
  const zones = showZones && ctx ? zoneLayer(layout, ctx) : undefined;
  const panelWidth = size * 16;
  const side = panel(
    layout,
    layout.width,
    {
      title: scene.title,
      terrains: legendTerrains(terrain),
      showVictory: ctx?.victoryHexes.some((v) => v === 1) ?? false,
      showZones,
      showCounters: position !== undefined,
      ...(ctx ? { ctx } : {}),
      ...(position ? { position } : {}),
    },
    panelWidth,
  );
  const width = layout.width + panelWidth;
  const height = Math.max(layout.height, side.height);
  const frame = mapFrame(layout);
  const body = [
    el("rect", { width, height, fill: PAPER }),
    el(
      "defs",
      {},
      terrainDefs(layout) + victoryDefs(layout) + (position ? counterDefs(layout) + attackDefs(layout) : ""),
    ),
    terrainLayer(layout, map.grid, terrain),
    waterLayer(layout, map.grid, terrain),
    reliefLayer(layout, map.grid, terrain),
    glyphLayer(layout, map.grid, terrain),
    zones?.under ?? "",
    roadLayer(layout, map),
    zones?.over ?? "",
    ctx ? victoryLayer(layout, map.grid, ctx.victoryHexes) : "",
    options.ids ? idLayer(layout, map.grid) : "",
    // Key hexes under the counters (defect 11: a badge must never hide a counter).
    keyHexLayer(layout, map, occupied),
    ctx && position ? controlLayer(layout, ctx, position) : "",
    ctx && position ? counterLayer(layout, ctx, position) : "",
    ctx && position ? attackLayer(layout, ctx, position) : "",
    margins(layout),
    frame,
    side.svg,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">\n${el("title", {}, esc(scene.title.title))}\n${body.filter((b) => b !== "").join("\n")}\n</svg>\n`;
}
