import { type Point, type Pose, segmentWithin, turnBetween } from "@tercio/geometry";
import {
  type Ctx,
  charges,
  exactJudge,
  type Formation,
  fireValues,
  longestRange,
  type Position,
  protector,
  type UnitState,
  unitSize,
} from "@tercio/horse-and-musket-nt";
import { aimsOf, likelyTarget, sees } from "../aim.js";
import { chargeChances, chargeOption, longestReach, meanCharge, reachOf } from "../charges.js";
import { crossingsOfRivers, inApproach, misalignment } from "../crossings.js";
import { routeInches } from "../distance-field.js";
import { atPose, bearing, distance, INCH, withUnit } from "../geometry.js";
import { approachInches, deployed, fireReach, nearestEnemy } from "../goals.js";
import { inZone } from "../objectives.js";
import { unitOf, unitsOf } from "../policy.js";
import { damageWorth, shotFaces } from "../worth.js";
import { type Analysis, blockerOf, closeRange, nearestOf, quarryOf, unitsIn } from "./analysis.js";

/**
 * The worth of one unit standing at a pose through the enemy's next half,
 * in hits (the currency of the dice): what it can deal from there (its next
 * shot at the target 1.1 A gives it, or its charge next half), minus what
 * the enemy can deal it there (each enemy shooter whose priority target it
 * would be, where those shooters stand now, since a unit that moves may not
 * fire; each enemy charger that could reach it, by chargePlan itself), plus
 * the objectives (the zone to reach, the objective to hold, the enemy to
 * close with), flanks protected by a friend's front corner, and, for a
 * damaged unit, standing out of point blank range where it may rally.
 */
export interface Weights {
  /** The unit's next shot from the pose. */
  readonly fire: number;
  /** The enemy's fire and charges against the pose. */
  readonly threat: number;
  /** A charger's charge next half from the pose. */
  readonly chargeNext: number;
  /** Per inch short of its range from the nearest enemy, for a side that must attack. */
  readonly approach: number;
  /** The same for a side winning as things stand. */
  readonly approachWinning: number;
  readonly runPerInch: number;
  readonly runIn: number;
  readonly holdPerInch: number;
  readonly holdIn: number;
  /** Each flank protected (mutual 1" front corners), with enemies near. */
  readonly flank: number;
  /** A rally's hits removed, for a unit that stands to rally. */
  readonly rally: number;
  /** Near a bridge or ford to pass: per inch off its axis beyond what the unit's width leaves free. */
  readonly crossOff: number;
  /** And for the facing turned from square to it (times 1 - cos). */
  readonly crossTurn: number;
  /** A unit not passing it now, per inch inside the way to a bridge or ford its friends must pass (times its goal's inch). */
  readonly crossBlock: number;
  /** A gun in a marching friend's lane, for each lane. */
  readonly lane: number;
  /** Near the enemy it must fire on, per right angle it lies outside the front arc. */
  readonly face: number;
  /** Marching, per right angle its facing is turned from its route ahead. */
  readonly heading: number;
}

export const DEFAULT_WEIGHTS: Weights = {
  fire: 0.7,
  threat: 0.8,
  chargeNext: 0.4,
  approach: 0.35,
  approachWinning: 0.05,
  runPerInch: 1,
  runIn: 25,
  holdPerInch: 0.8,
  holdIn: 12,
  flank: 0.5,
  rally: 1.2,
  crossOff: 0.8,
  crossTurn: 4,
  crossBlock: 1.5,
  lane: 3,
  face: 1,
  heading: 0.5,
};

/**
 * The worth of hits on an enemy unit: more as the side nears its sudden-death
 * count (Analysis.press); and for a side losing as things stand, an enemy
 * standing in an objective it must take is worth twice the hits: while it
 * stands there the objective is not held.
 */
export function targetFactor(an: Analysis, target: UnitState): number {
  if (target.side === an.side) return 1;
  if (an.winning) return an.press;
  return an.press * (an.holds.some((zone) => inZone(target, zone)) ? 2 : 1);
}

/** How far before (and beyond) a crossing its way is kept clear. */
const APPROACH = 10 * INCH;

/** How far beyond its reach an enemy it must fire on makes a unit turn to face it. */
const FACE_NEAR = 4 * INCH;

/** How near its lane's end a marching unit no longer minds its heading. */
const HEADING_NEAR = 3 * INCH;

/** Half the front arc (centidegrees): an enemy within it needs no turn. */
const ARC_HALF = 4500;

/** How near an enemy must be for flank protection to count. */
const FLANK_NEAR = 24 * INCH;

export class UnitEvaluator {
  readonly unit: UnitState;
  private readonly shooters: string[];
  private readonly chargers: string[];
  /** The range it fires to once deployed (the same at every pose and formation it is scored in). */
  private reach: number | undefined;

  constructor(
    private readonly ctx: Ctx,
    private readonly position: Position,
    private readonly id: string,
    readonly an: Analysis,
    private readonly w: Weights,
  ) {
    this.unit = unitOf(position, id);
    const enemies = unitsOf(position, an.enemy);
    this.shooters = enemies.filter((e) => fireValues(ctx, unitOf(position, e)) !== null);
    this.chargers = enemies.filter((e) => charges(ctx, e, unitOf(position, e)));
  }

  /** The position with the unit at the pose (in another formation after a reform). */
  placed(pose: Pose, formation?: Formation): Position {
    const u = atPose(this.unit, pose);
    return withUnit(this.position, this.id, formation ? { ...u, formation } : u);
  }

  /** The score of the unit at the pose; without `full`, sight lines and charge plans are left out (a cheap first pass). */
  value(pose: Pose, full: boolean, formation?: Formation): number {
    const p = this.placed(pose, formation);
    const me = p.units[this.id] as UnitState;
    let s =
      this.goalScore(p, me) +
      this.flankScore(p, me) -
      this.crossingCost(pose, me) -
      this.laneCost(pose, me) -
      this.headingCost(pose, me);
    s += this.w.fire * this.nextShot(p, full);
    if (full && charges(this.ctx, this.id, me)) s += this.w.chargeNext * this.an.press * this.nextCharge(p);
    s -=
      this.w.threat *
      this.an.exposure *
      (this.fireThreat(p, me, full) + (full ? this.chargeThreat(p, me) : 0));
    return s;
  }

  /** The unit's own next shot from the pose, at the enemies where they stand. */
  nextShot(p: Position, full: boolean): number {
    const aim = likelyTarget(this.ctx, p, this.id, full ? "line" : "none", 2);
    if (!aim) return 0;
    const t = unitOf(p, aim.id);
    const worth = damageWorth(
      this.ctx,
      aim.id,
      shotFaces(this.ctx, p, this.id, aim.id, aim.side, aim.band),
      t.hits,
    );
    return worth * targetFactor(this.an, t);
  }

  /** A charger's best charge next half from the pose (chances over the die's faces). */
  nextCharge(p: Position): number {
    const fresh = withUnit(p, this.id, { ...(p.units[this.id] as UnitState), acted: "none", roll: 0 });
    return meanCharge(chargeChances(this.ctx, fresh, this.id));
  }

  /** The worth of the enemy shooters' fire that would fall on the unit at the pose. */
  fireThreat(p: Position, me: UnitState, full: boolean): number {
    let s = 0;
    for (const e of this.shooters) {
      const shooter = unitOf(p, e);
      if (distance(shooter, me) > longestRange(this.ctx, e, shooter) + 8 * INCH) continue;
      let tries = 0;
      for (const aim of aimsOf(this.ctx, p, e)) {
        if (full && !sees(this.ctx, p, e, aim, "line")) {
          if (++tries >= 3) break;
          continue;
        }
        if (aim.id === this.id)
          s += damageWorth(
            this.ctx,
            this.id,
            shotFaces(this.ctx, p, e, this.id, aim.side, aim.band),
            me.hits,
          );
        break;
      }
    }
    return s;
  }

  /** The worth of the enemy charges that could reach the unit at the pose next half. */
  chargeThreat(p: Position, me: UnitState): number {
    let s = 0;
    for (const c of this.chargers) {
      const cu = unitOf(p, c);
      if (distance(cu, me) > longestReach(this.ctx, c, cu) + 8 * INCH) continue;
      const top = Math.max(...this.ctx.die.faces);
      const view: Position = {
        ...p,
        toMove: this.an.enemy,
        phase: "actions",
        contacts: [],
        units: { ...p.units, [c]: { ...cu, acted: "rolled", roll: top } },
      };
      const o = chargeOption(this.ctx, view, c, this.id, exactJudge);
      if (!o) continue;
      let reached = 0;
      for (const face of this.ctx.die.faces) {
        const r = reachOf(this.ctx, c, cu, face);
        if (o.plan.d2 <= r * r) reached++;
      }
      s += (reached / this.ctx.die.faces.length) * o.worth;
    }
    return s;
  }

  goalScore(p: Position, me: UnitState): number {
    const { ctx, an, w } = this;
    const goal = an.goals.get(this.id) ?? { kind: "enemy" as const };
    let s = 0;
    if (goal.kind === "reach") {
      s += inZone(me, goal.zone) ? w.runIn : -w.runPerInch * this.urgency() * routeInches(ctx, goal.zone, me);
    } else if (goal.kind === "hold") {
      const late = an.turnsLeft <= 1 ? 2 : 1;
      // The enemy in the way beyond its crossing first; else the enemy units in it at the start
      // of the half, those still on the table.
      const near =
        blockerOf(an, p, this.id) ??
        (an.winning ? undefined : nearestOf(unitsIn(p, an.occupants[an.holds.indexOf(goal.zone)] ?? []), me));
      if (near) {
        // Held by the enemy: standing in it wins nothing while they are there; close on the
        // nearest of them to effective range (a charger: to its reach), and face it.
        const reach = closeRange(ctx, me);
        s -= w.holdPerInch * this.urgency() * approachInches(ctx, me, near, reach);
        s -= this.facingCost(me, near, reach);
      } else
        s += inZone(me, goal.zone)
          ? w.holdIn * late
          : -w.holdPerInch * this.urgency() * routeInches(ctx, goal.zone, me);
    } else {
      // Along the route (a river is crossed at its bridges and fords), not as the crow flies.
      const q = quarryOf(ctx, an, p, this.id, me);
      s -= (an.waits ? w.approachWinning : w.approach * this.urgency()) * this.approachGap(p, me, q);
      if (q) s -= this.facingCost(me, q.u, q.reach);
    }
    // Any unit in an objective; for a side losing as things stand, in the last two turns, as much
    // as a holder's (standing there may be the win).
    const inObjective = !an.winning && an.turnsLeft <= 1 ? w.holdIn : 1;
    for (const zone of an.holds) if (inZone(me, zone)) s += inObjective;
    return s;
  }

  /**
   * A shooter near its reach of the enemy it must fire on, turned away from it: for each right
   * angle the enemy lies outside its front arc's 45 degrees (a foot unit wheels once a move, so
   * a target off to the side is brought round over moves, each wheel scored).
   */
  facingCost(me: UnitState, target: Point, reach: number): number {
    if (!fireValues(this.ctx, deployed(me))) return 0;
    if (distance(me, target) > reach + FACE_NEAR) return 0;
    const toward = bearing(me, target);
    if (toward === null) return 0;
    const off = Math.abs(turnBetween(me.facing, toward)) - ARC_HALF;
    return off > 0 ? (this.w.face * off) / 9000 : 0;
  }

  /** How far (inches, along its route) the unit stands from its range of the enemy it marches on. */
  approachGap(p: Position, me: UnitState, q = quarryOf(this.ctx, this.an, p, this.id, me)): number {
    return q ? approachInches(this.ctx, me, q.u, q.reach) : 0;
  }

  /**
   * How much the unit's goal presses: the side's urgency, and for the first in a crossing's
   * queue once more for each unit waiting behind it (its progress is theirs too).
   */
  urgency(): number {
    return this.an.urgency * (1 + (this.an.queued.get(this.id) ?? 0));
  }

  /** What an inch nearer its goal is worth to the unit (its goal's weight per inch). */
  inchWorth(): number {
    const goal = this.an.goals.get(this.id);
    if (goal?.kind === "reach") return this.w.runPerInch * this.urgency();
    if (goal?.kind === "hold") return this.w.holdPerInch * this.urgency();
    return this.an.waits ? this.w.approachWinning : this.w.approach * this.urgency();
  }

  /**
   * A pose before a bridge or ford: the unit whose turn it is to pass pays for standing off its
   * axis or turned from square to it; those queued behind it, for each inch nearer the crossing
   * than their place behind it; the others (guns, units with no crossing to pass) for each inch
   * they stand inside the ground before and beyond a crossing that must be kept clear. Each inch
   * costs more than an inch of the unit's goal is worth, so the queue waits its turn and the
   * way stays free.
   */
  crossingCost(pose: Pose, me: UnitState): number {
    const ahead = this.an.crossings.get(this.id);
    const size = unitSize(this.ctx, me);
    if (ahead && me.type !== "artillery") {
      const keep = this.an.behind.get(this.id);
      if (keep !== undefined) {
        // Queued: behind the first, never nearer the crossing than it by a column's length.
        const short = keep - distance(pose, ahead.crossing.mid);
        return short > 0 ? (short / INCH) * this.w.crossBlock * Math.max(1, this.inchWorth()) : 0;
      }
      const { mid } = ahead.crossing;
      const along = (pose.x - mid.x) * ahead.over.x + (pose.y - mid.y) * ahead.over.y;
      // Past it once the rear is over.
      if (along > size.depth / 2) return 0;
      const m = misalignment(ahead, pose, size);
      return m.near * (this.w.crossOff * m.off + this.w.crossTurn * m.turn);
    }
    if (this.an.crossers === 0) return 0;
    let inside = 0;
    for (const c of crossingsOfRivers(this.ctx))
      inside = Math.max(inside, inApproach(c, pose, size.frontage, APPROACH));
    return inside * this.w.crossBlock * Math.max(1, this.inchWorth());
  }

  /**
   * A unit marching, not yet near the enemy, turned from its route ahead (its lane's end): it
   * ends its move facing the way it goes on, so its next move needs no wheel (a column that ends
   * facing a marsh's edge with friends beside it cannot wheel at all).
   */
  headingCost(pose: Pose, me: UnitState): number {
    const lane = this.an.lanes.get(this.id);
    if (!lane || distance(pose, lane.to) < HEADING_NEAR) return 0;
    const e = nearestEnemy(this.position, me.side, pose);
    this.reach ??= fireReach(this.ctx, this.id, me);
    if (e && e.d < this.reach + FACE_NEAR) return 0;
    const toward = bearing(pose, lane.to);
    if (toward === null) return 0;
    return (this.w.heading * Math.abs(turnBetween(pose.facing, toward))) / 9000;
  }

  /** A gun standing in a marching friend's way (its next two moves down its route): guns stand and fire, so they keep out of the lanes. */
  laneCost(pose: Pose, me: UnitState): number {
    if (me.type !== "artillery") return 0;
    const mine = unitSize(this.ctx, me).frontage / 2;
    let n = 0;
    for (const [id, lane] of this.an.lanes)
      if (id !== this.id && segmentWithin(pose, lane.from, lane.to, lane.half + mine)) n++;
    return this.w.lane * n;
  }

  flankScore(p: Position, me: UnitState): number {
    const e = nearestEnemy(p, me.side, me);
    if (!e || e.d > FLANK_NEAR) return 0;
    let n = 0;
    for (const flank of ["left", "right"] as const)
      if (protector(this.ctx, p, this.id, flank, exactJudge)) n++;
    return this.w.flank * n;
  }
}
