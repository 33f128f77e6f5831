import { TICKS_PER_INCH } from "@tercio/geometry";

/**
 * The board's frame. SVG user units are ticks (6096 to the inch), as in the
 * CLI's renderer (@tercio/render/tabletop), so every polygon carries the
 * engine's own integer points; the table sits in a group that flips y
 * (north up), and the view box is kept in the SVG's (y-down) user units.
 */
export const TICK = TICKS_PER_INCH;
/** Room round the table for the edge rulers, ticks. */
export const MARGIN = 2 * TICKS_PER_INCH;
/** The closest zoom: this many inches across the view. */
export const MIN_VIEW = 6 * TICKS_PER_INCH;

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The SVG view box, in user units (x east, y down from the table's north edge). */
export interface ViewBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface TableSize {
  readonly width: number;
  readonly height: number;
}

/** The flip of the table group: table (x, y north) to user (x, height − y). */
export function flipTransform(table: TableSize): string {
  return `matrix(1 0 0 -1 0 ${table.height})`;
}

/** A table point as drawn outside the flipped group (labels read upright). */
export function toUser(table: TableSize, p: Point): Point {
  return { x: p.x, y: table.height - p.y };
}

/** A user point (from the pointer) as a table point on whole ticks. */
export function toTable(table: TableSize, u: Point): Point {
  return { x: Math.round(u.x), y: Math.round(table.height - u.y) };
}

/** The whole table and its margins. */
export function homeView(table: TableSize): ViewBox {
  return { x: -MARGIN, y: -MARGIN, w: table.width + 2 * MARGIN, h: table.height + 2 * MARGIN };
}

/** Zoomed by `factor` (> 1 closer) about a user point, which stays where it is on the screen. */
export function zoomAt(view: ViewBox, table: TableSize, factor: number, about: Point): ViewBox {
  const home = homeView(table);
  const maxW = home.w * 2;
  const w = Math.min(maxW, Math.max(MIN_VIEW, view.w / factor));
  const k = w / view.w;
  const h = view.h * k;
  return { x: about.x - (about.x - view.x) * k, y: about.y - (about.y - view.y) * k, w, h };
}

/** Zoomed about the view's centre. */
export function zoomCentre(view: ViewBox, table: TableSize, factor: number): ViewBox {
  return zoomAt(view, table, factor, { x: view.x + view.w / 2, y: view.y + view.h / 2 });
}

/** Moved by a user-unit vector. */
export function panBy(view: ViewBox, dx: number, dy: number): ViewBox {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** One keyboard step of panning: a tenth of the view, in screen directions (dy > 0 is south). */
export function panStep(view: ViewBox, dx: -1 | 0 | 1, dy: -1 | 0 | 1): ViewBox {
  return panBy(view, (dx * view.w) / 10, (dy * view.h) / 10);
}

/** The view box as an SVG attribute. */
export function viewBoxAttr(v: ViewBox): string {
  return `${Math.round(v.x)} ${Math.round(v.y)} ${Math.round(v.w)} ${Math.round(v.h)}`;
}

/** Ticks as inches for the screen: 36576 -> "6", 19812 -> "3.25". */
export function inchesNumber(ticks: number): string {
  return String(Math.round((ticks / TICKS_PER_INCH) * 100) / 100);
}
