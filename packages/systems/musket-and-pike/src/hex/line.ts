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
 *
 * Two uses of it. `walk` follows the segment from hex to hex, working out
 * only where it leaves each hex: the hot path (`firstCrossed`, hence line
 * of sight) tests each hex as it is reached, stops at the first that
 * passes, and allocates nothing. `clip` meets the segment with one given
 * hex, for the contact and entry fraction of `lineContacts` and for
 * `contactWith`.
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
// with entryD > 0. Module state rather than a returned object, so that `clip`
// allocates nothing.
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

/** The index of the hex at axial (q, r), whose column is known to be on the map, or -1 if its row is off it. */
function indexAt(rows: number, q: number, r: number): number {
  // Odd-q offset (offset.ts): row index = r + floor(q / 2).
  const row = r + (q >> 1);
  return row < 0 || row >= rows ? -1 : q * rows + row;
}

/**
 * Walks the segment from the centre of `from` to the centre of `to` hex by
 * hex, and calls `visit` on every on-map hex other than the ends that it
 * meets with positive length, in line order: by where the segment enters
 * them, ties (the two hexes of a hexside it runs along) by index. With
 * `vertices` set, hexes touched at a single corner are visited too, in the
 * same order. Stops at the first hex for which `visit` returns true and
 * returns it, or returns -1. Allocates nothing and keeps no state between
 * calls, so `visit` may itself ask for lines.
 *
 * In the frame of the file's comment, the three slabs of a hexagon are
 * those of F1 = Y (half-width 1), F2 = X - Y and F3 = X + Y (half-width 2).
 * Along the segment each Fj changes at the constant rate Dj, so the segment
 * leaves the slab j of the hex it is in at t = Ej / |Dj|, where
 * Ej = sign(Dj) · (centre's Fj - A's Fj) + half-width: through the side of
 * that slab facing the direction of travel (N or S, SW or NE, NW or SE).
 * Ej is kept as the walk goes: a step to a neighbour adds a constant to
 * each. The segment leaves the hex at the least of the three (a slab with
 * Dj = 0 never ends: Ej stays positive and |Dj| is 0, which the
 * cross-multiplied comparisons below treat as infinity):
 *
 * - one least: through the inside of that side, into the hex across it;
 * - two least, j and k (never three: the three forward sides have no common
 *   point): through the corner V where those sides meet, shared with the
 *   hexes nj and nk across them. The third family m holds the side nj|nk.
 *   If Dm = 0 the segment runs along that side (both are crossed, along a
 *   hexside) to its far corner, and on into the interior of the hex across
 *   it from the start hex, h + step j + step k: the extension of a side
 *   through a corner splits the third hex's angle there. Otherwise it enters
 *   nj if it is still inside nj's slab m just after V, that is if nj leaves
 *   that slab after V, and nk if not; the other is touched at V only.
 *
 * Every hex the segment meets is reached this way, since it passes from one
 * to the next through a side or a corner. The walk is in axial coordinates,
 * so hexes off the map's top or bottom are walked through but not visited.
 * None lies outside the ends' columns: a point on the segment has fractional
 * cube coordinates between those of the two ends (each is linear in t), and
 * a point in the closed hexagon of hex h lies within 2/3 of h in every cube
 * coordinate (3·dq = (dq - dr) + (dq - ds), each term at most 1 in the
 * cell); h's coordinates are integers, as are the ends', so h's q (like its
 * r and s) lies within the ends' own range.
 */
function walk(
  grid: HexGrid,
  from: number,
  to: number,
  vertices: boolean,
  visit: (hex: number) => boolean,
): number {
  onGrid(grid, from);
  onGrid(grid, to);
  const rows = grid.rows;
  let q = grid.q[from] as number;
  let r = grid.r[from] as number;
  const qb = grid.q[to] as number;
  const rb = grid.r[to] as number;
  const dq = qb - q;
  const dr = rb - r;
  const dx = 3 * dq;
  const dy = 2 * dr + dq;
  const d1 = dy;
  const d2 = dx - dy;
  const d3 = dx + dy;
  const s1 = Math.sign(d1);
  const s2 = Math.sign(d2);
  const s3 = Math.sign(d3);
  const a1 = d1 * s1;
  const a2 = d2 * s2;
  const a3 = d3 * s3;
  // The step across each family's forward side, in (q, r): S or N, NE or SW,
  // SE or NW; and gjk, what it adds to Ek (the centre's Fk per axial step:
  // F1 = 2r + q, F2 = 2q - 2r, F3 = 4q + 2r, times sign(Dk)).
  const q1 = 0;
  const r1 = s1;
  const q2 = s2;
  const r2 = -s2;
  const q3 = s3;
  const r3 = 0;
  const g11 = 2;
  const g12 = -2 * s1 * s2;
  const g13 = 2 * s1 * s3;
  const g21 = -s1 * s2;
  const g22 = 4;
  const g23 = 2 * s2 * s3;
  const g31 = s1 * s3;
  const g32 = 2 * s2 * s3;
  const g33 = 4;
  let e1 = 1;
  let e2 = 2;
  let e3 = 2;
  // Each step moves at least one hex along the line; the bound only guards against a bug.
  for (let steps = 4 * (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) + 4; steps > 0; steps--) {
    if (q === qb && r === rb) return -1;
    // Signs of t1 - t2, t1 - t3, t2 - t3.
    const c12 = e1 * a2 - e2 * a1;
    const c13 = e1 * a3 - e3 * a1;
    const c23 = e2 * a3 - e3 * a2;
    // The families of the least exit: j alone (k = 0), or j and k, with m the third.
    let j: number;
    let k = 0;
    if (c12 < 0) {
      if (c13 < 0) j = 1;
      else if (c13 > 0) j = 3;
      else {
        j = 1;
        k = 3;
      }
    } else if (c12 > 0) {
      if (c23 < 0) j = 2;
      else if (c23 > 0) j = 3;
      else {
        j = 2;
        k = 3;
      }
    } else if (c13 < 0) {
      j = 1;
      k = 2;
    } else j = 3;
    if (k === 0) {
      // Through the inside of side j into the hex across it.
      // q1 and r3 are 0: a step across an N or S side changes only r, across an NW or SE side only q.
      if (j === 1) {
        r += r1;
        e1 += g11;
        e2 += g12;
        e3 += g13;
      } else if (j === 2) {
        q += q2;
        r += r2;
        e1 += g21;
        e2 += g22;
        e3 += g23;
      } else {
        q += q3;
        e1 += g31;
        e2 += g32;
        e3 += g33;
      }
      if (q === qb && r === rb) return -1;
      const h = indexAt(rows, q, r);
      if (h >= 0 && visit(h)) return h;
      continue;
    }
    // Through a corner: nj = h + step j, nk = h + step k.
    const qj = j === 1 ? q1 : q2;
    const rj = j === 1 ? r1 : r2;
    const qk = k === 2 ? q2 : q3;
    const rk = k === 2 ? r2 : r3;
    const hj = indexAt(rows, q + qj, r + rj);
    const hk = indexAt(rows, q + qk, r + rk);
    const m = 6 - j - k;
    const am = m === 1 ? a1 : m === 2 ? a2 : a3;
    if (am === 0) {
      // Along the side nj | nk, both crossed, then into h + step j + step k.
      const lo = Math.min(hj, hk);
      const hi = Math.max(hj, hk);
      if (lo >= 0 && visit(lo)) return lo;
      if (hi >= 0 && visit(hi)) return hi;
      q += qj + qk;
      r += rj + rk;
      e1 += (j === 1 ? g11 : g21) + (k === 2 ? g21 : g31);
      e2 += (j === 1 ? g12 : g22) + (k === 2 ? g22 : g32);
      e3 += (j === 1 ? g13 : g23) + (k === 2 ? g23 : g33);
      if (q === qb && r === rb) return -1;
      const h = indexAt(rows, q, r);
      if (h >= 0 && visit(h)) return h;
      continue;
    }
    // V is at t = ej / aj; nj's slab m ends at em / am, em being Em in nj.
    const ej = j === 1 ? e1 : e2;
    const aj = j === 1 ? a1 : a2;
    const em =
      m === 1
        ? e1 + (j === 2 ? g21 : g31)
        : m === 2
          ? e2 + (j === 1 ? g12 : g32)
          : e3 + (j === 1 ? g13 : g23);
    const intoJ = em * aj > ej * am;
    const entered = intoJ ? hj : hk;
    const touched = intoJ ? hk : hj;
    if (intoJ) {
      q += qj;
      r += rj;
    } else {
      q += qk;
      r += rk;
    }
    const jj = intoJ ? j : k;
    e1 += jj === 1 ? g11 : jj === 2 ? g21 : g31;
    e2 += jj === 1 ? g12 : jj === 2 ? g22 : g32;
    e3 += jj === 1 ? g13 : jj === 2 ? g23 : g33;
    const atEnd = q === qb && r === rb;
    if (vertices && touched >= 0 && (atEnd || entered < 0 || touched < entered) && visit(touched))
      return touched;
    if (atEnd) return -1;
    if (entered >= 0 && visit(entered)) return entered;
    if (vertices && entered >= 0 && touched > entered && visit(touched)) return touched;
  }
  throw new Error(`line from hex ${from} to hex ${to} did not reach its end`);
}

/**
 * Every on-map hex other than `from` and `to` whose closed hexagon meets the
 * segment between their centres in a piece of positive length (through its
 * interior, or along one of its hexsides), in order from `from` to `to`
 * (by where the segment enters them; ties, the two hexes of a hexside the
 * line runs along, by index). Hexes touched at a single corner are left out.
 */
export function hexesCrossed(grid: HexGrid, from: number, to: number): number[] {
  const out: number[] = [];
  walk(grid, from, to, false, (h) => {
    out.push(h);
    return false;
  });
  return out;
}

/** Like hexesCrossed, with the corner-only contacts too and how each hex is met. */
export function lineContacts(grid: HexGrid, from: number, to: number): LineContact[] {
  onGrid(grid, from);
  onGrid(grid, to);
  const ax = 3 * (grid.q[from] as number);
  const ay = 2 * (grid.r[from] as number) + (grid.q[from] as number);
  const dx = 3 * (grid.q[to] as number) - ax;
  const dy = 2 * (grid.r[to] as number) + (grid.q[to] as number) - ay;
  const out: LineContact[] = [];
  walk(grid, from, to, true, (h) => {
    const q = grid.q[h] as number;
    const kind = clip(ax, ay, dx, dy, 3 * q, 2 * (grid.r[h] as number) + q);
    out.push({ hex: h, contact: CONTACTS[kind] as Contact, enter: [entryN, entryD] });
    return false;
  });
  return out;
}

/**
 * The first hex of hexesCrossed(grid, from, to) that passes `test`, or -1:
 * the same answer without building the array, for the hot path. The hexes
 * are tested in line order as the line is walked, and none after the first
 * that passes.
 */
export function firstCrossed(
  grid: HexGrid,
  from: number,
  to: number,
  test: (hex: number) => boolean,
): number {
  return walk(grid, from, to, false, test);
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
