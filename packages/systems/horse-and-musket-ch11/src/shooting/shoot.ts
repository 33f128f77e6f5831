import { unitPolygon } from "../bases.js";
import type { Ctx } from "../context.js";
import type { Position, UnitState } from "../position.js";
import { type RuleError, ruleError } from "../rule-error.js";
import type { Fraction } from "../rules-data/schema.js";
import { inAllRoundTerrain, inCover } from "../terrain.js";
import type { Area } from "../terrain-areas.js";
import { type Exact, expectation, type HitChance, shootingDistribution } from "./casualties.js";
import { inFieldOfFire } from "./field-of-fire.js";
import { sightBlocker } from "./line-of-sight.js";
import { inRange } from "./range.js";

/**
 * 004 Shooting, the checks before the die: the shooter is the phasing
 * player's, not Cavalry, not in Square, has not moved (004 Movement: Moving
 * and Shooting) nor shot this turn; the target is an enemy unit within the
 * field of fire (all round from a town) and within range; and, under the
 * "simple" reading only, in sight.
 */
export function shotRefusal(
  ctx: Ctx,
  position: Position,
  id: string,
  targetId: string,
): RuleError | undefined {
  const unit = position.units[id];
  const target = position.units[targetId];
  if (!unit) return ruleError("action/unknown-unit", "Shooting", `there is no unit ${id}`, { unit: id });
  if (!target)
    return ruleError("action/unknown-unit", "Shooting", `there is no unit ${targetId}`, {
      unit: id,
      other: targetId,
    });
  if (position.phase !== "shooting")
    return ruleError("action/wrong-phase", "Sequence of Play", "units shoot in the Shooting phase", {
      unit: id,
    });
  if (unit.side !== position.toMove)
    return ruleError("action/not-your-unit", "Sequence of Play", `${id} is not the shooting player's`, {
      unit: id,
    });
  const range = ctx.rules.data.unitTypes[unit.type].range;
  if (range === null)
    return ruleError("shoot/cavalry", "Shooting", `cavalry units do not shoot (${id})`, { unit: id });
  if (unit.formation === "square")
    return ruleError(
      "shoot/square",
      "Square Formation: No Shooting",
      `units in Square may not shoot (${id})`,
      { unit: id },
    );
  if (unit.acted === "moved")
    return ruleError(
      "shoot/moved",
      "Movement: Moving and Shooting",
      `units may not shoot if they have moved during the same turn (${id} moved)`,
      { unit: id },
    );
  if (unit.acted === "shot")
    return ruleError(
      "shoot/already-acted",
      "Shooting: Adjudge Field of Fire",
      `${id} has shot this turn (a single target)`,
      {
        unit: id,
      },
    );
  if (target.side === unit.side)
    return ruleError("shoot/not-enemy", "Shooting", `${targetId} is not an enemy unit`, {
      unit: id,
      other: targetId,
    });
  const allRound = allRoundFireArea(ctx, unit) !== undefined;
  if (!allRound && !inFieldOfFire(ctx, unit, target))
    return ruleError(
      "shoot/field-of-fire",
      "Shooting: Adjudge Field of Fire",
      `units may only shoot at a target within 45º of their frontal facing (${targetId} is outside ${id}'s field of fire)`,
      { unit: id, other: targetId },
    );
  if (!inRange(ctx, unit, target, allRound))
    return ruleError(
      "shoot/out-of-range",
      "Shooting: Measure Range",
      `${targetId} is beyond ${id}'s range of ${range / 6096}"`,
      { unit: id, other: targetId },
    );
  const blocker = sightBlocker(ctx, position, id, targetId);
  if (blocker)
    return ruleError(
      "shoot/line-of-sight",
      "Shooting",
      `${blocker} blocks ${id}'s line of sight to ${targetId}`,
      {
        unit: id,
        other: targetId,
      },
    );
  return undefined;
}

/** 004 Shooting: Units in Towns: the town giving the unit all-round fire, if any. */
export function allRoundFireArea(ctx: Ctx, unit: UnitState): Area | undefined {
  return inAllRoundTerrain(ctx, unit, unitPolygon(unit));
}

/** The wood or town giving the target cover (004 Shooting: Cover), if any. */
export function coverArea(ctx: Ctx, position: Position, targetId: string): Area | undefined {
  const t = position.units[targetId];
  return t ? inCover(ctx, t, unitPolygon(t)) : undefined;
}

/** Whether the target is in cover (004 Shooting: Cover). */
export function targetInCover(ctx: Ctx, position: Position, targetId: string): boolean {
  return coverArea(ctx, position, targetId) !== undefined;
}

/**
 * What turns a shot's die into hits (004 Shooting: Assess Casualties and
 * Cover): the shooter's modifier, the floor, and the target's cover (the
 * fraction and the area giving it, or null). The shot itself, its odds
 * and a board's working all read these.
 */
export interface ShotTerms {
  readonly modifier: number;
  readonly floor: number;
  readonly cover: Fraction | null;
  readonly coverArea?: Area;
}

export function shotTerms(ctx: Ctx, position: Position, id: string, targetId: string): ShotTerms {
  const unit = position.units[id];
  const data = ctx.rules.data;
  const area = coverArea(ctx, position, targetId);
  return {
    modifier: unit ? data.unitTypes[unit.type].shootingModifier : 0,
    floor: data.shooting.floor,
    cover: area ? data.shooting.cover : null,
    ...(area ? { coverArea: area } : {}),
  };
}

/** The hits of a shot over the die's faces. */
export function shotDistribution(ctx: Ctx, position: Position, id: string, targetId: string): HitChance[] {
  const t = shotTerms(ctx, position, id, targetId);
  return shootingDistribution(t.modifier, t.floor, t.cover);
}

/** The expected hits of a shot, as an exact fraction (for an AI or a tooltip). */
export function expectedShotHits(ctx: Ctx, position: Position, id: string, targetId: string): Exact {
  if (!position.units[id]) return { num: 0, den: 1 };
  return expectation(shotDistribution(ctx, position, id, targetId));
}
