/**
 * Axial hex coordinates for a flat-topped hex grid (Red Blob Games' "axial"
 * system). Integer values only: pixels belong to the UI's layout.
 *
 * With y growing southwards, q grows to the south-east and r to the south.
 */
export interface Axial {
  readonly q: number;
  readonly r: number;
}

/**
 * The six directions, clockwise from north. A flat-topped hex has a hexside
 * facing north, so N and S are neighbours in the same map column.
 */
export const DIRECTIONS = ["N", "NE", "SE", "S", "SW", "NW"] as const;
export type Direction = (typeof DIRECTIONS)[number];
export type DirectionIndex = 0 | 1 | 2 | 3 | 4 | 5;
/** The direction indices, in the order of DIRECTIONS. */
export const DIRECTION_INDICES: readonly DirectionIndex[] = [0, 1, 2, 3, 4, 5];

const DELTAS: readonly Axial[] = [
  { q: 0, r: -1 },
  { q: 1, r: -1 },
  { q: 1, r: 0 },
  { q: 0, r: 1 },
  { q: -1, r: 1 },
  { q: -1, r: 0 },
];

export function directionDelta(d: DirectionIndex): Axial {
  return DELTAS[d] as Axial;
}

export function opposite(d: DirectionIndex): DirectionIndex {
  return ((d + 3) % 6) as DirectionIndex;
}

export function neighbour(h: Axial, d: DirectionIndex): Axial {
  const delta = directionDelta(d);
  return { q: h.q + delta.q, r: h.r + delta.r };
}

export function axialDistance(a: Axial, b: Axial): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export function axialEquals(a: Axial, b: Axial): boolean {
  return a.q === b.q && a.r === b.r;
}

/** The direction from a to an adjacent hex b, or undefined if they are not adjacent. */
export function directionTo(a: Axial, b: Axial): DirectionIndex | undefined {
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  const i = DELTAS.findIndex((d) => d.q === dq && d.r === dr);
  return i < 0 ? undefined : (i as DirectionIndex);
}

/**
 * The hexes of a straight hex row from a to b inclusive (a line along one of
 * the three hex axes), or undefined when a and b are not on one such row.
 */
export function straightRow(a: Axial, b: Axial): Axial[] | undefined {
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  const ds = -dq - dr;
  if (dq !== 0 && dr !== 0 && ds !== 0) return undefined;
  const n = axialDistance(a, b);
  const out: Axial[] = [];
  for (let i = 0; i <= n; i++) {
    out.push(n === 0 ? a : { q: a.q + (dq * i) / n, r: a.r + (dr * i) / n });
  }
  return out;
}
