import {
  applyOp,
  basePolygon,
  normalizeCdeg,
  type Point,
  type Pose,
  segmentWithinBand,
  translationSweep,
  withinBand,
} from "@tercio/geometry";
import type { ProgramOp } from "../actions.js";
import { sizeOf } from "../bases.js";
import type { Ctx } from "../context.js";
import type { Formation, UnitType } from "../vocabulary.js";
import { wheelSweep } from "./wheel-sweep.js";

/**
 * A move's program played out (1.2 Move, Maneuvering i and iv, Terrain vi):
 * the pose after each op, each corner's travel, the swept regions, and what
 * the program did. Pure geometry: the rules are check-move.ts's.
 *
 * Corner travel ("no corner exceeding the total distance allowed"): an
 * advance moves every corner its length (the nominal ticks). A wheel pinned
 * on a front corner moves that corner 0, the rear corner behind it on the
 * depth's arc, the swinging front corner on the frontage's arc and the
 * swinging rear corner on the diagonal's arc, the longest (kernel arc
 * metering: deterministic floats, IEEE basic operations and the square
 * root only).
 */
export interface Sweep {
  readonly region: Point[];
  /** A road leg (Terrain vi: terrain restrictions cancelled). */
  readonly road: boolean;
  /** The op's index in the program. */
  readonly op: number;
}

export interface Played {
  readonly pose: Pose;
  /** Travel of the corners fl, fr, rl, rr, in ticks (floats for arcs). */
  readonly corners: readonly [number, number, number, number];
  readonly sweeps: readonly Sweep[];
  /** The footprint after each op. */
  readonly bases: readonly Point[][];
  /** The pose after each op. */
  readonly poses: readonly Pose[];
  readonly wheels: number;
  /** Only advances and road legs: "straight ahead" (1.2 keeps the Bonus). */
  readonly straightOnly: boolean;
  /** The first road leg that is not a column's following a road, or -1. */
  readonly offRoad: number;
}

function hypot(a: number, b: number): number {
  return Math.sqrt(a * a + b * b);
}

/** An arc's length r·θ, θ = cdeg·π/18000, in the kernel's fixed order of operations. */
export function arc(radius: number, cdeg: number): number {
  return (radius * cdeg * Math.PI) / 18000;
}

/** Each corner's travel in a wheel of `cdeg` (> 0) pinned on `corner`: fl, fr, rl, rr. */
export function wheelTravel(
  corner: "left" | "right",
  frontage: number,
  depth: number,
  cdeg: number,
): [number, number, number, number] {
  const f = arc(frontage, cdeg);
  const d = arc(depth, cdeg);
  const diag = arc(hypot(frontage, depth), cdeg);
  return corner === "left" ? [0, f, d, diag] : [f, 0, diag, d];
}

/** The pose after a wheel: the pinned front corner exact, the other swung forward (a left pin turns left). */
export function wheelPose(
  pose: Pose,
  size: { frontage: number; depth: number },
  corner: "left" | "right",
  cdeg: number,
): Pose {
  const signed = corner === "left" ? -cdeg : cdeg;
  const next = applyOp(pose, size, { op: "wheel", corner, cdeg: signed }).pose;
  return { ...next, facing: normalizeCdeg(next.facing) };
}

export function playProgram(
  ctx: Ctx,
  type: UnitType,
  start: Pose,
  formation: Formation,
  program: readonly ProgramOp[],
): Played {
  const size = sizeOf(ctx, type, formation);
  let pose = start;
  const corners: [number, number, number, number] = [0, 0, 0, 0];
  const sweeps: Sweep[] = [];
  const bases: Point[][] = [];
  const poses: Pose[] = [];
  let wheels = 0;
  let straightOnly = true;
  let offRoad = -1;
  program.forEach((op, i) => {
    const before = basePolygon(pose, size);
    if (op.op === "wheel") {
      const next = wheelPose(pose, size, op.corner, op.cdeg);
      // basePolygon's order is fr, fl, rl, rr: a left pin's far corner is rr, a right pin's rl.
      const [pin, far] =
        op.corner === "left"
          ? [before[1] as Point, before[3] as Point]
          : [before[0] as Point, before[2] as Point];
      const turn = op.corner === "left" ? -op.cdeg : op.cdeg;
      sweeps.push({
        region: wheelSweep(before, basePolygon(next, size), pin, far, turn),
        road: false,
        op: i,
      });
      const travel = wheelTravel(op.corner, size.frontage, size.depth, op.cdeg);
      for (let k = 0; k < 4; k++) corners[k] = (corners[k] as number) + (travel[k] as number);
      wheels++;
      straightOnly = false;
      pose = next;
    } else {
      const next = applyOp(pose, size, { op: "advance", ticks: op.ticks }).pose;
      for (let k = 0; k < 4; k++) corners[k] = (corners[k] as number) + op.ticks;
      sweeps.push({
        region: translationSweep(before, { x: next.x - pose.x, y: next.y - pose.y }),
        road: op.op === "road",
        op: i,
      });
      if (op.op === "road" && offRoad < 0) {
        const from = { x: pose.x, y: pose.y };
        const to = { x: next.x, y: next.y };
        const follows = ctx.roads.some(
          (r) => withinBand(from, r.line, r.width / 2) && segmentWithinBand(from, to, r.line, r.width / 2),
        );
        if (!follows || formation !== "column") offRoad = i;
      }
      pose = next;
    }
    bases.push(basePolygon(pose, size));
    poses.push(pose);
  });
  return { pose, corners, sweeps, bases, poses, wheels, straightOnly, offRoad };
}
