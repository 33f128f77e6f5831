import type { HexGrid } from "./grid.js";

/**
 * Exact hex-grid geometry of the straight line between two hex centres, for
 * line of sight (7.3G: "place a straight-edge ... connecting the two hex
 * centers"). No sampling and no floating-point tolerance: every test is done
 * on small integers.
 *
 * Coordinates. For flat-topped hexes the affine map X = 3q, Y = 2r + q
 * sends every hex centre to an integer point, and the six corners of a hex
 * to centre + (2,0), (1,1), (-1,1), (-2,0), (-1,-1), (1,-1). Relative to its
 * centre, the closed hexagon is the intersection of three slabs:
 *
 *   |dY| <= 1 (N and S sides), |dX - dY| <= 2 (NE, SW), |dX + dY| <= 2 (SE, NW).
 *
 * An affine map preserves straight lines, incidence and whether an
 * intersection has positive length, so the answers in (X, Y) are the
 * answers on the printed map. The segment is P(t) = A + t·D for t in [0, 1]
 * with A and D integer; each slab confines t to an interval whose ends are
 * fractions of integers (Cyrus–Beck clipping), compared by cross
 * multiplication. Magnitudes stay below 10^6 on a 99 x 99 grid, far inside
 * the range where doubles hold integers exactly.
 */

/** How the segment meets a hex: through its interior, along one of its hexsides, or at one corner only. */
export type Contact = "interior" | "hexside" | "vertex";

export interface LineContact {
  readonly hex: number;
  readonly contact: Contact;
  /**
   * Where the segment first meets the hex, as the exact fraction
   * numerator / denominator (denominator > 0) of the way from `from` to `to`.
   */
  readonly enter: readonly [numerator: number, denominator: number];
}

const NONE = 0;
const INTERIOR = 1;
const HEXSIDE = 2;
const VERTEX = 3;
const CONTACTS: readonly Contact[] = ["interior", "interior", "hexside", "vertex"];

// The entry parameter of the last contact found by `clip`, as entryN / entryD
// with entryD > 0. Module state rather than a returned object: `clip` runs for
// every candidate hex in the AI's hot path and must not allocate.
let entryN = 0;
let entryD = 1;

/**
 * Clips P(t) = (ax, ay) + t·(dx, dy), t in [0, 1], against the hexagon
 * centred on (cx, cy). Returns NONE, INTERIOR, HEXSIDE or VERTEX, and leaves
 * the entry parameter in entryN / entryD.
 */
function clip(ax: number, ay: number, dx: number, dy: number, cx: number, cy: number): number {
  const ex = ax - cx;
  const ey = ay - cy;
  let loN = 0;
  let loD = 1;
  let hiN = 1;
  let hiD = 1;
  let along = false;
  for (let j = 0; j < 3; j++) {
    // The slab -k <= n·(E + tD) <= k for n = (0,1), (1,-1), (1,1).
    const e = j === 0 ? ey : j === 1 ? ex - ey : ex + ey;
    const d = j === 0 ? dy : j === 1 ? dx - dy : dx + dy;
    const k = j === 0 ? 1 : 2;
    if (d === 0) {
      // Parallel to this pair of sides: wholly outside, on one side's line, or strictly between.
      const a = e < 0 ? -e : e;
      if (a > k) return NONE;
      if (a === k) along = true;
      continue;
    }
    let n0: number;
    let n1: number;
    let den: number;
    if (d > 0) {
      n0 = -k - e;
      n1 = k - e;
      den = d;
    } else {
      n0 = e - k;
      n1 = e + k;
      den = -d;
    }
    if (n0 * loD > loN * den) {
      loN = n0;
      loD = den;
    }
    if (n1 * hiD < hiN * den) {
      hiN = n1;
      hiD = den;
    }
  }
  const cmp = loN * hiD - hiN * loD;
  if (cmp > 0) return NONE;
  entryN = loN;
  entryD = loD;
  // A single point of contact can only be a corner: the ends of the segment
  // are hex centres, never on another hex's boundary, so a segment that met
  // a side away from its corners would run along it or cross it.
  if (cmp === 0) return VERTEX;
  // A positive-length piece on a side's line lies along that hexside; any
  // other positive-length piece of a convex polygon reaches its interior.
  return along ? HEXSIDE : INTERIOR;
}

function onGrid(grid: HexGrid, h: number): void {
  if (!Number.isInteger(h) || h < 0 || h >= grid.size) throw new RangeError(`hex index ${h} is off the grid`);
}

interface Scratch {
  hex: Int32Array;
  kind: Uint8Array;
  num: Float64Array;
  den: Float64Array;
}

function newScratch(capacity: number): Scratch {
  return {
    hex: new Int32Array(capacity),
    kind: new Uint8Array(capacity),
    num: new Float64Array(capacity),
    den: new Float64Array(capacity),
  };
}

// One reusable scratch buffer; a re-entrant call (a `firstCrossed` test that
// itself asks for a line) finds it taken and gets a fresh one.
let spare: Scratch | null = newScratch(64);

function acquire(capacity: number): Scratch {
  const s = spare !== null && spare.hex.length >= capacity ? spare : newScratch(Math.max(64, capacity * 2));
  spare = null;
  return s;
}

function release(s: Scratch): void {
  spare = s;
}

/**
 * Fills `s` with every on-map hex other than the ends that the segment from
 * the centre of `from` to the centre of `to` meets, ordered by entry
 * parameter then index, and returns how many there are. Vertex-only
 * contacts are kept only when `vertices` is set.
 *
 * Candidates: a point on the segment has fractional cube coordinates
 * between those of the two ends (each is linear in t), and a point in the
 * closed hexagon of hex h lies within 2/3 of h in every cube coordinate
 * (3·dq = (dq - dr) + (dq - ds), each term at most 1 in the cell). Since h's
 * coordinates are integers, as are the ends', every hex the segment touches
 * has q, r and s within the ends' own ranges: the hexagonal bounding region
 * of the two ends, with no margin, is a complete set of candidates.
 */
function collect(grid: HexGrid, from: number, to: number, vertices: boolean): { s: Scratch; n: number } {
  onGrid(grid, from);
  onGrid(grid, to);
  const qa = grid.q[from] as number;
  const ra = grid.r[from] as number;
  const qb = grid.q[to] as number;
  const rb = grid.r[to] as number;
  const qlo = Math.min(qa, qb);
  const qhi = Math.max(qa, qb);
  const rlo = Math.min(ra, rb);
  const rhi = Math.max(ra, rb);
  const sa = -qa - ra;
  const sb = -qb - rb;
  const slo = Math.min(sa, sb);
  const shi = Math.max(sa, sb);
  const s = acquire((qhi - qlo + 1) * (rhi - rlo + 1));
  if (from === to) return { s, n: 0 };
  const ax = 3 * qa;
  const ay = 2 * ra + qa;
  const dx = 3 * (qb - qa);
  const dy = 2 * (rb - ra) + (qb - qa);
  const { rows } = grid;
  let n = 0;
  for (let q = qlo; q <= qhi; q++) {
    const r0 = Math.max(rlo, -q - shi);
    const r1 = Math.min(rhi, -q - slo);
    // Odd-q offset (offset.ts): row index = r + floor(q / 2). q lies between
    // the ends' columns, so it is on the map and >= 0; the row may not be.
    const shift = q >> 1;
    for (let r = r0; r <= r1; r++) {
      const row = r + shift;
      if (row < 0 || row >= rows) continue;
      const h = q * rows + row;
      if (h === from || h === to) continue;
      const kind = clip(ax, ay, dx, dy, 3 * q, 2 * r + q);
      if (kind === NONE || (kind === VERTEX && !vertices)) continue;
      // Insertion sort by (entry parameter, index): a handful of hexes per line.
      let i = n;
      while (i > 0) {
        const pn = s.num[i - 1] as number;
        const pd = s.den[i - 1] as number;
        const c = pn * entryD - entryN * pd;
        if (c < 0 || (c === 0 && (s.hex[i - 1] as number) < h)) break;
        s.hex[i] = s.hex[i - 1] as number;
        s.kind[i] = s.kind[i - 1] as number;
        s.num[i] = pn;
        s.den[i] = pd;
        i--;
      }
      s.hex[i] = h;
      s.kind[i] = kind;
      s.num[i] = entryN;
      s.den[i] = entryD;
      n++;
    }
  }
  return { s, n };
}

/**
 * Every on-map hex other than `from` and `to` whose closed hexagon meets the
 * segment between their centres in a piece of positive length (through its
 * interior, or along one of its hexsides), in order from `from` to `to`
 * (by where the segment enters them; ties, the two hexes of a hexside the
 * line runs along, by index). Hexes touched at a single corner are left out.
 */
export function hexesCrossed(grid: HexGrid, from: number, to: number): number[] {
  const { s, n } = collect(grid, from, to, false);
  const out = Array.from(s.hex.subarray(0, n));
  release(s);
  return out;
}

/** Like hexesCrossed, with the corner-only contacts too and how each hex is met. */
export function lineContacts(grid: HexGrid, from: number, to: number): LineContact[] {
  const { s, n } = collect(grid, from, to, true);
  const out: LineContact[] = [];
  for (let i = 0; i < n; i++) {
    out.push({
      hex: s.hex[i] as number,
      contact: CONTACTS[s.kind[i] as number] as Contact,
      enter: [s.num[i] as number, s.den[i] as number],
    });
  }
  release(s);
  return out;
}

/**
 * The first hex of hexesCrossed(grid, from, to) that passes `test`, or -1:
 * the same answer without building the array, for the hot path.
 */
export function firstCrossed(
  grid: HexGrid,
  from: number,
  to: number,
  test: (hex: number) => boolean,
): number {
  const { s, n } = collect(grid, from, to, false);
  try {
    for (let i = 0; i < n; i++) {
      const h = s.hex[i] as number;
      if (test(h)) return h;
    }
    return -1;
  } finally {
    release(s);
  }
}

/** How the segment between the centres of `from` and `to` meets hex `hex`, or null if it misses it. */
export function contactWith(grid: HexGrid, from: number, to: number, hex: number): Contact | null {
  onGrid(grid, from);
  onGrid(grid, to);
  onGrid(grid, hex);
  const qa = grid.q[from] as number;
  const ra = grid.r[from] as number;
  const qb = grid.q[to] as number;
  const rb = grid.r[to] as number;
  const q = grid.q[hex] as number;
  const r = grid.r[hex] as number;
  const kind = clip(3 * qa, 2 * ra + qa, 3 * (qb - qa), 2 * (rb - ra) + (qb - qa), 3 * q, 2 * r + q);
  return kind === NONE ? null : (CONTACTS[kind] as Contact);
}
