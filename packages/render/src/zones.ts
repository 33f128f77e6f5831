import {
  type DirectionIndex,
  type Edge,
  type GameContext,
  type HexGrid,
  neighbourOf,
  type Side,
  zoneKey,
} from "@tercio/musket-and-pike";
import { centre, type Layout, sideEnds } from "./layout.js";
import { FONT, SIDE_DARK, SIDE_TINT } from "./palette.js";
import { type Attrs, el, num, type Point, segment, text } from "./svg.js";

const DIRS: readonly DirectionIndex[] = [0, 1, 2, 3, 4, 5];

/** The directions of hexsides that may lie on each map edge. */
const EDGE_SIDES: Record<Edge, readonly DirectionIndex[]> = {
  north: [0, 1, 5],
  south: [3, 2, 4],
  east: [1, 2],
  west: [4, 5],
};

const INWARD: Record<Edge, Point> = {
  north: { x: 0, y: 1 },
  south: { x: 0, y: -1 },
  east: { x: -1, y: 0 },
  west: { x: 1, y: 0 },
};

/** The outline of a set of hexes: every hexside with the set on one side only. */
export function outline(layout: Layout, grid: HexGrid, hexes: readonly number[]): string {
  const inside = new Uint8Array(grid.size);
  for (const h of hexes) inside[h] = 1;
  let d = "";
  for (const h of hexes) {
    const c = centre(layout, grid, h);
    for (const dir of DIRS) {
      const n = neighbourOf(grid, h, dir);
      if (n >= 0 && inside[n] === 1) continue;
      const [a, b] = sideEnds(layout, c, dir);
      d += segment(a, b);
    }
  }
  return d;
}

function label(x: number, y: number, words: string, side: Side, size: number, extra: Attrs = {}): string {
  return text(x, y, words, {
    ...extra,
    "font-family": FONT,
    "font-weight": "bold",
    "font-size": size,
    "text-anchor": "middle",
    fill: SIDE_DARK[side],
    stroke: "#fff",
    "stroke-width": size * 0.22,
    "stroke-linejoin": "round",
    "paint-order": "stroke",
  });
}

/** The hex of a set nearest its centre of gravity, where its label goes. */
function middleOf(layout: Layout, grid: HexGrid, hexes: readonly number[]): Point {
  const pts = hexes.map((h) => centre(layout, grid, h));
  const mx = pts.reduce((a, p) => a + p.x, 0) / pts.length;
  const my = pts.reduce((a, p) => a + p.y, 0) / pts.length;
  let best = pts[0] ?? { x: mx, y: my };
  for (const p of pts)
    if ((p.x - mx) ** 2 + (p.y - my) ** 2 < (best.x - mx) ** 2 + (best.y - my) ** 2) best = p;
  return best;
}

/**
 * Arrows pointing in from the entry edge, and the label written along the
 * edge just inside the map so that it stays clear of the deployment zones.
 */
function entryMarks(
  layout: Layout,
  grid: HexGrid,
  hexes: readonly number[],
  edge: Edge,
  side: Side,
  words: string,
): string {
  const s = layout.size;
  const sorted = [...hexes].sort((a, b) => a - b);
  const v = INWARD[edge];
  const p = { x: -v.y, y: v.x };
  let d = "";
  const picks = sorted.length <= 2 ? sorted : [sorted[0], sorted.at(-1)];
  for (const h of picks) {
    if (h === undefined) continue;
    const c = centre(layout, grid, h);
    const base = { x: c.x - v.x * s * 0.3, y: c.y - v.y * s * 0.3 };
    const tip = { x: c.x + v.x * s * 0.9, y: c.y + v.y * s * 0.9 };
    d += segment(base, tip);
    d += `M${num(tip.x - v.x * s * 0.4 + p.x * s * 0.32)} ${num(tip.y - v.y * s * 0.4 + p.y * s * 0.32)}L${num(tip.x)} ${num(tip.y)}L${num(tip.x - v.x * s * 0.4 - p.x * s * 0.32)} ${num(tip.y - v.y * s * 0.4 - p.y * s * 0.32)}`;
  }
  const arrows = el("path", {
    d,
    fill: "none",
    stroke: SIDE_DARK[side],
    "stroke-width": s * 0.14,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  });
  const m = middleOf(layout, grid, hexes);
  const at = { x: m.x + v.x * s * 1.6, y: m.y + v.y * s * 1.6 };
  const vertical = edge === "east" || edge === "west";
  const lx = at.x;
  const ly = at.y;
  const rotate = vertical ? `rotate(${edge === "east" ? -90 : 90} ${num(lx)} ${num(ly)})` : undefined;
  return arrows + label(lx, ly + s * 0.2, words, side, s * 0.55, { transform: rotate });
}

function edgeBars(layout: Layout, grid: HexGrid, hexes: readonly number[], edge: Edge): string {
  let d = "";
  for (const h of hexes) {
    const c = centre(layout, grid, h);
    for (const dir of EDGE_SIDES[edge]) {
      if (neighbourOf(grid, h, dir) >= 0) continue;
      const [a, b] = sideEnds(layout, c, dir);
      d += segment(a, b);
    }
  }
  return d;
}

/**
 * Each force's deployment zone (16.0) tinted in its side's colour and outlined
 * (solid for the First Player, dashed for the Second); forces entering from a
 * map edge get a bar along their entry hexes and an arrow; 16.22's exit hexes
 * are barred in the same way.
 */
export function zoneLayer(
  layout: Layout,
  ctx: GameContext,
): { readonly under: string; readonly over: string } {
  const { grid } = ctx.map;
  const s = layout.size;
  const tints: string[] = [];
  const lines: string[] = [];
  const labels: string[] = [];
  for (const player of ctx.scenario.players) {
    const side = player.side;
    const dash = side === "second" ? `${num(s * 0.5)} ${num(s * 0.3)}` : undefined;
    for (const force of player.forces) {
      const zone = ctx.zones.get(zoneKey(side, force.id));
      if (!zone) continue;
      const name = force.id === "main" ? player.name : `${player.name} (${force.id})`;
      if (zone.kind === "deploy") {
        let uses = "";
        for (const h of zone.hexes) {
          const c = centre(layout, grid, h);
          uses += el("use", { href: "#hx", x: c.x, y: c.y });
        }
        tints.push(el("g", { fill: SIDE_TINT[side], "fill-opacity": 0.2, stroke: "none" }, uses));
        lines.push(
          el("path", {
            d: outline(layout, grid, zone.hexes),
            fill: "none",
            stroke: SIDE_DARK[side],
            "stroke-width": s * 0.14,
            "stroke-dasharray": dash,
            "stroke-linecap": "round",
          }),
        );
        for (const h of zone.mustOccupy) {
          const c = centre(layout, grid, h);
          lines.push(el("circle", { cx: c.x, cy: c.y + s * 0.55, r: s * 0.12, fill: SIDE_DARK[side] }));
        }
        const m = middleOf(layout, grid, zone.hexes);
        labels.push(label(m.x, m.y - s * 0.85, name, side, s * 0.62));
      } else {
        lines.push(
          el("path", {
            d: edgeBars(layout, grid, zone.hexes, zone.edge),
            fill: "none",
            stroke: SIDE_TINT[side],
            "stroke-width": s * 0.34,
            "stroke-linecap": "round",
            "stroke-dasharray": dash,
          }),
        );
        labels.push(
          entryMarks(layout, grid, zone.hexes, zone.edge, side, `${name} enter, Game-Turn ${zone.gameTurn}`),
        );
      }
    }
    const exits: number[] = [];
    const exitSet = ctx.exitHexes[side];
    for (let h = 0; h < grid.size; h++) if (exitSet[h] === 1) exits.push(h);
    if (exits.length > 0) {
      for (const edge of ["north", "south", "east", "west"] as const) {
        const d = edgeBars(layout, grid, exits, edge);
        if (d === "") continue;
        lines.push(
          el("path", {
            d,
            fill: "none",
            stroke: SIDE_DARK[side],
            "stroke-width": s * 0.22,
            "stroke-dasharray": `${num(s * 0.15)} ${num(s * 0.15)}`,
          }),
        );
      }
      const m = middleOf(layout, grid, exits);
      labels.push(
        label(
          m.x,
          m.y + (m.y < layout.height / 2 ? s * 1.4 : -s * 1.0),
          `${player.name} exit`,
          side,
          s * 0.55,
        ),
      );
    }
  }
  return {
    under: el("g", { id: "zones" }, tints.join("") + lines.join("")),
    over: el("g", { id: "zone-labels" }, labels.join("")),
  };
}
