import {
  type Point,
  type Pose,
  pointConvexWithin,
  scaledDirection,
  segmentWithin,
  TICKS_PER_INCH,
} from "@tercio/geometry";
import {
  type Action,
  aimTurn,
  type Ctx,
  chargePath,
  checkMove,
  type Position,
  type ProgramOp,
  shotRefusal,
  type UnitState,
} from "@tercio/horse-and-musket-ch11";
import { fieldFor } from "../distance-field.js";
import { candidateMoves } from "../moves.js";
import { distance, inZone } from "../objectives.js";
import { unitOf, unitsOf } from "../policy.js";
import {
  type Arc,
  arcCovers,
  arcOf,
  atPose,
  chargeFaces,
  damageWorth,
  hypotheticalCharge,
  shotFaces,
} from "../worth.js";
import type { Analysis } from "./analysis.js";
import { type Load, myNextView, shooterLoads, threatAt } from "./threat.js";

/**
 * One unit's options in the Movement phase, each scored in hits (the
 * currency of the tables): stand (and shoot this turn), charge (each legal
 * target and turn, chargePath's contact and side), or move (the checked
 * candidates). A score adds the exact worth dealt now (shot or charge,
 * kill chance included), the worth it could deal next turn from the pose
 * (targets in its field of fire and range, or in charge reach), the
 * objectives (runners towards the zone they win by reaching, occupiers onto
 * an area held at the end) and a pull towards the enemy for a side that
 * must win; and it subtracts the threat map's worth against the pose.
 */
const INCH = TICKS_PER_INCH;

export interface Weights {
  readonly future: number;
  readonly futureCharge: number;
  readonly threat: number;
  readonly approach: number;
  readonly runnerPerInch: number;
  /** Runners beyond the count a zone to reach needs. */
  readonly reserveRunners: number;
  /** The threat's weight on a runner, relative to the others'. */
  readonly runnerThreat: number;
  readonly runnerIn: number;
  readonly occupierPerInch: number;
  readonly occupierIn: number;
}

export const DEFAULT_WEIGHTS: Weights = {
  future: 0.5,
  futureCharge: 0.4,
  threat: 0.9,
  approach: 0.25,
  runnerPerInch: 1.2,
  runnerThreat: 0.6,
  reserveRunners: 1,
  runnerIn: 25,
  occupierPerInch: 0.6,
  occupierIn: 12,
};

export interface UnitOption {
  /** Undefined: the unit stands. */
  readonly action?: Action;
  readonly score: number;
}

function shooterOf(ctx: Ctx, u: UnitState): boolean {
  return ctx.rules.data.unitTypes[u.type].range !== null;
}

/** The best worth of a shot from the unit as it stands now (this turn's Shooting phase), exactly. */
export function bestShotNow(ctx: Ctx, position: Position, id: string, an: Analysis): number {
  const u = unitOf(position, id);
  if (!shooterOf(ctx, u)) return 0;
  const view: Position = { ...position, phase: "shooting" };
  let best = 0;
  for (const t of unitsOf(position, an.enemy)) {
    if (shotRefusal(ctx, view, id, t)) continue;
    const target = unitOf(position, t);
    best = Math.max(
      best,
      damageWorth(ctx, shotFaces(ctx, u, target), target.hits) * (an.priority.get(t) ?? 1),
    );
  }
  return best;
}

/** The best worth of a shot next turn from the pose, at the enemies where they stand. */
function futureShot(ctx: Ctx, position: Position, me: UnitState, an: Analysis): number {
  const range = ctx.rules.data.unitTypes[me.type].range;
  if (range === null) return 0;
  let best = 0;
  let arc: Arc | null | undefined;
  for (const t of unitsOf(position, an.enemy)) {
    const target = unitOf(position, t);
    if (distance(me, target) > range + 8 * INCH) continue;
    arc ??= arcOf(ctx, me);
    if (!arc || !arcCovers(ctx, arc, target)) continue;
    best = Math.max(
      best,
      damageWorth(ctx, shotFaces(ctx, me, target), target.hits) * (an.priority.get(t) ?? 1),
    );
  }
  return best;
}

/** The best charge the cavalry could make next turn from the pose, at the enemies where they stand. */
function futureCharge(ctx: Ctx, position: Position, id: string, pose: Pose, an: Analysis): number {
  const me = atPose(unitOf(position, id), pose);
  const reach = ctx.rules.data.unitTypes[me.type].allowance + 2 * (me.frontage + me.depth);
  let best = 0;
  let view: Position | undefined;
  for (const t of unitsOf(position, an.enemy)) {
    const target = unitOf(position, t);
    if (distance(me, target) > reach) continue;
    view ??= myNextView(position, id, pose);
    const aim = aimTurn(me, me.facing, target, ctx.rules.data.chargeTurnLimit);
    for (const turn of aim === null || aim === 0 ? [0] : [aim, 0]) {
      const path = hypotheticalCharge(ctx, view, id, id, t, turn);
      if (!path?.ok) continue;
      const worth = damageWorth(ctx, chargeFaces(ctx, target, path.value.side), target.hits);
      best = Math.max(best, worth * (an.priority.get(t) ?? 1));
      break;
    }
  }
  return best;
}

function nearestEnemyDistance(position: Position, me: Point, an: Analysis): number {
  let best = Number.POSITIVE_INFINITY;
  for (const t of unitsOf(position, an.enemy)) best = Math.min(best, distance(me, unitOf(position, t)));
  return best;
}

/** What a unit left unable to turn costs (against a river or a wood, it never moves again). */
const STUCK = 40;

/** How many of the cheaply best candidates are scored in full. */
const FULL_PASS = 12;

const ESCAPES: ProgramOp[][] = [
  [{ op: "pivot", cdeg: 4500 }],
  [{ op: "pivot", cdeg: -4500 }],
  [{ op: "pivot", cdeg: 9000 }],
  [{ op: "pivot", cdeg: -9000 }],
  [{ op: "pivot", cdeg: 18000 }],
];

const NEAR = 4 * INCH;

/** Whether the point is within 4" of a river away from its crossings, a wood or impassable ground. */
export function nearObstacle(ctx: Ctx, p: Point): boolean {
  for (const a of ctx.terrain.areas)
    if (a.kind !== "hill" && a.kind !== "town" && pointConvexWithin(p, a.polygon, NEAR)) return true;
  for (const r of ctx.terrain.rivers)
    for (let i = 0; i + 1 < r.line.length; i++)
      if (segmentWithin(p, r.line[i] as Point, r.line[i + 1] as Point, NEAR)) return true;
  return false;
}

/**
 * Whether a unit at the pose could not turn next turn (every pivot refused): a base
 * against a river or a wood can then only go on into it, and so never moves again.
 */
export function stuckAt(ctx: Ctx, position: Position, id: string, pose: Pose): boolean {
  const u = unitOf(position, id);
  const view: Position = {
    ...position,
    units: { ...position.units, [id]: { ...atPose(u, pose), acted: "none" } },
  };
  return !ESCAPES.some((program) => checkMove(ctx, view, id, program, { clamp: false }).legal);
}

export class UnitScorer {
  private readonly loads: Map<string, Load>;
  private readonly unit: UnitState;
  private readonly reach: number;
  private readonly urgency: number;

  constructor(
    private readonly ctx: Ctx,
    private readonly position: Position,
    private readonly id: string,
    private readonly an: Analysis,
    private readonly w: Weights,
  ) {
    this.loads = shooterLoads(ctx, position, an.side, an.enemy, id);
    this.unit = unitOf(position, id);
    const type = ctx.rules.data.unitTypes[this.unit.type];
    this.reach = type.range ?? type.allowance;
    // A runner that needs most of the turns left to get there hurries.
    const runner = an.runners.get(id);
    const needed = runner ? fieldFor(ctx, runner, this.unit).at(this.unit) / (type.allowance / INCH) : 0;
    this.urgency = 1 + Math.min(2, Math.max(0, needed + 1 - an.turnsLeft / 2));
  }

  /**
   * The score of the unit standing at the pose through the enemy's turn, plus `now`;
   * without `full`, the charge paths (the enemy's into the pose, mine out of it next
   * turn) are left out: the cheap first pass over the candidates.
   */
  scoreAt(pose: Pose, now: number, full = true): number {
    const { ctx, position, id, an, w } = this;
    const me = atPose(this.unit, pose);
    let s = now;
    const t = threatAt(ctx, position, id, pose, an.enemy, this.loads, full);
    s -= w.threat * (an.runners.has(id) ? w.runnerThreat : 1) * (t.shots + t.charge);
    if (shooterOf(ctx, me)) s += w.future * futureShot(ctx, position, me, an);
    else if (full && ctx.rules.data.unitTypes[me.type].canCharge)
      s += w.futureCharge * futureCharge(ctx, position, id, pose, an);
    const runner = an.runners.get(id);
    const occupied = an.occupiers.get(id);
    if (runner) {
      s += inZone(pose, runner)
        ? w.runnerIn
        : -w.runnerPerInch * this.urgency * fieldFor(ctx, runner, me).at(pose);
    } else if (occupied) {
      const late = an.turnsLeft <= 2 ? 2 : 1;
      s += inZone(pose, occupied)
        ? w.occupierIn * late
        : -w.occupierPerInch * late * fieldFor(ctx, occupied, me).at(pose);
    } else {
      const gap = Math.max(0, nearestEnemyDistance(position, pose, an) - this.reach * 0.8) / INCH;
      s -= (an.defending ? w.approach / 6 : w.approach) * gap;
    }
    for (const zone of an.holds) if (inZone(pose, zone)) s += 1;
    return s;
  }
}

/** The unit's best option in the position (the simulation of the plan so far). */
export function bestOption(
  ctx: Ctx,
  position: Position,
  id: string,
  an: Analysis,
  w: Weights = DEFAULT_WEIGHTS,
): UnitOption {
  const u = unitOf(position, id);
  const scorer = new UnitScorer(ctx, position, id, an, w);
  const here: Pose = { x: u.x, y: u.y, facing: u.facing };
  let best: UnitOption = { score: scorer.scoreAt(here, bestShotNow(ctx, position, id, an)) };
  if (u.formation === "square") return best;
  const type = ctx.rules.data.unitTypes[u.type];
  const enemies = unitsOf(position, an.enemy)
    .map((e) => ({ id: e, u: unitOf(position, e) }))
    .sort((a, b) => distance(u, a.u) - distance(u, b.u));
  if (type.canCharge && u.acted === "none") {
    const reach = type.allowance + 2 * (u.frontage + u.depth);
    for (const e of enemies) {
      if (distance(u, e.u) > reach) break;
      const aim = aimTurn(u, u.facing, e.u, ctx.rules.data.chargeTurnLimit);
      for (const turn of aim === null || aim === 0 ? [0] : [aim, 0]) {
        const path = chargePath(ctx, position, id, e.id, turn);
        if (!path.ok) continue;
        const faces = chargeFaces(ctx, e.u, path.value.side);
        const worth = damageWorth(ctx, faces, e.u.hits) * (an.priority.get(e.id) ?? 1);
        const back = scaledDirection(path.value.pose.facing, -ctx.rules.data.retreat);
        const after: Pose = {
          ...path.value.pose,
          x: path.value.pose.x + back.x,
          y: path.value.pose.y + back.y,
        };
        const score = scorer.scoreAt(after, worth);
        if (score > best.score)
          best = {
            score,
            action:
              turn === 0
                ? { type: "charge", unit: id, target: e.id }
                : { type: "charge", unit: id, target: e.id, turn },
          };
        break;
      }
    }
  }
  const aims: Point[] = enemies.slice(0, 2).map((e) => e.u);
  const faces: Point[] = enemies.slice(0, 1).map((e) => e.u);
  const goal = an.runners.get(id) ?? an.occupiers.get(id);
  if (goal) {
    const field = fieldFor(ctx, goal, u);
    const steps = Math.ceil(type.allowance / INCH);
    aims.unshift(field.towards(u, steps), field.towards(u, Math.ceil(steps / 2)));
    if (an.runners.has(id)) faces.unshift(field.towards(u, 2 * steps));
  }
  // Two passes: every candidate without the charge paths, then the best few in full.
  const cheap = candidateMoves(ctx, position, id, { aims, faces, fractions: [1, 1 / 2] }).map((c) => ({
    c,
    score: scorer.scoreAt(c.pose, 0, false),
  }));
  cheap.sort((a, b) => b.score - a.score);
  for (const { c } of cheap.slice(0, FULL_PASS)) {
    let score = scorer.scoreAt(c.pose, 0);
    if (score > best.score && nearObstacle(ctx, c.pose) && stuckAt(ctx, position, id, c.pose)) score -= STUCK;
    if (score > best.score) best = { score, action: { type: "move", unit: id, program: c.program } };
  }
  return best;
}
