import { roundFraction } from "./exact.js";
import type { Point, Polygon } from "./point.js";

/**
 * Where two convex polygons touch at the exact instant of first contact:
 * A moved by t·v (t = num/den, firstContact's parameter) and B. Their
 * interiors are apart and their boundaries meet, so the common set is a
 * segment or a point on a line separating them, and its ends are vertices
 * of A or of B: the vertices of B in the moved A and those of the moved A
 * in B. Found exactly (BigInt, every coordinate scaled by den), then each
 * rounded to the tick, halves away from zero. For a drawing of the contact:
 * the rules stop the mover at firstContact's lattice displacement, up to
 * 3 ticks short of this.
 *
 * Returns the ends of the common segment (two points), or the one common
 * point; empty only if the polygons do not touch at t (not a contact).
 */

interface BigPoint {
  readonly x: bigint;
  readonly y: bigint;
}

function orientSign(a: BigPoint, b: BigPoint, c: BigPoint): number {
  const v = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  return v > 0n ? 1 : v < 0n ? -1 : 0;
}

/** p in the closed convex polygon (either orientation, at least three vertices here). */
function inClosedConvex(p: BigPoint, poly: readonly BigPoint[]): boolean {
  let pos = false;
  let neg = false;
  for (let i = 0; i < poly.length; i++) {
    const s = orientSign(poly[i] as BigPoint, poly[(i + 1) % poly.length] as BigPoint, p);
    if (s > 0) pos = true;
    else if (s < 0) neg = true;
    if (pos && neg) return false;
  }
  return true;
}

export function contactPoints(
  a: Polygon,
  v: Point,
  t: { readonly num: number; readonly den: number },
  b: Polygon,
): Point[] {
  const d = BigInt(t.den);
  const n = BigInt(t.num);
  const moved = a.map((p) => ({
    x: BigInt(p.x) * d + n * BigInt(v.x),
    y: BigInt(p.y) * d + n * BigInt(v.y),
  }));
  const fixed = b.map((q) => ({ x: BigInt(q.x) * d, y: BigInt(q.y) * d }));
  const found: BigPoint[] = [];
  const add = (p: BigPoint) => {
    if (!found.some((f) => f.x === p.x && f.y === p.y)) found.push(p);
  };
  for (const q of fixed) if (inClosedConvex(q, moved)) add(q);
  for (const p of moved) if (inClosedConvex(p, fixed)) add(p);
  // The common set is convex and flat: its ends are the farthest-apart pair.
  let ends = found.slice(0, 1);
  let far = -1n;
  for (let i = 0; i < found.length; i++)
    for (let j = i + 1; j < found.length; j++) {
      const p = found[i] as BigPoint;
      const q = found[j] as BigPoint;
      const d2 = (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y);
      if (d2 > far) {
        far = d2;
        ends = [p, q];
      }
    }
  return ends.map((p) => ({ x: roundFraction(p.x, d) + 0, y: roundFraction(p.y, d) + 0 }));
}
