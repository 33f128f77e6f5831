import type { Ctx, ProgramOp, UnitState } from "@tercio/horse-and-musket-nt";
import { unitCorners } from "@tercio/horse-and-musket-nt";
import type { Point } from "../tabletop/frame.js";

/**
 * A move drawn with the pointer, as the engine's program ops (1.2 Move,
 * Maneuvering i): a drag of the base is an advance straight ahead (a road
 * leg for a column on the road), a drag of a front corner a wheel on the
 * other front corner, pinned, as a hinged door. Display arithmetic only:
 * the legality and every corner's travel are checkMove's.
 */
export type Grip = { readonly kind: "advance" } | { readonly kind: "wheel"; readonly pin: "left" | "right" };

/** A pose of the unit (after the legs drawn so far), as a unit state the engine's base functions read. */
export function posed(u: UnitState, pose: { x: number; y: number; facing: number }): UnitState {
  return { ...u, x: pose.x, y: pose.y, facing: pose.facing };
}

const near = (a: Point, b: Point, r: number) => (a.x - b.x) ** 2 + (a.y - b.y) ** 2 <= r * r;

/** What a press at `p` takes hold of: a front corner (within `r`) wheels on the other; inside the base, an advance. */
export function gripAt(ctx: Ctx, u: UnitState, p: Point, r: number, inside: boolean): Grip | undefined {
  const c = unitCorners(ctx, u);
  // The corner taken swings; the opposite front corner is the pinned hinge.
  if (near(p, c.fr, r)) return { kind: "wheel", pin: "left" };
  if (near(p, c.fl, r)) return { kind: "wheel", pin: "right" };
  return inside ? { kind: "advance" } : undefined;
}

/** Ticks straight ahead from `from` to `to`, along the unit's facing (its front centre's offset), at least 1. */
export function advanceTicks(front: Point, centre: Point, from: Point, to: Point): number {
  const fx = front.x - centre.x;
  const fy = front.y - centre.y;
  const len = Math.sqrt(fx * fx + fy * fy) || 1;
  const along = ((to.x - from.x) * fx + (to.y - from.y) * fy) / len;
  return Math.max(1, Math.round(along));
}

/**
 * The forward swing, centidegrees, of a wheel pinned on `pin` that takes the
 * free front corner towards `to`; 0 when `to` is behind (a wheel only swings
 * forward). A left pin turns left (anticlockwise, y north), a right pin right.
 */
export function wheelCdeg(pin: Point, free: Point, to: Point, side: "left" | "right"): number {
  const ax = free.x - pin.x;
  const ay = free.y - pin.y;
  const bx = to.x - pin.x;
  const by = to.y - pin.y;
  const signed = Math.atan2(ax * by - ay * bx, ax * bx + ay * by);
  const forward = side === "left" ? signed : -signed;
  if (forward <= 0) return 0;
  return Math.min(18000, Math.round((forward * 18000) / Math.PI));
}

/** The op a grip makes from a drag. */
export function dragOp(
  ctx: Ctx,
  u: UnitState,
  grip: Grip,
  from: Point,
  to: Point,
  road: boolean,
  front: Point,
): ProgramOp | undefined {
  if (grip.kind === "advance") {
    const ticks = advanceTicks(front, u, from, to);
    return { op: road ? "road" : "advance", ticks };
  }
  const c = unitCorners(ctx, u);
  const [pin, free] = grip.pin === "left" ? [c.fl, c.fr] : [c.fr, c.fl];
  const cdeg = wheelCdeg(pin, free, to, grip.pin);
  return cdeg >= 1 ? { op: "wheel", corner: grip.pin, cdeg } : undefined;
}

/** A program in words: 'advance 3", wheel 30º on the left corner'. */
export function programWords(program: readonly ProgramOp[]): string {
  return program
    .map((op) =>
      op.op === "wheel"
        ? `wheel ${op.cdeg / 100}º on the ${op.corner} corner`
        : `${op.op === "road" ? "road" : "advance"} ${Math.round((op.ticks / 6096) * 100) / 100}"`,
    )
    .join(", ");
}

/** A corner's travel against the limit: '3.14" of 6"'. */
export function meterWords(travel: number, limit: number): string {
  const inches = (t: number) => `${Math.round((t / 6096) * 100) / 100}"`;
  return `${inches(travel)} of ${inches(limit)}`;
}
