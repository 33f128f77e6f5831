import { type Point, type Pose, scaledDirection, segmentWithin } from "@tercio/geometry";
import {
  allowanceOf,
  bearingTurn,
  type Ctx,
  checkMove,
  type Position,
  type ProgramOp,
} from "@tercio/horse-and-musket-ch11";
import { unitOf } from "./policy.js";

/**
 * Candidate moves of one unit from the move grammar (pivot? advance?
 * pivot?, or road legs with pivots at the bends), each checked by the
 * engine's checkMove: the engine is the filter, so nothing it refuses is
 * ever proposed. Headings: straight on, ±45º, ±90º, about face, and the
 * bearings to the aims; lengths: the whole legal advance (the clamp when the
 * whole allowance is refused), two thirds and one third of it; then
 * optionally a last pivot to face each of the faces.
 */
export interface MoveCandidate {
  readonly program: ProgramOp[];
  readonly pose: Pose;
  /** Its advance is the clamp of a refused one: the base ends against something. */
  readonly clamped?: boolean;
}

const SHORT = 6096;
const HEADINGS = [0, 4500, -4500, 9000, -9000, 18000];

export interface CandidateOptions {
  /** Points to head for (bearings added to the headings). */
  readonly aims: readonly Point[];
  /** Points to face at the end (a last pivot). */
  readonly faces: readonly Point[];
  /** The fixed headings to try besides the aims (default: ahead, ±45º, ±90º, about face). */
  readonly headings?: readonly number[];
  /** Lengths as fractions of the furthest legal advance (default whole, 2/3, 1/3). */
  readonly fractions?: readonly number[];
}

function lastPivots(pose: Pose, faces: readonly Point[]): number[] {
  const out: number[] = [];
  for (const f of faces) {
    const t = bearingTurn(pose, pose.facing, f);
    if (t !== null && Math.abs(t) >= 100 && !out.includes(t)) out.push(t);
  }
  return out;
}

export function candidateMoves(
  ctx: Ctx,
  position: Position,
  id: string,
  options: CandidateOptions,
): MoveCandidate[] {
  const unit = unitOf(position, id);
  const allowance = allowanceOf(ctx, unit.type, false);
  const out: MoveCandidate[] = [];
  const seen = new Set<string>();
  const add = (program: ProgramOp[], clamped = false): Pose | undefined => {
    const key = JSON.stringify(program);
    if (seen.has(key)) return undefined;
    seen.add(key);
    const c = checkMove(ctx, position, id, program, { clamp: false });
    if (!c.legal) return undefined;
    out.push(clamped ? { program, pose: c.pose, clamped } : { program, pose: c.pose });
    return c.pose;
  };
  const turns: number[] = [...(options.headings ?? HEADINGS)];
  for (const a of options.aims) {
    const t = bearingTurn(unit, unit.facing, a);
    if (t !== null && !turns.includes(t)) turns.push(t);
  }
  const fractions = options.fractions ?? [1, 2 / 3, 1 / 3];
  for (const turn of turns) {
    const pre: ProgramOp[] = turn === 0 ? [] : [{ op: "pivot", cdeg: turn }];
    if (allowance > 0) {
      const full = checkMove(ctx, position, id, [...pre, { op: "advance", ticks: allowance }]);
      if (full.legalOps < pre.length) continue;
      const max = full.legal ? allowance : (full.clampTicks ?? 0);
      const lengths: number[] = [];
      // Short of the clamp too: a base left against a river or a wood may be unable to pivot away.
      if (!full.legal && max > SHORT) lengths.push(max - SHORT);
      for (const f of fractions) {
        const l = Math.floor(max * f);
        if (l >= 1 && !lengths.includes(l)) lengths.push(l);
      }
      for (const l of lengths) {
        const program: ProgramOp[] = [...pre, { op: "advance", ticks: l }];
        const clamped = !full.legal && l === max;
        const pose = add(program, clamped);
        if (!pose) continue;
        for (const t of lastPivots(pose, options.faces)) add([...program, { op: "pivot", cdeg: t }], clamped);
      }
    }
    if (turn !== 0) add(pre);
  }
  out.push(...roadMoves(ctx, position, id, seen));
  return out;
}

/**
 * Moves by road: from a unit whose centre is on a road, along the road's
 * line either way, a leg to each vertex in turn with a pivot at each bend,
 * until the allowance with the road bonus is spent; a candidate at each
 * bend and at the end.
 */
export function roadMoves(
  ctx: Ctx,
  position: Position,
  id: string,
  seen = new Set<string>(),
): MoveCandidate[] {
  const unit = unitOf(position, id);
  const out: MoveCandidate[] = [];
  const allowance = allowanceOf(ctx, unit.type, true);
  for (const road of ctx.terrain.roads) {
    const line = road.line;
    for (let i = 0; i + 1 < line.length; i++) {
      if (!segmentWithin(unit, line[i] as Point, line[i + 1] as Point, road.halfWidth)) continue;
      for (const dir of [1, -1]) {
        let pose: Pose = { x: unit.x, y: unit.y, facing: unit.facing };
        let left = allowance;
        const program: ProgramOp[] = [];
        for (let v = dir === 1 ? i + 1 : i; v >= 0 && v < line.length && left > 0; v += dir) {
          const end = line[v] as Point;
          const turn = bearingTurn(pose, pose.facing, end);
          if (turn === null) continue;
          const dx = end.x - pose.x;
          const dy = end.y - pose.y;
          const ticks = Math.min(left, Math.floor(Math.sqrt(dx * dx + dy * dy)));
          if (ticks < 1) continue;
          if (turn !== 0) program.push({ op: "pivot", cdeg: turn });
          program.push({ op: "road", ticks });
          if (program.length > 15) break;
          const facing = (((pose.facing + turn) % 36000) + 36000) % 36000;
          const step = scaledDirection(facing, ticks);
          pose = { x: pose.x + step.x, y: pose.y + step.y, facing };
          left -= ticks;
          const copy = [...program];
          const key = JSON.stringify(copy);
          if (seen.has(key)) continue;
          seen.add(key);
          const c = checkMove(ctx, position, id, copy, { clamp: false });
          if (!c.legal) break;
          out.push({ program: copy, pose: c.pose });
        }
      }
      break;
    }
  }
  return out;
}
