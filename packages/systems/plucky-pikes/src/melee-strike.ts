import { fraction, ONE, times } from "./fraction.js";
import type { Strike } from "./lethality.js";
import { meleeFigures, type Ranks } from "./ranks.js";
import type { RulesData } from "./rules-data/schema.js";
import type { MeleeWeapon, UnitClass } from "./vocabulary.js";

/**
 * Melee: one side's strike in a move of melee. "Add the figures/points to
 * the appropriate modifiers and the d10 roll to find the LF. Each side
 * removes its casualties." Each modifier names the paragraph that gives
 * it; the Melee Matrix and Melee Modifier Table are reconstructed (T-12,
 * T-13, docs/rules/plucky-pikes.md).
 */

/** How a unit stands in melee: its arm and its formation. */
export type MeleeOrder =
  | { readonly arm: "foot"; readonly formation: "pike" | "hedgehog" | "open" | "skirmish" }
  | { readonly arm: "horse"; readonly formation: "close" | "open" | "skirmish" }
  | { readonly arm: "guns" };

export interface Fighters {
  readonly order: MeleeOrder;
  readonly weapon: MeleeWeapon;
  readonly unitClass: UnitClass;
  readonly ranks: Ranks;
  /** A battery's points: "Artillery batteries count all their points." */
  readonly points?: number;
  readonly disordered: boolean;
  /** Formations: a muddled unit attacked in melee "fight[s] as if taken in the rear". */
  readonly muddled: boolean;
  /**
   * The charge that brought it in this move, if it charged: its length
   * squared in ticks² (a charge is straight, so its length is a segment's),
   * whether it went straight ahead, and whether pistols were fired on the way.
   */
  readonly charged?: { readonly length2: number; readonly straight: boolean; readonly firedPistols: boolean };
  /** Melee: "Units entering a melee in progress get their charge bonus but no flank or rear advantages." */
  readonly joinedInProgress: boolean;
  readonly uphill: boolean;
}

export interface Opponent {
  readonly order: MeleeOrder;
  readonly disordered: boolean;
  readonly muddled: boolean;
}

export interface MeleeSituation {
  /** The move of the melee, from 1: "On move 2 of a melee, all the troops of each side are involved". */
  readonly round: number;
  /** Where this side strikes the opponent. */
  readonly against: "front" | "flank" | "rear";
  /** Where the opponent strikes this side (pikes lose their ranks when hit in flank or rear). */
  readonly struckOn: "front" | "flank" | "rear";
  /** This side assaults a building (Melee Modifier Table). */
  readonly assaultingBuilding: boolean;
}

type Modifier = Strike["modifiers"][number];

function isPikes(order: MeleeOrder): boolean {
  return order.arm === "foot" && (order.formation === "pike" || order.formation === "hedgehog");
}

/**
 * Flank and rear advantages "last 1 move then the melee becomes general",
 * and a unit joining a melee in progress has none. A muddled opponent is
 * fought as if taken in the rear.
 */
function advantage(f: Fighters, o: Opponent, s: MeleeSituation): "front" | "flank" | "rear" {
  if (s.round > 1 || f.joinedInProgress) return "front";
  return o.muddled ? "rear" : s.against;
}

/** The figures (or points) that fight this move (Melee: the ranks counted). */
export function fightingStrength(f: Fighters, o: Opponent, s: MeleeSituation): number {
  if (f.order.arm === "guns") return f.points ?? 0;
  // "Pikes/hedgehogs retain their 2 rank advantage ... Pikes not in hedgehog lose their advantage if attacked on the flank or rear."
  const pikesHeld =
    isPikes(f.order) &&
    o.order.arm === "horse" &&
    (s.struckOn === "front" || (f.order.arm === "foot" && f.order.formation === "hedgehog"));
  const twoRanks = pikesHeld || advantage(f, o, s) !== "front";
  return meleeFigures(f.ranks, { twoRanks, general: s.round > 1 });
}

/** The charge bonus (Melee Modifier Table), if the charge earned one. */
function chargeBonus(rules: RulesData, f: Fighters): Modifier | undefined {
  const c = f.charged;
  if (!c?.straight || c.firedPistols || f.order.arm === "guns") return undefined;
  // Formations: disordered "Cavalry can't charge".
  if (f.disordered && f.order.arm === "horse") return undefined;
  const m = rules.meleeModifiers;
  const minimum = f.order.arm === "horse" ? m.chargeMinimum.horse : m.chargeMinimum.foot;
  if (c.length2 < minimum * minimum) return undefined;
  const value =
    f.order.arm === "foot" ? m.charge.foot : f.weapon === "lance" ? m.charge.lance : m.charge.horse;
  return { value, rule: "001 Melee" };
}

/** The Melee Matrix's d10 modifiers (T-12) for this pairing. */
function matrix(rules: RulesData, f: Fighters, o: Opponent, s: MeleeSituation): Modifier[] {
  const m = rules.meleeMatrix.d10;
  const out: Modifier[] = [];
  const add = (value: number) => out.push({ value, rule: "001 Melee" });
  const me = f.order;
  const them = o.order;
  if (
    me.arm === "horse" &&
    me.formation === "close" &&
    them.arm === "foot" &&
    (them.formation === "open" || them.formation === "skirmish")
  )
    add(m.closeCavalryVsOpenFoot);
  if (me.arm === "horse" && them.arm === "foot" && them.formation === "pike" && s.against === "front")
    add(m.cavalryVsPikeFront);
  if (me.arm === "horse" && them.arm === "foot" && them.formation === "hedgehog") add(m.cavalryVsHedgehog);
  if (me.arm === "foot" && me.formation === "pike" && them.arm === "foot" && them.formation === "open")
    add(m.pikeVsShot);
  if (me.arm !== "guns" && me.formation === "skirmish") add(m.skirmishOrder);
  if (me.arm === "guns") add(m.gunCrew);
  if (me.arm === "horse" && me.formation === "open" && them.arm === "horse" && them.formation === "close")
    add(m.openVsCloseCavalry);
  return out;
}

/** One side's strike this move of the melee (the d10 is the Strike's own). */
export function meleeStrike(
  rules: RulesData,
  f: Fighters,
  o: Opponent,
  s: MeleeSituation,
  d10: number,
): Strike {
  const mm = rules.meleeModifiers;
  const modifiers: Modifier[] = [];
  // Formations: "No disordered unit gets an advantage in melee other than being in hedgehog or defending
  // barriers and houses": a disordered unit keeps its -2 and loses its charge, flank, rear and matrix bonuses.
  const hedgehog = f.order.arm === "foot" && f.order.formation === "hedgehog";
  const advantaged = !f.disordered || hedgehog;
  if (f.disordered) modifiers.push({ value: mm.disordered, rule: "001 Formations" });
  const charge = chargeBonus(rules, f);
  if (charge && advantaged) modifiers.push(charge);
  const side = advantage(f, o, s);
  if (advantaged && side === "flank") modifiers.push({ value: mm.flank, rule: "001 Melee" });
  if (advantaged && side === "rear") modifiers.push({ value: mm.rear, rule: "001 Melee" });
  for (const m of matrix(rules, f, o, s)) if (advantaged || m.value < 0) modifiers.push(m);
  if (advantaged && f.uphill) modifiers.push({ value: mm.uphill, rule: "001 Melee" });
  if (s.assaultingBuilding) modifiers.push({ value: mm.assaultingBuilding, rule: "001 Melee" });
  const strength = fightingStrength(f, o, s);
  const perFigure = f.order.arm === "guns" ? ONE : rules.attackValues.melee[f.weapon];
  // Formations: "A unit attacking a disordered enemy doubles its LF."
  const multiplier = o.disordered ? fraction(mm.vsDisordered) : ONE;
  return {
    av: times(fraction(strength), perFigure),
    classModifier: rules.classes[f.unitClass].d10,
    modifiers,
    multiplier,
    d10,
  };
}

/**
 * The DF this side's strike is read against: the opponent's DV with its
 * cover and armour (`defenceFactor`, "melee"), and a barrier it defends
 * (Melee Modifier Table: hedge, wall or earthwork).
 */
export function barrierBonus(rules: RulesData, barrier: "hedge" | "wall" | undefined): number {
  return barrier ? rules.meleeModifiers.barrier[barrier] : 0;
}
