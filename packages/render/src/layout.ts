import { type DirectionIndex, type HexGrid, idOf, indexOfId, parseHexId } from "@tercio/musket-and-pike";
import type { Point } from "./svg.js";

const SQRT3 = Math.sqrt(3);

/**
 * Where the map sits on the page, and the only place that turns hex
 * coordinates into pixels. Flat-topped hexes in vertical columns, the
 * even-numbered columns half a hex lower (SPI numbering, "CCRR"):
 *   x = size * 1.5 * (col - 1), y = size * sqrt(3) * ((row - 1) + (col even ? 0.5 : 0))
 * plus the origin (margins).
 */
export interface Layout {
  /** Centre-to-corner radius of a hex, in pixels. */
  readonly size: number;
  readonly columns: number;
  readonly rows: number;
  /** Pixel centre of hex 0101. */
  readonly originX: number;
  readonly originY: number;
  /** Width of the margin carrying the column and row numbers. */
  readonly margin: number;
  /** The hex field's bounding box. */
  readonly mapLeft: number;
  readonly mapTop: number;
  readonly mapRight: number;
  readonly mapBottom: number;
  /** The map with its margins. */
  readonly width: number;
  readonly height: number;
  /** Hex width (corner to corner) and height (side to side). */
  readonly hexWidth: number;
  readonly hexHeight: number;
}

export function createLayout(columns: number, rows: number, size: number, margin: number): Layout {
  const originX = margin + size;
  const originY = margin + (size * SQRT3) / 2;
  const mapRight = originX + size * 1.5 * (columns - 1) + size;
  const mapBottom = originY + size * SQRT3 * (rows - 1 + (columns > 1 ? 0.5 : 0)) + (size * SQRT3) / 2;
  return {
    size,
    columns,
    rows,
    originX,
    originY,
    margin,
    mapLeft: margin,
    mapTop: margin,
    mapRight,
    mapBottom,
    width: mapRight + margin,
    height: mapBottom + margin,
    hexWidth: 2 * size,
    hexHeight: size * SQRT3,
  };
}

/** Pixel centre of the hex at column `col`, row `row` (both from 1). */
export function centreOf(layout: Layout, col: number, row: number): Point {
  return {
    x: layout.originX + layout.size * 1.5 * (col - 1),
    y: layout.originY + layout.size * SQRT3 * (row - 1 + (col % 2 === 0 ? 0.5 : 0)),
  };
}

/** Pixel centre of a hex given by its grid index. */
export function centre(layout: Layout, grid: HexGrid, h: number): Point {
  const o = parseHexId(idOf(grid, h));
  if (!o) throw new Error(`hex index ${h} has no offset`);
  return centreOf(layout, o.col, o.row);
}

/** Corner i of a hex at `c` (i = 0 east, then clockwise every 60 degrees, y down). */
export function corner(layout: Layout, c: Point, i: number): Point {
  const a = (Math.PI / 3) * i;
  return { x: c.x + layout.size * Math.cos(a), y: c.y + layout.size * Math.sin(a) };
}

/** The polygon of a hex centred on the origin, as SVG points. */
export function hexPoints(layout: Layout, scale = 1): string {
  const o = { x: 0, y: 0 };
  return [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const p = corner(layout, o, i);
      return `${Math.round(p.x * scale * 100) / 100},${Math.round(p.y * scale * 100) / 100}`;
    })
    .join(" ");
}

/** The two ends of the hexside of a hex at `c` facing direction d (0 N, 1 NE, ... 5 NW). */
export function sideEnds(layout: Layout, c: Point, d: DirectionIndex): [Point, Point] {
  return [corner(layout, c, (4 + d) % 6), corner(layout, c, (5 + d) % 6)];
}

/** Unit vector from a hex centre towards its neighbour in direction d. */
export function towards(d: DirectionIndex): Point {
  const a = (Math.PI / 180) * (270 + 60 * d);
  return { x: Math.cos(a), y: Math.sin(a) };
}

/**
 * The hex under a pixel (the grid index), or -1 off the map: the nearest hex
 * centre among the column's neighbours, which is the hex containing the point.
 */
export function hexAt(layout: Layout, grid: HexGrid, x: number, y: number): number {
  const approxCol = Math.round((x - layout.originX) / (layout.size * 1.5)) + 1;
  let best = -1;
  let bestD = Number.POSITIVE_INFINITY;
  for (let col = approxCol - 1; col <= approxCol + 1; col++) {
    if (col < 1 || col > layout.columns) continue;
    const shift = col % 2 === 0 ? 0.5 : 0;
    const approxRow = Math.round((y - layout.originY) / (layout.size * SQRT3) - shift) + 1;
    for (let row = approxRow - 1; row <= approxRow + 1; row++) {
      if (row < 1 || row > layout.rows) continue;
      const c = centreOf(layout, col, row);
      const d = (c.x - x) ** 2 + (c.y - y) ** 2;
      if (d < bestD) {
        bestD = d;
        best = indexOfId(grid, `${String(col).padStart(2, "0")}${String(row).padStart(2, "0")}`);
      }
    }
  }
  return bestD <= layout.size * layout.size ? best : -1;
}
