import {
  type GameContext,
  type HexGrid,
  idOf,
  type MapContext,
  type Position,
} from "@tercio/musket-and-pike";
import { centre, hexPoints, type Layout } from "./layout.js";
import { FONT, INK, SIDE_DARK, SIDE_FILL, VICTORY } from "./palette.js";
import { el, num, text } from "./svg.js";

/** A key hex badge: a bold number in a white circle (in the font of the enclosing group). */
export function keyBadge(x: number, y: number, n: number, r: number): string {
  return (
    el("circle", { cx: x, cy: y, r, fill: "#fff", stroke: INK, "stroke-width": r * 0.16 }) +
    text(x, y + r * 0.38, String(n), {
      "font-weight": "bold",
      "font-size": r * (n >= 10 ? 1.05 : 1.2),
      "text-anchor": "middle",
      fill: INK,
    })
  );
}

/**
 * The 16 numbered key hexes (16.0). In an occupied hex the badge moves to the
 * hex's west corner, clear of the counter's edge; the layer is drawn under
 * the counters (defect 11), so a badge never hides a counter.
 */
export function keyHexLayer(
  layout: Layout,
  map: MapContext,
  occupied: ReadonlySet<number> = new Set(),
): string {
  const s = layout.size;
  let out = "";
  for (const [n, h] of [...map.keyHexes].sort((a, b) => a[0] - b[0])) {
    const c = centre(layout, map.grid, h);
    out += occupied.has(h) ? keyBadge(c.x - s * 0.95, c.y, n, s * 0.22) : keyBadge(c.x, c.y, n, s * 0.4);
  }
  return el("g", { id: "key-hexes", "font-family": FONT }, out);
}

/** The hexes a scenario's victory turns on (16.0): a gold ring inside each. */
export function victoryDefs(layout: Layout): string {
  return el("polygon", { id: "vring", points: hexPoints(layout, 0.82) });
}

export function victoryLayer(layout: Layout, grid: HexGrid, victory: Uint8Array): string {
  let out = "";
  for (let h = 0; h < grid.size; h++) {
    if (victory[h] !== 1) continue;
    const c = centre(layout, grid, h);
    out += el("use", { href: "#vring", x: c.x, y: c.y });
  }
  return out === ""
    ? ""
    : el("g", { id: "victory", fill: "none", stroke: VICTORY, "stroke-width": layout.size * 0.11 }, out);
}

/** 16.0: who occupies, or last occupied, each victory hex: a small pennant at the hex's east corner. */
export function controlLayer(layout: Layout, ctx: GameContext, position: Position): string {
  const s = layout.size;
  let out = "";
  for (let h = 0; h < ctx.map.grid.size; h++) {
    const side = position.control[idOf(ctx.map.grid, h)];
    if (!side) continue;
    const c = centre(layout, ctx.map.grid, h);
    const x = c.x + s * 0.72;
    const y = c.y - s * 0.05;
    out += el("path", {
      d: `M${num(x)} ${num(y + s * 0.3)}V${num(y - s * 0.3)}L${num(x + s * 0.3)} ${num(y - s * 0.17)}L${num(x)} ${num(y - s * 0.04)}`,
      fill: SIDE_FILL[side],
      stroke: SIDE_DARK[side],
      "stroke-width": s * 0.06,
      "stroke-linejoin": "round",
    });
  }
  return out === "" ? "" : el("g", { id: "control" }, out);
}
