import { ceilDistance, onLattice, type Point, type Polygon, roundedPoint } from "@tercio/geometry";
import type { Ctx } from "../context.js";
import type { Readings } from "../options.js";
import type { Position } from "../position.js";
import type { RuleError } from "../rule-error.js";
import { type Exact, expectation, type HitChance } from "../shooting/casualties.js";
import { fireArc } from "../shooting/field-of-fire.js";
import { sightLine } from "../shooting/line-of-sight.js";
import { inRange, type RangeMeasure, rangeMeasure, rangeOf } from "../shooting/range.js";
import { allRoundFireArea, shotDistribution, shotRefusal, shotTerms } from "../shooting/shoot.js";
import { inchesWords } from "./inches.js";
import { type AreaRef, areaRef } from "./types.js";

/**
 * Every measurement a shot makes (004 Shooting), from the functions the
 * rule itself calls: the refusal is shotRefusal's; the arc is fireArc's
 * polygon, the one inFieldOfFire tests; the range points are the exact
 * nearest pair rangeMeasure finds and inRange decides on; the line is
 * sightLine's; the die's terms are shotTerms', the ones the shot rolls
 * with. Everything is computed even when an earlier check refuses the
 * shot, so a board can show why (out of arc, and also 14.2" away).
 */
export interface RangeWorking {
  readonly rule: "Shooting: Measure Range";
  /** The rangeFrom reading in force. */
  readonly reading: Readings["rangeFrom"];
  readonly fromPart: RangeMeasure["fromPart"];
  readonly toPart: RangeMeasure["toPart"];
  /** The parts measured between, as polygons (a front edge is two points, a centre one). */
  readonly fromShape: Polygon;
  readonly toShape: Polygon;
  /** The nearest points of the two parts, on the shooter's part and on the target's, rounded to the tick. */
  readonly from: Point;
  readonly to: Point;
  /** Whether from and to ARE the exact nearest points (else each coordinate is within half a tick of them). */
  readonly exact: boolean;
  /** The exact distance rounded up to a whole tick: ticks <= limit exactly when the rule finds it in range. */
  readonly ticks: number;
  /** The distance in words, hundredths of an inch rounded up ("7.5 inches"). */
  readonly text: string;
  /** The shooter's range in ticks (null: a type that does not shoot). */
  readonly limit: number | null;
  readonly inRange: boolean;
}

export interface SightWorking {
  /** The text has no line-of-sight rule: the "simple" reading adds one; refusals cite "Shooting". */
  readonly rule: "Shooting";
  readonly from: Point;
  readonly to: Point;
  readonly blocker?: {
    readonly kind: "unit" | "terrain";
    readonly id: string;
    readonly name: string;
    readonly polygon: Polygon;
  };
}

export interface Modifier {
  readonly value: number;
  readonly rule: string;
  readonly text: string;
}

export interface CoverWorking {
  readonly rule: "Shooting: Cover";
  /** The share of the hits the target suffers (½). */
  readonly fraction: Exact;
  readonly rounding: string;
  /** The wood or town giving it, found by the inTerrainBy reading. */
  readonly area: AreaRef;
  readonly reading: Readings["inTerrainBy"];
}

export interface ShotWorking {
  readonly shooter: string;
  readonly target: string;
  /** What shotRefusal says (absent: the shot may be made now). */
  readonly refusal?: RuleError;
  /** 004 Shooting: Adjudge Field of Fire: the arc the target's base is tested against (the fieldOfFire reading). */
  readonly fieldOfFire: Polygon;
  readonly fieldOfFireReading: Readings["fieldOfFire"];
  /** 004 Shooting: Units in Towns: all-round fire (the arc is then not required). */
  readonly allRound: boolean;
  readonly allRoundArea?: AreaRef;
  /** The target's base is within the arc (the fireOnRay reading settles a touch of its edge). */
  readonly inArc: boolean;
  readonly range: RangeWorking;
  /** Only under the lineOfSight reading "simple". */
  readonly lineOfSight?: SightWorking;
  /** 004 Shooting: Assess Casualties: what is added to the die (Skirmishers and Artillery −2); empty for none. */
  readonly modifiers: readonly Modifier[];
  /** The least a shot inflicts after its modifiers (designed: never negative hits). */
  readonly floor: number;
  readonly cover: CoverWorking | null;
  /** The hits over the die's faces; the chances sum to 1. */
  readonly distribution: readonly HitChance[];
  /** Their mean, exactly: expectedShotHits. */
  readonly expected: Exact;
}

/** The working of a shot, or undefined when either unit does not exist (shotRefusal: action/unknown-unit). */
export function shotWorking(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  targetId: string,
): ShotWorking | undefined {
  const shooter = position.units[shooterId];
  const target = position.units[targetId];
  if (!shooter || !target) return undefined;
  const refusal = shotRefusal(ctx, position, shooterId, targetId);
  const town = allRoundFireArea(ctx, shooter);
  const allRound = town !== undefined;
  const arc = fireArc(ctx, shooter, target);
  const measure = rangeMeasure(ctx, shooter, target, allRound);
  const n = measure.nearest;
  const ticks = ceilDistance(n.squared);
  const sight = sightLine(ctx, position, shooterId, targetId);
  const terms = shotTerms(ctx, position, shooterId, targetId);
  const distribution = shotDistribution(ctx, position, shooterId, targetId);
  const typeName = ctx.rules.data.unitTypes[shooter.type].name;
  return {
    shooter: shooterId,
    target: targetId,
    ...(refusal ? { refusal } : {}),
    fieldOfFire: arc.polygon,
    fieldOfFireReading: ctx.options.fieldOfFire,
    allRound,
    ...(town ? { allRoundArea: areaRef(town) } : {}),
    inArc: arc.within,
    range: {
      rule: "Shooting: Measure Range",
      reading: ctx.options.rangeFrom,
      fromPart: measure.fromPart,
      toPart: measure.toPart,
      fromShape: measure.from,
      toShape: measure.to,
      from: roundedPoint(n.onA),
      to: roundedPoint(n.onB),
      exact: onLattice(n.onA) && onLattice(n.onB),
      ticks,
      text: inchesWords(ticks),
      limit: rangeOf(ctx, shooter),
      inRange: inRange(ctx, shooter, target, allRound),
    },
    ...(sight
      ? {
          lineOfSight: {
            rule: "Shooting" as const,
            from: sight.from,
            to: sight.to,
            ...(sight.blocker ? { blocker: sight.blocker } : {}),
          },
        }
      : {}),
    modifiers:
      terms.modifier === 0
        ? []
        : [
            {
              value: terms.modifier,
              rule: "Shooting: Assess Casualties",
              text: `${typeName}: the score is ${terms.modifier < 0 ? "reduced" : "increased"} by ${Math.abs(terms.modifier)}`,
            },
          ],
    floor: terms.floor,
    cover:
      terms.cover && terms.coverArea
        ? {
            rule: "Shooting: Cover",
            fraction: { num: terms.cover.num, den: terms.cover.den },
            rounding: "any fractions are rounded in favour of the unit shooting (up)",
            area: areaRef(terms.coverArea),
            reading: ctx.options.inTerrainBy,
          }
        : null,
    distribution,
    expected: expectation(distribution),
  };
}
