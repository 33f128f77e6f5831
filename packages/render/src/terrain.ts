import {
  type DirectionIndex,
  type HexGrid,
  neighbourOf,
  TERRAINS,
  type Terrain,
} from "@tercio/musket-and-pike";
import { centre, hexPoints, type Layout, sideEnds, towards } from "./layout.js";
import {
  CONTOUR,
  FURROW,
  GRID,
  HACHURE,
  HOUSE,
  TERRAIN_FILL,
  TREE,
  TREE_DARK,
  WATER,
  WAVE,
} from "./palette.js";
import { el, num, type Point, segment } from "./svg.js";

const T = (t: Terrain) => TERRAINS.indexOf(t);
const DIRS: readonly DirectionIndex[] = [0, 1, 2, 3, 4, 5];

/** CSS class of a terrain's hex fill. */
export function terrainClass(t: Terrain): string {
  return `tt-${t}`;
}

/**
 * Shared definitions: the hex, the terrain fills (ploughed land and the sea
 * are patterns), and the glyphs drawn in hexes (trees, buildings).
 */
export function terrainDefs(layout: Layout): string {
  const s = layout.size;
  const fills = TERRAINS.map((t) => {
    const fill = t === "ploughed" ? "url(#tt-furrows)" : t === "sea" ? "url(#tt-waves)" : TERRAIN_FILL[t];
    return `.${terrainClass(t)}{fill:${fill}}`;
  }).join("");
  const f = s * 0.26;
  const w = s * 0.9;
  return [
    el("style", {}, fills),
    el("polygon", { id: "hx", points: hexPoints(layout) }),
    el(
      "pattern",
      {
        id: "tt-furrows",
        patternUnits: "userSpaceOnUse",
        width: f,
        height: f,
        patternTransform: "rotate(-28)",
      },
      el("rect", { width: f, height: f, fill: TERRAIN_FILL.ploughed }) +
        el("path", { d: `M0 ${num(f / 2)}H${num(f)}`, stroke: FURROW, "stroke-width": s * 0.045 }),
    ),
    el(
      "pattern",
      { id: "tt-waves", patternUnits: "userSpaceOnUse", width: w, height: w * 0.55 },
      el("rect", { width: w, height: w * 0.55, fill: TERRAIN_FILL.sea }) +
        el("path", {
          d: `M${num(w * 0.1)} ${num(w * 0.3)}q${num(w * 0.1)} ${num(-w * 0.13)} ${num(w * 0.2)} 0t${num(w * 0.2)} 0`,
          fill: "none",
          stroke: WAVE,
          "stroke-width": s * 0.05,
          "stroke-linecap": "round",
        }),
    ),
    el(
      "g",
      { id: "tree" },
      el("path", {
        d: `M0 ${num(s * 0.08)}V${num(s * 0.2)}`,
        stroke: TREE_DARK,
        "stroke-width": s * 0.06,
      }) +
        el("circle", {
          cy: -s * 0.02,
          r: s * 0.14,
          fill: TREE,
          stroke: TREE_DARK,
          "stroke-width": s * 0.035,
        }),
    ),
    el("path", {
      id: "house",
      d: `M${num(-s * 0.12)} ${num(s * 0.09)}V${num(-s * 0.03)}L0 ${num(-s * 0.13)}L${num(s * 0.12)} ${num(-s * 0.03)}V${num(s * 0.09)}Z`,
      fill: HOUSE,
      stroke: "#5e2315",
      "stroke-width": s * 0.025,
    }),
  ].join("");
}

/** Every hex filled with its terrain, with the thin grey grid. One `<use>` per hex. */
export function terrainLayer(layout: Layout, grid: HexGrid, terrain: Uint8Array): string {
  let out = "";
  for (let h = 0; h < grid.size; h++) {
    const c = centre(layout, grid, h);
    const t = TERRAINS[terrain[h] as number] ?? "clear";
    // Clear hexes take the group's fill, which keeps the file small.
    out += el("use", { href: "#hx", x: c.x, y: c.y, class: t === "clear" ? undefined : terrainClass(t) });
  }
  return el(
    "g",
    { id: "terrain", fill: TERRAIN_FILL.clear, stroke: GRID, "stroke-width": layout.size * 0.03 },
    out,
  );
}

/** The watercourse: a blue line through the stream and bridge hexes, joined as a tree (no triangles). */
export function waterLayer(layout: Layout, grid: HexGrid, terrain: Uint8Array): string {
  const wet = (h: number) => h >= 0 && (terrain[h] === T("stream") || terrain[h] === T("bridge"));
  const parent = new Int32Array(grid.size).map((_, i) => i);
  const find = (x: number): number => {
    let r = x;
    while (parent[r] !== r) r = parent[r] as number;
    return r;
  };
  const edges: { a: number; b: number; rank: number }[] = [];
  for (let h = 0; h < grid.size; h++) {
    if (!wet(h)) continue;
    for (const d of [2, 3, 1] as const) {
      const n = neighbourOf(grid, h, d);
      if (wet(n)) edges.push({ a: h, b: n, rank: d === 3 ? 0 : 1 });
    }
  }
  edges.sort((x, y) => x.rank - y.rank || x.a - y.a || x.b - y.b);
  const degree = new Uint8Array(grid.size);
  let d = "";
  for (const e of edges) {
    const ra = find(e.a);
    const rb = find(e.b);
    if (ra === rb) continue;
    parent[ra] = rb;
    degree[e.a] = (degree[e.a] as number) + 1;
    degree[e.b] = (degree[e.b] as number) + 1;
    d += segment(centre(layout, grid, e.a), centre(layout, grid, e.b));
  }
  // A stream that ends on the map edge runs on off the map.
  for (let h = 0; h < grid.size; h++) {
    if (!wet(h) || (degree[h] as number) > 1) continue;
    for (const dir of DIRS) {
      if (neighbourOf(grid, h, dir) >= 0 || (dir !== 0 && dir !== 3)) continue;
      const c = centre(layout, grid, h);
      const v = towards(dir);
      d += segment(c, { x: c.x + v.x * layout.hexHeight * 0.5, y: c.y + v.y * layout.hexHeight * 0.5 });
    }
    if (degree[h] === 0) {
      const c = centre(layout, grid, h);
      d += segment({ x: c.x - layout.size * 0.4, y: c.y }, { x: c.x + layout.size * 0.4, y: c.y });
    }
  }
  return el("path", {
    id: "water",
    d,
    fill: "none",
    stroke: WATER,
    "stroke-width": layout.size * 0.2,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  });
}

/**
 * Raised ground: a brown contour round each hilltop with hachure ticks running
 * downhill into the slope, and a lighter line with ticks where the slope meets
 * level ground.
 */
export function reliefLayer(layout: Layout, grid: HexGrid, terrain: Uint8Array): string {
  const slope = T("slope");
  const hill = T("hilltop");
  const s = layout.size;
  let topLine = "";
  let footLine = "";
  let ticks = "";
  const addTicks = (c: Point, d: DirectionIndex, length: number, count: number) => {
    const [a, b] = sideEnds(layout, c, d);
    const inward = towards(d);
    for (let i = 1; i <= count; i++) {
      const f = i / (count + 1);
      const p = { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f };
      ticks += segment(p, { x: p.x - inward.x * length, y: p.y - inward.y * length });
    }
  };
  for (let h = 0; h < grid.size; h++) {
    const t = terrain[h];
    if (t !== slope && t !== hill) continue;
    const c = centre(layout, grid, h);
    for (const d of DIRS) {
      const n = neighbourOf(grid, h, d);
      if (n < 0) continue;
      const nt = terrain[n];
      const [a, b] = sideEnds(layout, c, d);
      if (t === hill && nt !== hill) {
        topLine += segment(a, b);
        if (nt === slope) {
          // Ticks hang from the hilltop's edge into the slope hex beyond (downhill).
          const nc = centre(layout, grid, n);
          addTicks(nc, ((d + 3) % 6) as DirectionIndex, s * 0.34, 4);
        } else addTicks(c, d, s * 0.28, 4);
      }
      if (t === slope && nt !== slope && nt !== hill) {
        footLine += segment(a, b);
        addTicks(c, d, s * 0.2, 3);
      }
    }
  }
  return el(
    "g",
    { id: "relief", fill: "none", "stroke-linecap": "round" },
    el("path", { d: ticks, stroke: HACHURE, "stroke-width": s * 0.05 }) +
      el("path", { d: footLine, stroke: HACHURE, "stroke-width": s * 0.06 }) +
      el("path", { d: topLine, stroke: CONTOUR, "stroke-width": s * 0.11 }),
  );
}

const TREES: readonly (readonly [number, number])[] = [
  [-0.42, -0.22],
  [0.08, -0.48],
  [0.44, -0.05],
  [-0.12, 0.3],
  [0.3, 0.45],
];
const HOUSES: readonly (readonly [number, number])[] = [
  [-0.32, -0.25],
  [0.26, -0.3],
  [0.38, 0.2],
  [-0.18, 0.3],
];

/** Trees in the woods, buildings in the villages. */
export function glyphLayer(layout: Layout, grid: HexGrid, terrain: Uint8Array): string {
  const s = layout.size;
  let out = "";
  for (let h = 0; h < grid.size; h++) {
    const t = terrain[h];
    const spots = t === T("woods") ? TREES : t === T("village") ? HOUSES : undefined;
    if (!spots) continue;
    const c = centre(layout, grid, h);
    const flip = h % 2 === 0 ? 1 : -1;
    const href = t === T("woods") ? "#tree" : "#house";
    for (const [dx, dy] of spots) out += el("use", { href, x: c.x + dx * s * flip, y: c.y + dy * s });
  }
  return el("g", { id: "glyphs" }, out);
}
