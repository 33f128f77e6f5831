import { err, ok, type Result } from "@tercio/core";
import { ticksToInches } from "@tercio/geometry";
import { fraction, ONE, times } from "./fraction.js";
import type { Strike } from "./lethality.js";
import { type RuleError, ruleError } from "./rule-error.js";
import type { RulesData } from "./rules-data/schema.js";
import type { Gun, MissileWeapon, RangeBand, UnitClass } from "./vocabulary.js";

/**
 * Firearms, Bows & Crossbows, Artillery and Firepower modifiers: the strike
 * a unit or a gun makes when it fires, before the d10 is rolled (the d10
 * is the Strike's own, `lethality` reads it). Each modifier names the
 * paragraph that gives it.
 */

/** A unit firing small arms or bows. */
export interface Firers {
  readonly weapon: MissileWeapon;
  readonly unitClass: UnitClass;
  /** The figures that fire (`firingFigures`, or the skirmish stands in range). */
  readonly figures: number;
  /** Formed (in ranks) or in skirmish order. */
  readonly order: "formed" | "skirmish";
  readonly moving: boolean;
  readonly disordered: boolean;
  /** Formations: "forced into a friendly unit ... none of the units may fire." */
  readonly muddled?: boolean;
  /** Firearms: "Swedes in the mid-17th century 2(AV+2)". */
  readonly swedish?: boolean;
  /** Firearms: still reloading (a URT not yet taken without moving). */
  readonly reloading?: boolean;
}

export interface Target {
  /** Firepower modifiers: at the flank or rear of infantry or cavalry (enfilade). */
  readonly enfiladed: boolean;
  /**
   * How far it is, squared, in ticks² (the kernel's exact distances): from
   * the firers, or from the gun's axle (Artillery). Ranges compare d² with
   * r², exactly and inclusively.
   */
  readonly d2: number;
}

type Modifier = Strike["modifiers"][number];

/** Firearms: the musketeers' weapons, which fire the stationary 1.5(AV+2). */
const MUSKETS: ReadonlySet<MissileWeapon> = new Set(["musket", "arquebus"]);
const BOWS: ReadonlySet<MissileWeapon> = new Set([
  "longbow",
  "light-bow",
  "horse-bow",
  "crossbow",
  "heavy-crossbow",
]);
/** Horsemen's weapons: cavalry do not enfilade (Firepower modifiers: "Formed infantry and artillery"). */
const MOUNTED: ReadonlySet<MissileWeapon> = new Set(["pistol", "carbine", "horse-bow"]);

/** The strike of a unit firing at `target`, or why it may not fire. */
export function missileStrike(
  rules: RulesData,
  firers: Firers,
  target: Target,
  d10: number,
  unit?: string,
): Result<Strike, RuleError> {
  if (firers.muddled)
    return err(ruleError("fire/muddled", "Formations", "a muddled unit may not fire", unit));
  if (firers.reloading)
    return err(
      ruleError("fire/reloading", "Firearms", `it must take its URT without moving to reload first`, unit),
    );
  const range = rules.smallArms[firers.weapon];
  if (target.d2 > range * range)
    return err(
      ruleError(
        "fire/out-of-range",
        "Firearms",
        `a ${firers.weapon} reaches ${ticksToInches(range)}", the target is farther`,
        unit,
      ),
    );
  const modifiers: Modifier[] = [];
  let multiplier = ONE;
  // Disordered infantry "gets no tactical advantages for firing": no multiplier, no enfilade.
  const tactical = firers.order === "formed" && !firers.disordered;
  if (firers.disordered) modifiers.push({ value: rules.meleeModifiers.disordered, rule: "001 Formations" });
  if (firers.moving) {
    // Asian Horse Archers "may fire from horseback while moving with their full LF".
    if (firers.weapon === "handgun")
      modifiers.push({ value: rules.fire.handgunMoving, rule: "001 Firearms" });
    else if (firers.weapon !== "horse-bow")
      modifiers.push({
        value: rules.fire.moving,
        rule: BOWS.has(firers.weapon) ? "001 Bows & Crossbows" : "001 Firearms",
      });
  }
  // Handguns without serpentines "get no bonuses".
  if (tactical && target.enfiladed && !MOUNTED.has(firers.weapon) && firers.weapon !== "handgun") {
    // Enfilade, 2(AV+3), takes the place of the stationary multipliers: it is better than each.
    multiplier = rules.fire.enfilade.multiplier;
    modifiers.push({ value: rules.fire.enfilade.d10, rule: "001 Firepower modifiers" });
  } else if (tactical && !firers.moving && MUSKETS.has(firers.weapon)) {
    const fire = firers.swedish ? rules.fire.swedes : rules.fire.stationaryMusketeers;
    multiplier = fire.multiplier;
    modifiers.push({ value: fire.d10, rule: "001 Firearms" });
  } else if (tactical && !firers.moving && firers.weapon === "heavy-crossbow") {
    multiplier = rules.fire.heavyCrossbowStationary;
  }
  return ok({
    av: times(fraction(firers.figures), rules.attackValues.missile[firers.weapon]),
    classModifier: rules.classes[firers.unitClass].d10,
    modifiers,
    multiplier,
    d10,
  });
}

/** A gun firing. */
export interface Battery {
  readonly gun: Gun;
  readonly unitClass: UnitClass;
  /** Its AV now: points left after hits (Artillery: "Artillery loses points the way other units lose figures"). */
  readonly points: number;
  readonly limbered: boolean;
  readonly hailshot: boolean;
  /** Firing over the heads of friends (Firepower modifiers: "but not with hailshot"). */
  readonly overFriends: boolean;
  /** "Artillery on a hill firing at enemy below gets +1. Artillery firing uphill gets -1." */
  readonly slope: "down" | "level" | "up";
  /** "Artillery firing at other artillery subtracts 5 from its d10 roll." */
  readonly atArtillery: boolean;
}

/** The band of a squared range from the axle (ticks²), or undefined beyond long range; each bound inclusive. */
export function rangeBand(rules: RulesData, gun: Gun, d2: number): RangeBand | undefined {
  const [short, medium, long] = rules.artillery.bands[gun];
  if (d2 <= short * short) return "short";
  if (d2 <= medium * medium) return "medium";
  if (d2 <= long * long) return "long";
  return undefined;
}

export function gunStrike(
  rules: RulesData,
  battery: Battery,
  target: Target,
  d10: number,
  unit?: string,
): Result<Strike, RuleError> {
  if (battery.limbered)
    return err(ruleError("fire/limbered", "Artillery", "to fire a gun must be unlimbered", unit));
  const a = rules.artillery;
  const band = rangeBand(rules, battery.gun, target.d2);
  if (!band)
    return err(
      ruleError(
        "fire/out-of-range",
        "Artillery",
        `a ${battery.gun} reaches ${ticksToInches(a.bands[battery.gun][2])}" from its axle`,
        unit,
      ),
    );
  const modifiers: Modifier[] = [{ value: a.bandModifiers[band], rule: "001 Artillery" }];
  let av = fraction(battery.points);
  if (battery.hailshot) {
    if (battery.overFriends)
      return err(
        ruleError(
          "fire/hailshot-over-friends",
          "Firepower modifiers",
          "no hailshot over the heads of friends",
          unit,
        ),
      );
    if (target.d2 > a.hailshot.range * a.hailshot.range)
      return err(
        ruleError(
          "fire/hailshot-range",
          "Artillery",
          `hailshot reaches ${ticksToInches(a.hailshot.range)}"`,
          unit,
        ),
      );
    modifiers.push({ value: a.hailshot.d10, rule: "001 Artillery" });
    av = times(av, a.hailshot.avMultiplier);
  }
  if (battery.slope === "down") modifiers.push({ value: a.hill.down, rule: "001 Firepower modifiers" });
  if (battery.slope === "up") modifiers.push({ value: a.hill.up, rule: "001 Firepower modifiers" });
  if (battery.atArtillery) modifiers.push({ value: a.counterBattery.d10, rule: "001 Artillery" });
  let multiplier = ONE;
  if (target.enfiladed) {
    multiplier = rules.fire.enfilade.multiplier;
    modifiers.push({ value: rules.fire.enfilade.d10, rule: "001 Firepower modifiers" });
  }
  return ok({ av, classModifier: rules.classes[battery.unitClass].d10, modifiers, multiplier, d10 });
}
