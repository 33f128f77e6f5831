import { type Point, scaledDirection } from "@tercio/geometry";

/**
 * The turn, within ±limit centidegrees, that points a facing most nearly at
 * a point: no trigonometry, a bisection on whole centidegrees over the sign
 * of cross(direction, target − from), which rises as the facing turns
 * clockwise past the target. Returns null when the point is behind (beyond
 * a quarter turn) at every turn tried.
 */
// 2^26: long enough that the rounding of the integer direction (half a tick) is below 1e-8 of it, short
// enough that its products with table vectors (< 2^23) stay exact in doubles (< 2^50).
const LONG = 1 << 26;

export function aimTurn(from: Point, facing: number, target: Point, limit: number): number | null {
  const dx = target.x - from.x;
  const dy = target.y - from.y;
  if (dx === 0 && dy === 0) return 0;
  const side = (t: number) => {
    const d = scaledDirection(facing + t, LONG);
    return d.x * dy - d.y * dx;
  };
  const ahead = (t: number) => {
    const d = scaledDirection(facing + t, LONG);
    return d.x * dx + d.y * dy > 0;
  };
  let lo = -limit;
  let hi = limit;
  let turn: number;
  if (side(lo) >= 0) turn = lo;
  else if (side(hi) < 0) turn = hi;
  else {
    // side(lo) < 0 <= side(hi): find the least turn with side >= 0.
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (side(mid) >= 0) hi = mid;
      else lo = mid;
    }
    turn = Math.abs(side(lo)) < Math.abs(side(hi)) ? lo : hi;
  }
  return ahead(turn) ? turn : null;
}

/**
 * The turn in (−180º, 180º] that points a facing most nearly at a point:
 * aimTurn over each quarter of the compass, keeping the turn ahead of the
 * point with the least |cross| (the sine of the error, first order, so
 * neighbouring centidegrees are told apart). Null only when the point is
 * where the unit stands.
 */
export function bearingTurn(from: Point, facing: number, target: Point): number | null {
  const dx = target.x - from.x;
  const dy = target.y - from.y;
  if (dx === 0 && dy === 0) return null;
  let best: number | null = null;
  let bestCross = Number.POSITIVE_INFINITY;
  for (const quarter of [0, 9000, -9000, 18000]) {
    const t = aimTurn(from, facing + quarter, target, 4500);
    if (t === null) continue;
    const d = scaledDirection(facing + quarter + t, LONG);
    const cross = Math.abs(d.x * dy - d.y * dx);
    if (d.x * dx + d.y * dy > 0 && cross < bestCross) {
      bestCross = cross;
      best = quarter + t;
    }
  }
  if (best === null) return null;
  return best > 18000 ? best - 36000 : best <= -18000 ? best + 36000 : best;
}
