import type { Seat } from "@tercio/core";
import { el, type Point, text } from "../svg.js";
import { type Frame, flipY, inchLabel, TICKS_PER_INCH } from "./frame.js";
import { CLOTH, GRID_LINE, SIDE_DARK, SIDE_FILL, TABLE_EDGE } from "./palette.js";

/**
 * The pieces every measured table draws alike, whichever rule system's
 * context it is given (chapter 11, the NT-inspired rules, 001): the cloth,
 * the edge with its ruler, the terrain names' style, the sides' key. Each
 * takes only the table's size.
 */
export interface TableSize {
  readonly width: number;
  readonly height: number;
}

const LINE = TICKS_PER_INCH / 20;

/** The cloth, with a faint line every 6 inches (in table coordinates). */
export function clothLayer(ctx: { readonly table: TableSize }): string {
  const { width, height } = ctx.table;
  const step = 6 * TICKS_PER_INCH;
  let grid = "";
  for (let x = step; x < width; x += step) grid += `M${x} 0V${height}`;
  for (let y = step; y < height; y += step) grid += `M0 ${y}H${width}`;
  return el(
    "g",
    { id: "cloth" },
    el("rect", { x: 0, y: 0, width, height, fill: CLOTH }) +
      (grid ? el("path", { d: grid, stroke: GRID_LINE, "stroke-width": LINE / 2, fill: "none" }) : ""),
  );
}

/** The table's edge, with a ruler every 6 inches along the south and west edges. */
export function edgeLayer(ctx: { readonly table: TableSize }, f: Frame): string {
  const { width, height } = ctx.table;
  const step = 6 * TICKS_PER_INCH;
  let ticks = "";
  let labels = "";
  const size = TICKS_PER_INCH * 0.7;
  for (let x = 0; x <= width; x += step) {
    ticks += `M${x} ${height}v${TICKS_PER_INCH / 2}`;
    labels += text(x, height + TICKS_PER_INCH + size * 0.8, inchLabel(x), { "text-anchor": "middle" });
  }
  for (let y = 0; y <= height; y += step) {
    ticks += `M0 ${flipY(f, y)}h${-TICKS_PER_INCH / 2}`;
    labels += text(-TICKS_PER_INCH * 0.7, flipY(f, y) + size * 0.35, inchLabel(y), { "text-anchor": "end" });
  }
  return el(
    "g",
    { id: "edge" },
    el("rect", { x: 0, y: 0, width, height, fill: "none", stroke: TABLE_EDGE, "stroke-width": LINE * 2 }) +
      el("path", { d: ticks, stroke: TABLE_EDGE, "stroke-width": LINE }) +
      el("g", { "font-size": size, fill: TABLE_EDGE }, labels),
  );
}

/** The mean of a polygon's vertices: where its name goes. */
export function middle(points: readonly Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p.x;
    y += p.y;
  }
  return { x: x / points.length, y: y / points.length };
}

/** The group of terrain names, upright (drawn outside the flipped group), italic on a pale halo. */
export function terrainLabelGroup(content: string): string {
  return el(
    "g",
    {
      id: "terrain-labels",
      "font-size": TICKS_PER_INCH * 0.8,
      "text-anchor": "middle",
      "font-style": "italic",
      stroke: "#fff",
      "stroke-width": LINE,
      "stroke-opacity": 0.6,
      "paint-order": "stroke",
    },
    content,
  );
}

/**
 * The sides' key: a swatch of each side's colours and its name, from `x`
 * along a row whose swatches' top is `top` (drawn upright). Returns the
 * markup and where the row ends.
 */
export function sideKey(
  name: (side: Seat) => string,
  top: number,
  x0 = 0,
): { readonly svg: string; readonly end: number } {
  const line = TICKS_PER_INCH;
  let x = x0;
  let svg = "";
  for (const side of ["first", "second"] as const) {
    svg += el("rect", {
      x,
      y: top,
      width: line * 0.9,
      height: line * 0.5,
      fill: SIDE_FILL[side],
      stroke: SIDE_DARK[side],
      "stroke-width": line / 20,
    });
    const n = name(side);
    svg += text(x + line * 1.1, top + line * 0.45, n, { "font-size": line * 0.6 });
    x += line * (2 + n.length * 0.4);
  }
  return { svg, end: x };
}
