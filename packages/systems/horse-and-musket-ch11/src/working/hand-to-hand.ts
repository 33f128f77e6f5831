import type { Ctx } from "../context.js";
import { combatFactors, contactFought, handToHandDistribution, hilltopOf } from "../hand-to-hand.js";
import type { Readings } from "../options.js";
import type { ContactState, Position } from "../position.js";
import { type Exact, expectation, type HitChance, reduce } from "../shooting/casualties.js";
import type { ContactSide } from "../vocabulary.js";
import { type RetreatWorking, retreatWorking } from "./retreat.js";
import { type AreaRef, areaRef } from "./types.js";

/**
 * A fight as 004 Hand-to-Hand Combat resolves it, one contact (one
 * attacker, one defender: Limited Engagement) at a time, from the
 * functions resolveHandToHand calls: contactFought, combatFactors,
 * handToHandDistribution, retreatPath. The retreat is computed on the
 * position as it stands; when several attackers fight in one phase, those
 * before this one in id order retreat first.
 */
export interface CombatFactorWorking {
  readonly factor: "hilltop" | "cavalry-target" | "flank-or-rear";
  readonly applies: boolean;
  /** What it multiplies the hits by (½, ½, 2). */
  readonly fraction: Exact;
  readonly rule: string;
  readonly text: string;
  /** The hill whose top the defender occupies. */
  readonly area?: AreaRef;
}

export interface HandToHandWorking {
  readonly attacker: string;
  readonly defender: string;
  readonly side: ContactSide;
  /** False when the defender already has its hits to eliminate: no fight, and the attacker stands. */
  readonly fought: boolean;
  readonly die: {
    readonly add: number;
    readonly rule: "Hand-to-Hand Combat: Assess Casualties";
    readonly text: string;
  };
  readonly factors: readonly CombatFactorWorking[];
  readonly rounding: {
    readonly reading: Readings["modifierRounding"];
    readonly rule: "Hand-to-Hand Combat: Assess Casualties";
    readonly text: string;
  };
  /** The hits over the die's faces; the chances sum to 1. */
  readonly distribution: readonly HitChance[];
  /** Their mean, exactly (expectedHandToHandHits). */
  readonly expected: Exact;
  readonly defenderHits: number;
  readonly hitsToEliminate: number;
  /** The chance this fight brings the defender to its hits to eliminate. */
  readonly destroys: Exact;
  /** The attacker's retreat should the defender survive (absent when it cannot, or is not fought). */
  readonly retreat?: RetreatWorking;
}

export function handToHandWorking(
  ctx: Ctx,
  position: Position,
  contact: ContactState,
): HandToHandWorking | undefined {
  const attacker = position.units[contact.attacker];
  const defender = position.units[contact.defender];
  if (!attacker || !defender) return undefined;
  const data = ctx.rules.data;
  const h = data.handToHand;
  const f = combatFactors(ctx, defender, contact.side);
  const hill = hilltopOf(ctx, defender);
  const fought = contactFought(ctx, defender);
  const rounding = ctx.options.modifierRounding;
  const distribution = handToHandDistribution(data, f, rounding);
  const limit = data.hitsToEliminate;
  let destroys: Exact = { num: 0, den: 1 };
  for (const d of distribution)
    if (defender.hits + d.hits >= limit)
      destroys = reduce({
        num: destroys.num * d.chance.den + d.chance.num * destroys.den,
        den: destroys.den * d.chance.den,
      });
  const certain = !fought || destroys.num === destroys.den;
  const retreat = certain ? undefined : retreatWorking(ctx, position, contact.attacker, contact.defender);
  const typeName = data.unitTypes[defender.type].name;
  return {
    attacker: contact.attacker,
    defender: contact.defender,
    side: contact.side,
    fought,
    die: {
      add: h.add,
      rule: "Hand-to-Hand Combat: Assess Casualties",
      text: `the attacking cavalry unit rolls a die and adds ${h.add}`,
    },
    factors: [
      {
        factor: "hilltop",
        applies: f.hilltop,
        fraction: h.hilltop,
        rule: "Hand-to-Hand Combat: Terrain",
        text: f.hilltop && hill ? `${contact.defender} occupies the top of ${hill.name}` : "not on a hilltop",
        ...(hill ? { area: areaRef(hill) } : {}),
      },
      {
        factor: "cavalry-target",
        applies: f.cavalryTarget,
        fraction: h.cavalryTarget,
        rule: "Hand-to-Hand Combat: Cavalry Targets",
        text: f.cavalryTarget ? "defending Cavalry" : `the defender is ${typeName}, not Cavalry`,
      },
      {
        factor: "flank-or-rear",
        applies: f.flankOrRear,
        fraction: h.flankOrRear,
        rule: "Hand-to-Hand Combat: Flank or Rear Attacks",
        text: f.flankOrRear ? `engaged in its ${contact.side}` : "engaged in its front",
      },
    ],
    rounding: {
      reading: rounding,
      rule: "Hand-to-Hand Combat: Assess Casualties",
      text:
        rounding === "once"
          ? "the factors multiplied exactly, rounded once at the end in favour of the attacker (up)"
          : "rounded in favour of the attacker (up) after each halving, in the text's order",
    },
    distribution,
    expected: expectation(distribution),
    defenderHits: defender.hits,
    hitsToEliminate: limit,
    destroys: fought ? destroys : { num: 0, den: 1 },
    ...(retreat ? { retreat } : {}),
  };
}
