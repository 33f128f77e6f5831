import type { Point } from "../svg.js";

/** 6096 ticks to the inch (docs/geometry.md). */
export const TICKS_PER_INCH = 6096;

/**
 * The drawing's frame: SVG user units are ticks, so every point of the
 * engine's geometry is written as the engine's own integers. The table's
 * geometry sits in a group that flips y (`transform`), so north is up; text
 * is drawn outside that group at `(x, flipY(y))`, so it reads upright.
 */
export interface Frame {
  readonly width: number;
  readonly height: number;
  /** Margins round the table, ticks. */
  readonly margin: number;
  readonly top: number;
  /** SVG pixels per inch of table. */
  readonly pxPerInch: number;
}

export function makeFrame(width: number, height: number, pxPerInch: number): Frame {
  return { width, height, margin: 2 * TICKS_PER_INCH, top: 5 * TICKS_PER_INCH, pxPerInch };
}

/** The transform of the group holding table coordinates (y north). */
export function flipTransform(f: Frame): string {
  return `matrix(1 0 0 -1 0 ${f.height})`;
}

/** A table y as it is drawn outside the flipped group. */
export function flipY(f: Frame, y: number): number {
  return f.height - y;
}

/** Integer points as an SVG `points` list, exactly as given. */
export function pointsAttr(points: readonly Point[]): string {
  return points.map((p) => `${p.x},${p.y}`).join(" ");
}

/** Inches for a label: 72, 1.5, 2.33. */
export function inchLabel(ticks: number): string {
  return `${Math.round((ticks / TICKS_PER_INCH) * 100) / 100}"`;
}

/** Path data through points rounded to whole ticks (display geometry computed in floats). */
export function pathThrough(points: readonly Point[], close: boolean): string {
  const d = points.map((p, i) => `${i === 0 ? "M" : "L"}${Math.round(p.x)} ${Math.round(p.y)}`).join("");
  return close ? `${d}Z` : d;
}
