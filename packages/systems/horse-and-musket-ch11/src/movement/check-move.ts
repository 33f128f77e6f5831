import {
  applyOp,
  basePolygon,
  type Polygon,
  type Pose,
  rotationSweep,
  segmentWithinBand,
  translationSweep,
} from "@tercio/geometry";
import type { ProgramOp } from "../actions.js";
import { onTable, poseOf, sizeOf } from "../bases.js";
import type { Ctx } from "../context.js";
import type { Position, UnitState } from "../position.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { allowanceOf } from "./allowance.js";
import { blockerOf, overlapOf } from "./interpenetration.js";
import { endTerrainRefusal, pathTerrainRefusal } from "./terrain.js";

/**
 * The move checker: how much of a move program is legal, where the unit
 * ends, the allowance it uses, and the rule that stops the rest. The
 * browser calls it on every drag frame and an AI for every candidate, so it
 * works on the context's compiled terrain and allocates little.
 *
 * The program's grammar (004 Movement: Turning: "at the start and/or the
 * end of their move"): an optional pivot, one straight advance, an optional
 * pivot. A move by road (004 Movement: Roads) is road legs, each straight
 * with the centre on the road, and pivots between them where the road
 * bends; it may not mix in an ordinary advance, since the bonus needs the
 * entire move on the road. The one straight leg goes ahead (`advance`) or,
 * under the moveDirection reading "ahead-or-back", straight back with the
 * facing kept (`back`): a unit whose front is against a river or a wood,
 * where no pivot can swing, can still step away. Metering: the centre's
 * travel (the sum of the legs' ticks); pivots cost nothing.
 */
export interface MoveCheck {
  readonly legal: boolean;
  /** How many ops, from the first, are legal. */
  readonly legalOps: number;
  /** Where the unit stands after the legal ops. */
  readonly pose: Pose;
  /** Ticks of the allowance the legal ops use (the centre's travel). */
  readonly used: number;
  /** The allowance in ticks (with the road bonus for a move by road). */
  readonly allowance: number;
  readonly byRoad: boolean;
  /** Whether the move is "moving" for 004 Movement: Moving and Shooting (pivots alone: the pivotCountsAsMove reading). */
  readonly moves: boolean;
  /** For a refused leg: the furthest legal length of it found (a drag's clamp), when there is one. */
  readonly clampTicks?: number;
  readonly error?: RuleError;
}

export interface CheckOptions {
  /** Search the furthest legal length of a refused leg (default true). */
  readonly clamp?: boolean;
}

type Stage = "start" | "pivoted" | "leg" | "between" | "ended";

/** Refusals for a motion from `from` to `to` sweeping `region`. */
function pathRefusal(
  ctx: Ctx,
  position: Position,
  id: string,
  unit: UnitState,
  to: Pose,
  region: Polygon,
): RuleError | undefined {
  const base = basePolygon(to, sizeOf(unit));
  if (!onTable(ctx, base))
    return ruleError("move/off-table", "Movement", `${id} would leave the table (bases stay on it)`, {
      unit: id,
      point: { x: to.x, y: to.y },
    });
  const terrain = pathTerrainRefusal(ctx, id, unit, region);
  if (terrain) return terrain;
  const blocker = blockerOf(ctx, position, id, region);
  if (blocker)
    return ruleError(
      "move/interpenetration",
      "Movement: Interpenetration",
      `only Skirmishers may pass through other units, and only friends (${id}'s move would pass through ${blocker})`,
      { unit: id, other: blocker },
    );
  return undefined;
}

function endRefusal(
  ctx: Ctx,
  position: Position,
  id: string,
  unit: UnitState,
  to: Pose,
): RuleError | undefined {
  const base = basePolygon(to, sizeOf(unit));
  const other = overlapOf(position, id, base);
  if (other)
    return ruleError("move/overlap", "Movement: Interpenetration", `${id} may not end its move on ${other}`, {
      unit: id,
      other,
    });
  return endTerrainRefusal(ctx, id, unit, base);
}

function legRefusal(
  ctx: Ctx,
  position: Position,
  id: string,
  unit: UnitState,
  from: Pose,
  ticks: number,
  road: boolean,
  last: boolean,
): RuleError | undefined {
  // A negative length is a leg straight back (applyOp's advance runs backwards).
  const step = applyOp(from, sizeOf(unit), { op: "advance", ticks });
  const v = { x: step.pose.x - from.x, y: step.pose.y - from.y };
  const region = translationSweep(basePolygon(from, sizeOf(unit)), v);
  const refusal = pathRefusal(ctx, position, id, unit, step.pose, region);
  if (refusal) return refusal;
  if (road && !ctx.terrain.roads.some((r) => segmentWithinBand(from, step.pose, r.line, r.halfWidth)))
    return ruleError(
      "move/off-road",
      "Movement: Roads",
      `the road bonus needs the entire move on the road (${id}'s centre would leave it)`,
      { unit: id, point: { x: step.pose.x, y: step.pose.y } },
    );
  return last ? endRefusal(ctx, position, id, unit, step.pose) : undefined;
}

/** The furthest legal length of a leg, by bisection (exact when legality is monotone along the line). */
function clampLeg(
  ctx: Ctx,
  position: Position,
  id: string,
  unit: UnitState,
  from: Pose,
  max: number,
  road: boolean,
  last: boolean,
  sign: 1 | -1,
): number | undefined {
  const ok = (t: number) => legRefusal(ctx, position, id, unit, from, sign * t, road, last) === undefined;
  if (max <= 0) return undefined;
  if (ok(max)) return max;
  let lo = 0;
  let hi = max;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lo > 0 ? lo : undefined;
}

function sequenceRefusal(position: Position, id: string): RuleError | undefined {
  const unit = position.units[id];
  if (!unit) return ruleError("action/unknown-unit", "Movement", `there is no unit ${id}`, { unit: id });
  if (position.phase !== "movement")
    return ruleError("action/wrong-phase", "Sequence of Play", `units move in the Movement phase`, {
      unit: id,
    });
  if (unit.side !== position.toMove)
    return ruleError("action/not-your-unit", "Sequence of Play", `${id} is not the moving player's`, {
      unit: id,
    });
  if (unit.formation === "square")
    return ruleError(
      "move/in-square",
      "Square Formation: No Movement",
      `units in Square may not move (${id})`,
      {
        unit: id,
      },
    );
  if (unit.acted !== "none" && unit.acted !== "formed")
    return ruleError(
      "move/already-moved",
      "Movement: Movement Allowances",
      `${id} has already moved this turn`,
      { unit: id },
    );
  return undefined;
}

export function checkMove(
  ctx: Ctx,
  position: Position,
  id: string,
  program: readonly ProgramOp[],
  options: CheckOptions = {},
): MoveCheck {
  const unit = position.units[id];
  const byRoad = program.some((op) => op.op === "road");
  const start: Pose = unit ? poseOf(unit) : { x: 0, y: 0, facing: 0 };
  const allowance = unit ? allowanceOf(ctx, unit.type, byRoad) : 0;
  const result = (
    legalOps: number,
    pose: Pose,
    used: number,
    moves: boolean,
    error?: RuleError,
    clamp?: number,
  ) => ({
    legal: error === undefined,
    legalOps,
    pose,
    used,
    allowance,
    byRoad,
    moves,
    ...(clamp !== undefined ? { clampTicks: clamp } : {}),
    ...(error ? { error } : {}),
  });
  const refused = sequenceRefusal(position, id);
  if (refused || !unit) return result(0, start, 0, false, refused);
  if (program.length === 0)
    return result(
      0,
      start,
      0,
      false,
      ruleError("move/empty", "Movement", "a move needs at least one op", { unit: id }),
    );
  let pose = start;
  let used = 0;
  let legs = 0;
  let stage: Stage = "start";
  const size = sizeOf(unit);
  for (let i = 0; i < program.length; i++) {
    const op = program[i] as ProgramOp;
    const last = i === program.length - 1;
    const moves = legs > 0 || ctx.options.pivotCountsAsMove === "yes";
    const grammar =
      grammarRefusal(stage, op, byRoad, id) ??
      (op.op === "back" && ctx.options.moveDirection === "ahead"
        ? ruleError(
            "move/program",
            "Movement: Turning",
            `moves are straight ahead under this reading (${id}); a reverse is a pivot of 180º, an advance and a pivot back`,
            { unit: id },
          )
        : undefined);
    if (grammar) return result(i, pose, used, moves, grammar);
    if (op.op === "pivot") {
      const to: Pose = applyOp(pose, size, op).pose;
      // The swept region lies in the circle of the half-diagonal (plus the sweep's margin): nothing near it, nothing to sweep.
      const region = clearAround(ctx, position, id, pose, size)
        ? basePolygon(to, size)
        : rotationSweep(basePolygon(pose, size), pose, pose.facing, pose.facing + op.cdeg);
      const refusal =
        pathRefusal(ctx, position, id, unit, to, region) ??
        (last ? endRefusal(ctx, position, id, unit, to) : undefined);
      if (refusal) return result(i, pose, used, moves, refusal);
      pose = to;
      stage = stage === "start" ? "pivoted" : byRoad ? "between" : "ended";
      continue;
    }
    const road = op.op === "road";
    const sign = op.op === "back" ? -1 : 1;
    const room = allowance - used;
    if (op.ticks > room) {
      const clamp =
        options.clamp === false ? undefined : clampLeg(ctx, position, id, unit, pose, room, road, last, sign);
      const over = ruleError(
        "move/over-allowance",
        "Movement: Movement Allowances",
        `${id} may move up to ${inchesText(allowance)}${byRoad ? " by road" : ""}; this move needs ${inchesText(used + op.ticks)}`,
        { unit: id },
      );
      return result(i, pose, used, true, over, clamp);
    }
    const refusal = legRefusal(ctx, position, id, unit, pose, sign * op.ticks, road, last);
    if (refusal) {
      const clamp =
        options.clamp === false
          ? undefined
          : clampLeg(ctx, position, id, unit, pose, op.ticks, road, last, sign);
      return result(i, pose, used, true, refusal, clamp);
    }
    pose = applyOp(pose, size, { op: "advance", ticks: sign * op.ticks }).pose;
    used += op.ticks;
    legs++;
    stage = "leg";
  }
  return result(program.length, pose, used, legs > 0 || ctx.options.pivotCountsAsMove === "yes");
}

/** No terrain, river or other unit comes within the pivot circle's box: a pivot there meets nothing. */
function clearAround(
  ctx: Ctx,
  position: Position,
  id: string,
  at: Pose,
  size: { frontage: number; depth: number },
): boolean {
  const r = Math.ceil(Math.sqrt(size.frontage * size.frontage + size.depth * size.depth) / 2) + 8;
  const minX = at.x - r;
  const maxX = at.x + r;
  const minY = at.y - r;
  const maxY = at.y + r;
  for (const a of ctx.terrain.areas)
    if (a.box.minX < maxX && minX < a.box.maxX && a.box.minY < maxY && minY < a.box.maxY) return false;
  for (const river of ctx.terrain.rivers)
    for (let i = 0; i + 1 < river.line.length; i++) {
      const a = river.line[i] as { x: number; y: number };
      const b = river.line[i + 1] as { x: number; y: number };
      if (
        Math.min(a.x, b.x) < maxX &&
        minX < Math.max(a.x, b.x) &&
        Math.min(a.y, b.y) < maxY &&
        minY < Math.max(a.y, b.y)
      )
        return false;
    }
  for (const [oid, u] of Object.entries(position.units)) {
    if (oid === id) continue;
    const ur = u.frontage + u.depth;
    if (u.x + ur > minX && u.x - ur < maxX && u.y + ur > minY && u.y - ur < maxY) return false;
  }
  return true;
}

function grammarRefusal(stage: Stage, op: ProgramOp, byRoad: boolean, id: string): RuleError | undefined {
  const bad = (text: string) =>
    ruleError("move/program", "Movement: Turning", `${text} (${id})`, { unit: id });
  if (op.op === "pivot") {
    if (stage === "pivoted" || stage === "between")
      return bad("one pivot at a time: a pivot follows a leg of the move");
    if (stage === "ended") return bad("units pivot only at the start and/or the end of their move");
    return undefined;
  }
  const straight = op.op === "advance" || op.op === "back";
  if (straight && byRoad)
    return bad("a move by road is entirely on the road: it has road legs, not an advance");
  if (straight && stage !== "start" && stage !== "pivoted")
    return bad("a move is one straight leg between its pivots");
  if (op.op === "road" && stage === "leg") return bad("consecutive road legs are one leg");
  if (stage === "ended") return bad("the move has ended with its last pivot");
  return undefined;
}

/** 73152 -> "12\"", 6096·37/4 -> "9.25\"": for messages only. */
export function inchesText(ticks: number): string {
  const inches = Math.round((ticks / 6096) * 100) / 100;
  return `${inches}"`;
}
