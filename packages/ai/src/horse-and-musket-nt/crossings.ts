import { direction, type Point, type Pose } from "@tercio/geometry";
import type { Ctx, UnitState } from "@tercio/horse-and-musket-nt";
import { bearing, distance, INCH } from "./geometry.js";

/**
 * The bridges and fords a unit must pass (Terrain iv: a river is crossed
 * only there), for the players' planning: a bridge as wide as a line lets a
 * line over only square to it and centred, and a column only within its
 * width, so a unit that reaches the bank at an angle or beside the way
 * corks the crossing for everyone behind it. A crossing is its segment of
 * the river; its axis runs through the segment's middle, square to it.
 */
export interface Crossing {
  /** The river's index in the scenario. */
  readonly river: number;
  readonly mid: Point;
  /** Half the crossing's width (ticks). */
  readonly half: number;
  /** The segment's direction, unit length (for the axis: its normal). */
  readonly along: Point;
}

/** A crossing seen from one bank: the facing that goes over square, and the points before and beyond it. */
export interface CrossingAhead {
  readonly crossing: Crossing;
  /** The unit normal pointing over the river from the unit's bank. */
  readonly over: Point;
  /** The facing (centidegrees) square to the crossing, towards the far bank. */
  readonly facing: number;
}

const cache = new WeakMap<Ctx, { crossings: Crossing[]; banks: [Point, Point][][] }>();

function riversOf(ctx: Ctx): { crossings: Crossing[]; banks: [Point, Point][][] } {
  const known = cache.get(ctx);
  if (known) return known;
  const crossings: Crossing[] = [];
  const banks: [Point, Point][][] = [];
  for (const [index, r] of ctx.rivers.entries()) {
    const segs: [Point, Point][] = [];
    for (let s = 0; s + 1 < r.line.length; s++) segs.push([r.line[s] as Point, r.line[s + 1] as Point]);
    banks.push(segs);
    for (const c of r.crossings) {
      const seg = segs[c.segment];
      if (!seg) continue;
      const [a, b] = seg;
      const len = distance(a, b);
      if (len === 0) continue;
      crossings.push({
        river: index,
        mid: { x: Math.round((a.x + b.x) / 2), y: Math.round((a.y + b.y) / 2) },
        half: len / 2,
        along: { x: (b.x - a.x) / len, y: (b.y - a.y) / len },
      });
    }
  }
  const out = { crossings, banks };
  cache.set(ctx, out);
  return out;
}

/** Which bank of a river polyline p lies on: the sign against its nearest segment. */
function bankOf(segs: readonly [Point, Point][], p: Point): number {
  let best = Number.POSITIVE_INFINITY;
  let side = 0;
  for (const [a, b] of segs) {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    const qx = a.x + t * dx - p.x;
    const qy = a.y + t * dy - p.y;
    const d2 = qx * qx + qy * qy;
    if (d2 < best) {
      best = d2;
      side = Math.sign(dx * (p.y - a.y) - dy * (p.x - a.x));
    }
  }
  return side;
}

/** The crossing a unit going from `from` to `to` passes, if a river lies between (the one of shortest way). */
export function crossingAhead(ctx: Ctx, from: Point, to: Point): CrossingAhead | undefined {
  const { crossings, banks } = riversOf(ctx);
  let best: { c: Crossing; d: number } | undefined;
  banks.forEach((segs, r) => {
    const here = bankOf(segs, from);
    if (here === 0 || here === bankOf(segs, to)) return;
    for (const c of crossings) {
      if (c.river !== r) continue;
      const d = distance(from, c.mid) + distance(c.mid, to);
      if (!best || d < best.d) best = { c, d };
    }
  });
  if (!best) return undefined;
  const c = best.c;
  // The normal towards the far bank: the side `to` is on.
  // `+ 0` keeps -0 out (the vectors are plain data, compared and serialised).
  let over = { x: -c.along.y + 0, y: c.along.x + 0 };
  const toward = (to.x - c.mid.x) * over.x + (to.y - c.mid.y) * over.y;
  if (toward < 0) over = { x: -over.x + 0, y: -over.y + 0 };
  const far = { x: Math.round(c.mid.x + over.x * 12 * INCH), y: Math.round(c.mid.y + over.y * 12 * INCH) };
  const facing = bearing(c.mid, far) ?? 0;
  return { crossing: c, over, facing };
}

/**
 * How badly a pose is set to pass the crossing ahead, in inches' worth:
 * the centre's distance off the axis beyond what the unit's width leaves
 * free, and how far the facing is turned from square (1 - cos), both
 * counting more the nearer the crossing (nothing beyond 14").
 */
export function misalignment(
  ahead: CrossingAhead,
  pose: Pose,
  size: { frontage: number; depth: number },
): { off: number; turn: number; near: number } {
  const c = ahead.crossing;
  const dx = pose.x - c.mid.x;
  const dy = pose.y - c.mid.y;
  const reach = 14 * INCH;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d >= reach) return { off: 0, turn: 0, near: 0 };
  const lateral = Math.abs(dx * c.along.x + dy * c.along.y);
  const f = direction(pose.facing);
  const cos = f.x * ahead.over.x + f.y * ahead.over.y;
  const sin = Math.abs(f.x * c.along.x + f.y * c.along.y);
  // The width the base takes along the river as it passes, turned as it is.
  const wide = size.frontage * Math.abs(cos) + size.depth * sin;
  const free = c.half - wide / 2;
  return { off: Math.max(0, lateral - free) / INCH, turn: 1 - cos, near: 1 - d / reach };
}

/** The slide (at most `most` ticks) that brings the centre onto the crossing's axis, or undefined when on it. */
export function slideToAxis(ahead: CrossingAhead, p: Point, most: number): Point | undefined {
  const c = ahead.crossing;
  const lateral = (p.x - c.mid.x) * c.along.x + (p.y - c.mid.y) * c.along.y;
  if (Math.abs(lateral) < INCH / 8) return undefined;
  const len = Math.min(Math.abs(lateral), most);
  const k = -Math.sign(lateral) * len;
  return { x: Math.trunc(c.along.x * k) + 0, y: Math.trunc(c.along.y * k) + 0 };
}

/** Points to aim at for the crossing: before it on the axis (the centre where the unit's front meets the bank) and beyond it. */
export function crossingAims(ahead: CrossingAhead, u: UnitState, depth: number): Point[] {
  const { mid } = ahead.crossing;
  const o = ahead.over;
  const before = depth / 2 + INCH;
  const beyond = depth + 2 * INCH;
  return [
    { x: Math.round(mid.x - o.x * before), y: Math.round(mid.y - o.y * before) },
    { x: Math.round(mid.x + o.x * beyond), y: Math.round(mid.y + o.y * beyond) },
  ].filter((p) => distance(p, u) > INCH);
}

/** The crossings of the scenario (for the ground before them that must be kept clear). */
export function crossingsOfRivers(ctx: Ctx): readonly Crossing[] {
  return riversOf(ctx).crossings;
}

/**
 * How far a base at the pose stands in the way to a crossing, in inches
 * inside the ground kept clear (0 outside it): on either bank
 * within `reach` of it and over its width, with room to wheel on the way
 * (its centre within half the crossing's width, half its own frontage and
 * 3" of the axis).
 */
export function inApproach(c: Crossing, pose: Point, frontage: number, reach: number): number {
  const dx = pose.x - c.mid.x;
  const dy = pose.y - c.mid.y;
  const lateral = Math.abs(dx * c.along.x + dy * c.along.y);
  const across = Math.abs(dx * -c.along.y + dy * c.along.x);
  return across <= reach && lateral < c.half + frontage / 2 + 3 * INCH ? (reach - across) / INCH : 0;
}
