import { normalizeCdeg } from "./angle.js";
import { type BaseSize, baseCorners, type Pose } from "./base.js";
import { scaledDirection } from "./direction.js";

/**
 * The primitive motions of a move program, as plain data, and what each
 * costs. Poses stay integers; every motion is a pure function of the pose,
 * the size and the op, so it replays bit for bit.
 *
 * - pivot: about the centre; the centre is kept exactly, the facing changes.
 * - advance: along the facing by `ticks` (negative: straight back); the
 *   centre moves by scaledDirection(facing, ticks), within 0.71 tick of the
 *   true vector (half a tick a component).
 * - wheel: the named FRONT corner is pinned and the base swings about it;
 *   positive cdeg is clockwise. Every corner is the centre plus an offset
 *   that depends on the facing and size only (base.ts), so the new centre
 *   is the pinned corner minus its offset at the new facing, and the pinned
 *   corner is then exactly where it was: 0 ticks of drift, not just within 1.
 * - translate: a straight slide without turning (a reform, a fall back in
 *   another direction).
 *
 * Metering. `centre` is the length of the centre's path, `maxCorner` the
 * longest path of any corner, each a `Travel`. A straight travel carries its
 * exact squared length `sq` (compare with `lengthWithin` or sq <= allowance²);
 * for an advance it is the NOMINAL ticks², the distance the rules moved the
 * base, not the length of its rounded lattice vector (which may be longer
 * by up to 0.71 tick). An arc is a float r·|θ|, θ = |cdeg|·π/18000,
 * computed as (r · |cdeg|) · π / 18000 in that order with the double
 * Math.PI and r from Math.sqrt: IEEE basic operations only, so the same on
 * every engine. An arc of irrational length equals a rational allowance
 * only on a set of measure zero; the comparison `value <= allowance` is
 * deterministic, which is what the rules need.
 *
 * Corners on arcs: a pivot moves every corner on the half-diagonal
 * √(F² + D²)/2; a wheel moves the swinging front corner on radius F (the
 * frontage: `swingCorner`) and the far rear corner on the full diagonal
 * √(F² + D²), which is the longest (`maxCorner`, research §9.6: "a wheel
 * whose outer rear corner is exactly at the allowance").
 */

export type MoveOp =
  | { readonly op: "pivot"; readonly cdeg: number }
  | { readonly op: "advance"; readonly ticks: number }
  | { readonly op: "wheel"; readonly corner: "left" | "right"; readonly cdeg: number }
  | { readonly op: "translate"; readonly dx: number; readonly dy: number };

export type Travel =
  | { readonly kind: "straight"; readonly sq: number; readonly value: number }
  | { readonly kind: "arc"; readonly value: number };

export interface MoveStep {
  readonly pose: Pose;
  readonly centre: Travel;
  readonly maxCorner: Travel;
  /** For a wheel: the swinging front corner's arc, F·|θ|. Otherwise equal to maxCorner. */
  readonly swingCorner: Travel;
}

function straight(sq: number): Travel {
  return { kind: "straight", sq, value: Math.sqrt(sq) };
}

function arc(radius: number, cdeg: number): Travel {
  const a = cdeg < 0 ? -cdeg : cdeg;
  return { kind: "arc", value: (radius * a * Math.PI) / 18000 };
}

function assertWhole(v: number, what: string): void {
  if (!Number.isSafeInteger(v)) throw new RangeError(`${what}: ${v} is not a whole number`);
}

/** The pose after one primitive motion, and its metering. */
export function applyOp(pose: Pose, size: BaseSize, op: MoveOp): MoveStep {
  switch (op.op) {
    case "pivot": {
      assertWhole(op.cdeg, "pivot");
      const corners = arc(Math.sqrt(size.frontage * size.frontage + size.depth * size.depth) / 2, op.cdeg);
      return {
        pose: { x: pose.x, y: pose.y, facing: normalizeCdeg(pose.facing + op.cdeg) },
        centre: straight(0),
        maxCorner: corners,
        swingCorner: corners,
      };
    }
    case "advance": {
      assertWhole(op.ticks, "advance");
      const v = scaledDirection(pose.facing, op.ticks);
      const t = straight(op.ticks * op.ticks);
      return {
        pose: { x: pose.x + v.x, y: pose.y + v.y, facing: pose.facing },
        centre: t,
        maxCorner: t,
        swingCorner: t,
      };
    }
    case "translate": {
      assertWhole(op.dx, "translate dx");
      assertWhole(op.dy, "translate dy");
      const t = straight(op.dx * op.dx + op.dy * op.dy);
      return {
        pose: { x: pose.x + op.dx, y: pose.y + op.dy, facing: pose.facing },
        centre: t,
        maxCorner: t,
        swingCorner: t,
      };
    }
    case "wheel": {
      assertWhole(op.cdeg, "wheel");
      const facing = normalizeCdeg(pose.facing + op.cdeg);
      const before = baseCorners(pose, size);
      const pin = op.corner === "left" ? before.fl : before.fr;
      // The pinned corner's offset from the centre at the new facing, from a base centred at the origin.
      const at = baseCorners({ x: 0, y: 0, facing }, size);
      const off = op.corner === "left" ? at.fl : at.fr;
      const diagonal = Math.sqrt(size.frontage * size.frontage + size.depth * size.depth);
      return {
        pose: { x: pin.x - off.x, y: pin.y - off.y, facing },
        centre: arc(diagonal / 2, op.cdeg),
        maxCorner: arc(diagonal, op.cdeg),
        swingCorner: arc(size.frontage, op.cdeg),
      };
    }
  }
}

export interface ProgramResult {
  readonly pose: Pose;
  readonly steps: readonly MoveStep[];
  /** Sum of the steps' centre travels, in floats (display, AI): a straight-only program is exact step by step. */
  readonly centreTotal: number;
  /** Sum of the steps' maxCorner travels, in floats, in program order. */
  readonly maxCornerTotal: number;
}

/** Applies the ops in order. */
export function applyProgram(pose: Pose, size: BaseSize, ops: readonly MoveOp[]): ProgramResult {
  const steps: MoveStep[] = [];
  let p = pose;
  let centreTotal = 0;
  let maxCornerTotal = 0;
  for (const op of ops) {
    const s = applyOp(p, size, op);
    steps.push(s);
    centreTotal += s.centre.value;
    maxCornerTotal += s.maxCorner.value;
    p = s.pose;
  }
  return { pose: p, steps, centreTotal, maxCornerTotal };
}
