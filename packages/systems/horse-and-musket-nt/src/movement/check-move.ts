import { convexWithin, type Point, type Pose } from "@tercio/geometry";
import type { ProgramOp } from "../actions.js";
import { poseOf, unitPolygon } from "../bases.js";
import type { Ctx } from "../context.js";
import { priorityTargets } from "../fire/targets.js";
import { band, exactJudge, type Judge, travelNear } from "../grey-areas.js";
import type { Position, UnitState } from "../position.js";
import { type RuleError, ruleError } from "../rule-error.js";
import { modifiedDie, movementType, typeRules } from "../unit-class.js";
import type { Formation } from "../vocabulary.js";
import { tableRefusal, terrainRefusal, threatOf, threatRefusal, unitRefusal } from "./obstacles.js";
import { type Played, playProgram } from "./program.js";

/**
 * 1.2 Move, the move checker: how much of a rolled unit's program is legal,
 * where it ends, each corner's travel, and the rule that stops the rest.
 * The board calls it on every drag frame and the AI for every candidate;
 * apply calls it with the judge that rolls off.
 *
 * - The allowance is the Dx (with its quality modifier) plus the class
 *   Bonus (1.2 i-iii), the Bonus kept only by a move straight ahead, or by
 *   a column, whose wheels do not lose it (Maneuvering iv).
 * - "No corner exceeding the total distance allowed": the longest corner
 *   travel against the allowance (a wheel's far rear corner on the
 *   diagonal binds).
 * - "Moves that begin and remain over 12" away from all enemy Units may
 *   move double": the start base and every swept region more than 12" from
 *   every enemy base, exactly; asked only when the move needs it.
 * - Foot wheel once, all others twice, columns without limit (Maneuvering
 *   i, iv); road legs are a column following a road, free of terrain's
 *   restrictions (Terrain vi).
 * - The 4" threat zone of every enemy (Interpenetration): no swept region
 *   may meet one, unless the move ends with a new Unit as its Point Blank
 *   target (the exception "target a new Unit with Point Blank Fire": a new
 *   first-priority target at point blank range that was not one before the
 *   move).
 */
export interface MoveCheck {
  readonly legal: boolean;
  /** How many ops, from the first, are legal. */
  readonly legalOps: number;
  /** Where the unit stands after the legal ops. */
  readonly pose: Pose;
  /** Each corner's travel over the legal ops, fl, fr, rl, rr (ticks; floats for arcs). */
  readonly corners: readonly [number, number, number, number];
  /** The longest corner's travel. */
  readonly travel: number;
  /** The allowance without doubling: Dx (modified) plus the Bonus where kept. */
  readonly allowance: number;
  /** The limit applied: the allowance, or double it. */
  readonly limit: number;
  readonly keepsBonus: boolean;
  readonly doubled: boolean;
  /** For a refused last advance: the furthest legal length of it (a drag's clamp). */
  readonly clampTicks?: number;
  readonly error?: RuleError;
}

export interface CheckOptions {
  /** Search the furthest legal length of a refused last advance (default true). */
  readonly clamp?: boolean;
}

const INCH = 6096;

/** Why the unit may not make a move now, if it may not. */
export function moveSequenceRefusal(
  position: Position,
  id: string,
  needsRoll: boolean,
): RuleError | undefined {
  const u = position.units[id];
  if (!u) return ruleError("action/unknown-unit", "1.2 Move", `there is no unit ${id}`);
  if (position.phase !== "actions")
    return ruleError("action/wrong-phase", "Play Sequence", "units move in the Actions phase", { unit: id });
  if (u.side !== position.toMove)
    return ruleError("action/not-your-unit", "Play Sequence", `${id} is not the acting player's`, {
      unit: id,
    });
  if (u.acted === "fired")
    return ruleError("move/fired", "1.1 Fire", `Units that Fire may not move (${id} has fired)`, {
      unit: id,
    });
  if (needsRoll && u.acted === "none")
    return ruleError("move/not-rolled", "1.2 Move", `roll ${id}'s move first: 1Dx plus its Bonus`, {
      unit: id,
    });
  if (u.acted !== (needsRoll ? "rolled" : "none"))
    return ruleError("action/already-acted", "Play Sequence", `${id} has already moved this turn`, {
      unit: id,
    });
  return undefined;
}

/** The allowance before doubling: the rolled Dx with its quality modifier, in inches, plus the Bonus where kept. */
export function allowanceOf(ctx: Ctx, id: string, u: UnitState, keepsBonus: boolean): number {
  const bonus = ctx.rules.data.unitTypes[movementType(ctx, u)].bonus;
  return modifiedDie(ctx, id, u.roll) * INCH + (keepsBonus ? bonus : 0);
}

/**
 * Whether the regions stay more than 12" from every enemy, exactly, and
 * whether the nearest enemy is too close to call (within the band of 12").
 */
export function farFromEnemies(
  ctx: Ctx,
  position: Position,
  id: string,
  regions: readonly (readonly Point[])[],
): { readonly exact: boolean; readonly close: boolean } {
  const u = position.units[id];
  if (!u) return { exact: false, close: false };
  const limit = ctx.rules.data.move.doubleBeyond;
  const b = band(ctx);
  let exact = true;
  let close = false;
  for (const otherId of Object.keys(position.units).sort()) {
    const other = position.units[otherId] as UnitState;
    if (other.side === u.side) continue;
    const enemy = unitPolygon(ctx, other);
    for (const r of regions) {
      if (convexWithin(r, enemy, limit)) exact = false;
      // Nearer than the band: plainly not over 12", whatever else is close.
      if (convexWithin(r, enemy, Math.max(0, limit - b - 1))) return { exact: false, close: false };
      if (b > 0 && convexWithin(r, enemy, limit + b)) close = true;
    }
  }
  return { exact, close };
}

/**
 * The exception "target a new Unit with Point Blank Fire": the move (or
 * Reform, in its new formation) ends with a point blank priority target it
 * did not have.
 */
export function newPointBlankTarget(
  ctx: Ctx,
  position: Position,
  id: string,
  end: Pose,
  formation?: Formation,
): boolean {
  const u = position.units[id];
  if (!u) return false;
  const before = new Set(
    priorityTargets(ctx, position, id, exactJudge)
      .filter((t) => t.band === "point-blank")
      .map((t) => t.id),
  );
  const moved = {
    ...position,
    units: {
      ...position.units,
      [id]: { ...u, x: end.x, y: end.y, facing: end.facing, formation: formation ?? u.formation },
    },
  };
  return priorityTargets(ctx, moved, id, exactJudge).some(
    (t) => t.band === "point-blank" && !before.has(t.id),
  );
}

/** Refusal of the program's shape: road legs off a road, too many wheels. */
function shapeRefusal(
  ctx: Ctx,
  id: string,
  u: UnitState,
  played: Played,
  program: readonly ProgramOp[],
): { op: number; error: RuleError } | undefined {
  if (played.offRoad >= 0)
    return {
      op: played.offRoad,
      error: ruleError("move/off-road", "Terrain vi", `road movement is a column following a road (${id})`, {
        unit: id,
      }),
    };
  if (u.formation !== "column") {
    const limit = typeRules(ctx, u).wheels;
    let seen = 0;
    for (const [i, op] of program.entries()) {
      if (op.op !== "wheel") continue;
      seen++;
      if (seen > limit)
        return {
          op: i,
          error: ruleError(
            "move/wheels",
            "Maneuvering i",
            `Foot may wheel once, all others twice: ${id} may wheel ${limit === 1 ? "once" : `${limit} times`}`,
            { unit: id },
          ),
        };
    }
  }
  return undefined;
}

/** The first op whose path or end is refused, and why; threat zones apart (`threat`: the first op entering one). */
function placeRefusal(
  ctx: Ctx,
  position: Position,
  id: string,
  u: UnitState,
  played: Played,
): { op: number; error: RuleError } | { threat: { op: number; enemy: string } | undefined } {
  let threat: { op: number; enemy: string } | undefined;
  for (const s of played.sweeps) {
    const base = played.bases[s.op] as Point[];
    const last = s.op === played.bases.length - 1;
    const error =
      tableRefusal(ctx, id, base) ??
      unitRefusal(ctx, position, id, s.region, false) ??
      (s.road ? undefined : terrainRefusal(ctx, id, u, s.region)) ??
      (last
        ? (unitRefusal(ctx, position, id, base, true) ??
          (s.road ? undefined : terrainRefusal(ctx, id, u, base)))
        : undefined);
    if (error) return { op: s.op, error };
    if (!threat) {
      const enemy = threatOf(ctx, position, id, s.region);
      if (enemy) threat = { op: s.op, enemy };
    }
  }
  return { threat };
}

function metered(ctx: Ctx, position: Position, id: string, u: UnitState, played: Played, judge: Judge) {
  const keepsBonus = played.straightOnly || u.formation === "column";
  const allowance = allowanceOf(ctx, id, u, keepsBonus);
  const travel = Math.max(...played.corners);
  let limit = allowance;
  let doubled = false;
  if (travel > allowance) {
    const far = farFromEnemies(ctx, position, id, [
      unitPolygon(ctx, u),
      ...played.sweeps.map((s) => s.region),
    ]);
    const isFar = judge.answer({
      key: `double:${id}`,
      text: `does ${id}'s move begin and remain over 12 inches from all enemy Units?`,
      exact: far.exact,
      close: far.close,
      wanted: true,
    });
    if (isFar && travel > allowance) {
      limit = allowance * ctx.rules.data.move.doubleFactor;
      doubled = true;
    }
  }
  const within = judge.answer({
    key: `allowance:${id}:${limit}`,
    text: `is no corner of ${id} over its ${(limit / INCH).toFixed(2)}-inch allowance?`,
    exact: travel <= limit,
    close: travelNear(ctx, travel, limit),
    wanted: true,
  });
  return { keepsBonus, allowance, travel, limit, doubled, within };
}

export function checkMove(
  ctx: Ctx,
  position: Position,
  id: string,
  program: readonly ProgramOp[],
  judge: Judge,
  options: CheckOptions = {},
): MoveCheck {
  const u = position.units[id];
  const start: Pose = u ? poseOf(u) : { x: 0, y: 0, facing: 0 };
  const none = (error: RuleError): MoveCheck => ({
    legal: false,
    legalOps: 0,
    pose: start,
    corners: [0, 0, 0, 0],
    travel: 0,
    allowance: 0,
    limit: 0,
    keepsBonus: false,
    doubled: false,
    error,
  });
  const refused = moveSequenceRefusal(position, id, true);
  if (refused || !u)
    return none(refused ?? ruleError("action/unknown-unit", "1.2 Move", `there is no unit ${id}`));
  if (program.length === 0)
    return none(ruleError("move/empty", "1.2 Move", "a move needs at least one op", { unit: id }));
  const played = playProgram(ctx, u.type, start, u.formation, program);
  const shape = shapeRefusal(ctx, id, u, played, program);
  const place = placeRefusal(ctx, position, id, u, played);
  let stop: { op: number; error: RuleError } | undefined = shape;
  if ("error" in place && (!stop || place.op < stop.op)) stop = place;
  if (!stop && "threat" in place && place.threat && !newPointBlankTarget(ctx, position, id, played.pose))
    stop = { op: place.threat.op, error: threatRefusal(id, place.threat.enemy) };
  if (stop) return prefixCheck(ctx, position, id, u, program, stop, judge, options);
  const m = metered(ctx, position, id, u, played, judge);
  const result: MoveCheck = {
    legal: m.within,
    legalOps: m.within ? program.length : program.length - 1,
    pose: played.pose,
    corners: played.corners,
    travel: m.travel,
    allowance: m.allowance,
    limit: m.limit,
    keepsBonus: m.keepsBonus,
    doubled: m.doubled,
  };
  if (m.within) return result;
  const over = ruleError(
    "move/over-allowance",
    "1.2 Move",
    `no corner may exceed the total distance allowed: a corner of ${id} would travel ${(m.travel / INCH).toFixed(2)}" of ${(m.limit / INCH).toFixed(2)}"`,
    { unit: id },
  );
  return prefixCheck(ctx, position, id, u, program, { op: program.length - 1, error: over }, judge, options);
}

/** A refused program: the legal prefix's pose and metering, the error, and the clamp of a refused last advance. */
function prefixCheck(
  ctx: Ctx,
  position: Position,
  id: string,
  u: UnitState,
  program: readonly ProgramOp[],
  stop: { op: number; error: RuleError },
  judge: Judge,
  options: CheckOptions,
): MoveCheck {
  const prefix = program.slice(0, stop.op);
  const played = playProgram(ctx, u.type, poseOf(u), u.formation, prefix);
  const keepsBonus = played.straightOnly || u.formation === "column";
  const allowance = allowanceOf(ctx, id, u, keepsBonus);
  const op = program[stop.op];
  const lastAdvance = stop.op === program.length - 1 && op !== undefined && op.op !== "wheel";
  const clamp =
    lastAdvance && options.clamp !== false ? clampAdvance(ctx, position, id, program, judge) : undefined;
  return {
    legal: false,
    legalOps: stop.op,
    pose: played.pose,
    corners: played.corners,
    travel: Math.max(...played.corners),
    allowance,
    limit: allowance,
    keepsBonus,
    doubled: false,
    error: stop.error,
    ...(clamp !== undefined ? { clampTicks: clamp } : {}),
  };
}

/** The furthest legal length of the program's last advance, by bisection on whole ticks (exact when legality is monotone). */
function clampAdvance(
  ctx: Ctx,
  position: Position,
  id: string,
  program: readonly ProgramOp[],
  judge: Judge,
): number | undefined {
  const last = program[program.length - 1];
  if (!last || last.op === "wheel") return undefined;
  const head = program.slice(0, -1);
  const ok = (t: number) =>
    checkMove(ctx, position, id, [...head, { ...last, ticks: t }], judge, { clamp: false }).legal;
  let lo = 0;
  let hi = last.ticks;
  if (!ok(1)) return undefined;
  lo = 1;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}
