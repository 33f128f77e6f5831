import type { Point } from "../svg.js";

/**
 * Where labels go: each in the first of its candidate places that
 * overlaps nothing drawn or labelled before it (the pieces themselves are
 * obstacles from the start), else in the one that overlaps least. Boxes
 * are upright drawing coordinates (y down). Deterministic: the same
 * pieces in the same order give the same places.
 */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** The box round points (upright coordinates). */
export function boxAround(points: readonly Point[]): Box {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w > 0 && h > 0 ? w * h : 0;
}

/** A label's block: its lines' anchor point, how it is anchored, and the box it covers. */
export interface Spot {
  /** The x of the text anchor and the top of the block. */
  readonly x: number;
  readonly top: number;
  readonly anchor: "start" | "middle" | "end";
  readonly box: Box;
}

/** A block `width` by `height` anchored at x with its top at `top`. */
export function spot(x: number, top: number, anchor: Spot["anchor"], width: number, height: number): Spot {
  const x0 = anchor === "start" ? x : anchor === "end" ? x - width : x - width / 2;
  return { x, top, anchor, box: { x0, y0: top, x1: x0 + width, y1: top + height } };
}

/** The width of a line of text, estimated from its characters (the font's mean advance). */
export function textWidth(s: string, size: number, bold = false): number {
  return [...s].length * size * (bold ? 0.6 : 0.54);
}

export class Placer {
  private readonly taken: Box[];

  constructor(obstacles: readonly Box[]) {
    this.taken = [...obstacles];
  }

  /** The first candidate clear of everything taken, else the least covered; it is taken from now on. */
  place(candidates: readonly Spot[]): Spot {
    let best = candidates[0];
    if (!best) throw new Error("a label needs a candidate place");
    let bestCover = Number.POSITIVE_INFINITY;
    for (const c of candidates) {
      const cover = this.taken.reduce((sum, t) => sum + overlap(c.box, t), 0);
      if (cover < bestCover) {
        best = c;
        bestCover = cover;
      }
      if (cover === 0) break;
    }
    this.taken.push(best.box);
    return best;
  }
}
