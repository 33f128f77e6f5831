import { unitPolygon } from "./bases.js";
import type { Ctx } from "./context.js";
import type { DiceSource } from "./dice-source.js";
import type { GameEvent } from "./events.js";
import type { Readings } from "./options.js";
import type { ContactState, Position, UnitState } from "./position.js";
import { retreat } from "./retreat.js";
import type { RuleError } from "./rule-error.js";
import type { RulesData } from "./rules-data/schema.js";
import { ceilDiv, type Exact, expectation, type HitChance, hitDistribution } from "./shooting/casualties.js";
import { onHilltop } from "./terrain.js";
import type { Area } from "./terrain-areas.js";

/**
 * 004 Hand-to-Hand Combat. One Sided Combat: only the attacker inflicts
 * hits. Assess Casualties: the attacking cavalry rolls a die and adds 2;
 * a defender on a hilltop suffers half, defending Cavalry half (rounding
 * in favour of the attacker, up), a defender engaged in its flank or rear
 * double. The modifierRounding reading: "once" multiplies the factors
 * exactly and rounds up at the end; "each-step" rounds after each halving,
 * in the text's order (hilltop, cavalry, then flank or rear).
 */
export interface CombatFactors {
  readonly hilltop: boolean;
  readonly cavalryTarget: boolean;
  readonly flankOrRear: boolean;
}

export function handToHandHits(
  data: RulesData,
  roll: number,
  f: CombatFactors,
  rounding: Readings["modifierRounding"],
): number {
  const h = data.handToHand;
  const factors = [
    ...(f.hilltop ? [h.hilltop] : []),
    ...(f.cavalryTarget ? [h.cavalryTarget] : []),
    ...(f.flankOrRear ? [h.flankOrRear] : []),
  ];
  const base = roll + h.add;
  if (rounding === "each-step") return factors.reduce((hits, x) => ceilDiv(hits * x.num, x.den), base);
  let num = base;
  let den = 1;
  for (const x of factors) {
    num *= x.num;
    den *= x.den;
  }
  return ceilDiv(num, den);
}

/** The hits of a fight over the die's faces. */
export function handToHandDistribution(
  data: RulesData,
  f: CombatFactors,
  rounding: Readings["modifierRounding"],
): HitChance[] {
  return hitDistribution((roll) => handToHandHits(data, roll, f, rounding));
}

/** The expected hits of a charge, exactly (mean over the d6). */
export function expectedHandToHandHits(
  data: RulesData,
  f: CombatFactors,
  rounding: Readings["modifierRounding"],
): Exact {
  return expectation(handToHandDistribution(data, f, rounding));
}

/** 004 Hand-to-Hand Combat: Terrain: the hilltop the defender occupies, if any. */
export function hilltopOf(ctx: Ctx, defender: UnitState): Area | undefined {
  return onHilltop(ctx, defender, unitPolygon(defender));
}

export function combatFactors(ctx: Ctx, defender: UnitState, side: ContactState["side"]): CombatFactors {
  return {
    hilltop: hilltopOf(ctx, defender) !== undefined,
    cavalryTarget: defender.type === "cavalry",
    flankOrRear: side !== "front",
  };
}

/**
 * Whether a contact is fought: a defender already at its hits to
 * eliminate (shot to destruction this turn) is not, and its attacker
 * stands (resolveHandToHand).
 */
export function contactFought(ctx: Ctx, defender: UnitState): boolean {
  return defender.hits < ctx.rules.data.hitsToEliminate;
}

/**
 * Resolves every contact of the phasing player, attackers in id order (the
 * order cannot change a combat's hits; it orders the retreats). A defender
 * already at 15 hits (shot to destruction this turn) is not fought: the
 * enemy is destroyed, so the attacker does not retreat. Contacts are
 * cleared afterwards.
 */
export function resolveHandToHand(
  ctx: Ctx,
  position: Position,
  dice: DiceSource,
): { ok: true; position: Position; events: GameEvent[] } | { ok: false; error: RuleError } {
  const events: GameEvent[] = [];
  let units: Record<string, UnitState> = { ...position.units };
  const limit = ctx.rules.data.hitsToEliminate;
  const contacts = [...position.contacts].sort((a, b) => (a.attacker < b.attacker ? -1 : 1));
  for (const c of contacts) {
    const attacker = units[c.attacker];
    const defender = units[c.defender];
    if (!attacker || !defender) continue;
    if (!contactFought(ctx, defender)) {
      events.push({ type: "stood", unit: c.attacker, target: c.defender });
      continue;
    }
    const r = dice.roll();
    if (!r.ok) return r;
    events.push({ type: "die-rolled", value: r.value, purpose: "hand-to-hand", unit: c.attacker });
    const factors = combatFactors(ctx, defender, c.side);
    const hits = handToHandHits(ctx.rules.data, r.value, factors, ctx.options.modifierRounding);
    const hit = { ...defender, hits: defender.hits + hits };
    units = { ...units, [c.defender]: hit };
    events.push({
      type: "fought",
      attacker: c.attacker,
      defender: c.defender,
      roll: r.value,
      add: ctx.rules.data.handToHand.add,
      factors: [
        ...(factors.hilltop ? (["hilltop"] as const) : []),
        ...(factors.cavalryTarget ? (["cavalry-target"] as const) : []),
        ...(factors.flankOrRear ? (["flank-or-rear"] as const) : []),
      ],
      hits,
      side: c.side,
    });
    if (hit.hits >= limit) {
      events.push({ type: "stood", unit: c.attacker, target: c.defender });
      continue;
    }
    const back = retreat(ctx, { ...position, units }, c.attacker, c.defender);
    units = { ...units, [c.attacker]: back.unit };
    events.push({ type: "retreated", unit: c.attacker, travel: back.travel, x: back.unit.x, y: back.unit.y });
  }
  return { ok: true, position: { ...position, units, contacts: [] }, events };
}
