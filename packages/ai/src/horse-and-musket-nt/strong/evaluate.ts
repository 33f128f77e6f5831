import type { Pose } from "@tercio/geometry";
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
} from "@tercio/horse-and-musket-nt";
import { aimsOf, likelyTarget, sees } from "../aim.js";
import { chargeChances, chargeOption, longestReach, meanCharge, reachOf } from "../charges.js";
import { routeInches } from "../distance-field.js";
import { atPose, distance, INCH, withUnit } from "../geometry.js";
import { nearestEnemy } from "../goals.js";
import { inZone } from "../objectives.js";
import { unitOf, unitsOf } from "../policy.js";
import { damageWorth, shotFaces } from "../worth.js";
import type { Analysis } from "./analysis.js";

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
};

/** How near an enemy must be for flank protection to count. */
const FLANK_NEAR = 24 * INCH;

export class UnitEvaluator {
  readonly unit: UnitState;
  private readonly shooters: string[];
  private readonly chargers: string[];
  private readonly range: number;

  constructor(
    private readonly ctx: Ctx,
    private readonly position: Position,
    private readonly id: string,
    private readonly an: Analysis,
    private readonly w: Weights,
  ) {
    this.unit = unitOf(position, id);
    const enemies = unitsOf(position, an.enemy);
    this.shooters = enemies.filter((e) => fireValues(ctx, unitOf(position, e)) !== null);
    this.chargers = enemies.filter((e) => charges(ctx, e, unitOf(position, e)));
    this.range = longestRange(ctx, id, this.unit) || 2 * INCH;
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
    let s = this.goalScore(p, me) + this.flankScore(p, me);
    s += this.w.fire * this.nextShot(p, full);
    if (full && charges(this.ctx, this.id, me)) s += this.w.chargeNext * this.nextCharge(p);
    s -= this.w.threat * (this.fireThreat(p, me, full) + (full ? this.chargeThreat(p, me) : 0));
    return s;
  }

  /** The unit's own next shot from the pose, at the enemies where they stand. */
  nextShot(p: Position, full: boolean): number {
    const aim = likelyTarget(this.ctx, p, this.id, full ? "line" : "none", 2);
    if (!aim) return 0;
    const t = unitOf(p, aim.id);
    return damageWorth(this.ctx, aim.id, shotFaces(this.ctx, p, this.id, aim.id, aim.side, aim.band), t.hits);
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
      s += inZone(me, goal.zone) ? w.runIn : -w.runPerInch * an.urgency * routeInches(ctx, goal.zone, me);
    } else if (goal.kind === "hold") {
      const late = an.turnsLeft <= 1 ? 2 : 1;
      s += inZone(me, goal.zone)
        ? w.holdIn * late
        : -w.holdPerInch * an.urgency * routeInches(ctx, goal.zone, me);
    } else {
      const e = nearestEnemy(p, me.side, me);
      const gap = e ? Math.max(0, e.d - this.range * 0.8) / INCH : 0;
      s -= (an.winning ? w.approachWinning : w.approach * an.urgency) * gap;
    }
    for (const zone of an.holds) if (inZone(me, zone)) s += 1;
    return s;
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
