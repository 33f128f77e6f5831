import { nextUint32, type PrngState, seedPrng } from "@tercio/core";

/**
 * The seeded random-table generator the miniatures systems share: draws
 * from core's generator, convex shapes in inches on a quarter-inch grid
 * (every coordinate a whole number of ticks), and terrain pieces scattered
 * in a band of the table a margin apart. Each system chooses what to draw
 * (its terrain kinds, sizes, forces) and validates the result as it does a
 * built-in scenario; the same seed gives the same table on every engine.
 */
export class TableDraw {
  private state: PrngState;
  constructor(seed: number) {
    this.state = seedPrng(seed >>> 0);
  }
  /** A whole number in [0, n). */
  int(n: number): number {
    const r = nextUint32(this.state);
    this.state = r.state;
    return r.value % n;
  }
  /** A multiple of ¼ in [lo, hi]. */
  quarter(lo: number, hi: number): number {
    return lo + this.int((hi - lo) * 4 + 1) / 4;
  }
  /** One of the list, uniformly. */
  pick<T>(list: readonly T[]): T {
    const v = list[this.int(list.length)];
    if (v === undefined) throw new RangeError("pick: an empty list");
    return v;
  }
}

/** An octagon of half-extents rx, ry about (cx, cy), its corners cut at half the extents: convex, inches. */
export function octagon(cx: number, cy: number, rx: number, ry: number): [number, number][] {
  const hx = rx / 2;
  const hy = ry / 2;
  return [
    [cx - hx, cy - ry],
    [cx + hx, cy - ry],
    [cx + rx, cy - hy],
    [cx + rx, cy + hy],
    [cx + hx, cy + ry],
    [cx - hx, cy + ry],
    [cx - rx, cy + hy],
    [cx - rx, cy - hy],
  ];
}

/** An axis-aligned rectangle, counter-clockwise from its south-west corner. */
export function rect(x0: number, y0: number, x1: number, y1: number): [number, number][] {
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
}

export interface ScatterOptions<K extends string> {
  /** How many pieces to place (fewer if the tries run out). */
  readonly count: number;
  /** The kinds drawn from, uniformly (repeat a kind to weight it). */
  readonly kinds: readonly K[];
  /** Half-extents in inches, [lo, hi] on the quarter grid. */
  readonly rx: readonly [number, number];
  readonly ry: readonly [number, number];
  /** The band the pieces' boxes lie in: x from 0 to width, y from minY to maxY. */
  readonly width: number;
  readonly minY: number;
  readonly maxY: number;
  /** Inches kept clear between pieces' boxes. */
  readonly gap: number;
  /** Draws before giving up (default 40). */
  readonly tries?: number;
}

export interface ScatteredPiece<K extends string> {
  readonly kind: K;
  readonly cx: number;
  readonly cy: number;
  readonly rx: number;
  readonly ry: number;
}

/**
 * Pieces scattered without overlap: each draw is a kind, half-extents and a
 * centre (in that order, so a table is its seed's on every version), kept
 * when its box, widened by the gap, meets no other's.
 */
export function scatter<K extends string>(d: TableDraw, o: ScatterOptions<K>): ScatteredPiece<K>[] {
  const out: ScatteredPiece<K>[] = [];
  const boxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
  for (let tries = 0; out.length < o.count && tries < (o.tries ?? 40); tries++) {
    const kind = d.pick(o.kinds);
    const rx = d.quarter(o.rx[0], o.rx[1]);
    const ry = d.quarter(o.ry[0], o.ry[1]);
    const cx = d.quarter(rx + 1, o.width - rx - 1);
    const cy = d.quarter(o.minY + ry, o.maxY - ry);
    const box = { x0: cx - rx - o.gap, y0: cy - ry - o.gap, x1: cx + rx + o.gap, y1: cy + ry + o.gap };
    if (boxes.some((b) => b.x0 < box.x1 && box.x0 < b.x1 && b.y0 < box.y1 && box.y0 < b.y1)) continue;
    boxes.push(box);
    out.push({ kind, cx, cy, rx, ry });
  }
  return out;
}
