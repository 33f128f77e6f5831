import type { Ctx } from "../context.js";
import type { DiceSource } from "../dice-source.js";
import type { GameEvent } from "../events.js";
import { type Sequence, type Term, work } from "../modifiers.js";
import { fallBackPath } from "../movement/fall-back.js";
import type { ContactState, Position, UnitState } from "../position.js";
import { removeBroken } from "../removal.js";
import { type Out, yes } from "../rule-error.js";
import { meleeCover } from "../terrain.js";
import { actsAs, loggedModifier, modifiedDie } from "../unit-class.js";

/**
 * 2) Melee: "Units only inflict Hits when they Charge. Roll 1Dx +2, this is
 * the number of Hits modified in sequence": i terrain (the defender uphill,
 * or defending woods, a river bank, a gully or a wall: halve), ii type
 * (Cavalry targets halve, Gun targets double), iii side (double by a
 * charger on the left, right or rear side), iv the 1/4 cap; rounded up.
 * "Remove any Unit with 15+ Hits. If the Target was removed, the Cavalry
 * Unit[s] remain in place. If not, the Cavalry Unit[s] Fall Back Dx."
 *
 * Each contact is fought in the order the charges were made. A target
 * removed by an earlier contact (or by fire after the charge) is not
 * fought again: its other chargers stand. The chargers that fall back roll
 * a fresh Dx each (with their quality modifier), straight back, keeping
 * their facing (Maneuvering iii: Cavalry may; charging infantry charge
 * "like cavalry", a reading), and stop short at anything in the way.
 */
export function meleeSequence(ctx: Ctx, position: Position, c: ContactState, face: number): Sequence {
  const data = ctx.rules.data;
  const target = position.units[c.defender] as UnitState;
  const halves: Term[] = [];
  const doubles: (Term & { by: number })[] = [];
  const cover = meleeCover(ctx, position, c.defender, c.attacker, c.side);
  if (cover) halves.push({ rule: "2 i", text: `${cover.text}: halve Hits` });
  const kind = actsAs(ctx, target);
  if (kind === "cavalry") halves.push({ rule: "2 ii", text: "Cavalry Targets halve Hits" });
  if (kind === "artillery")
    doubles.push({ rule: "2 ii", text: "Gun Targets double Hits", by: data.melee.double });
  if (c.side !== "front")
    doubles.push({
      rule: "2 iii",
      text: `charging the ${c.side === "rear" ? "Rear" : `${c.side} Side`}: double Hits`,
      by: data.melee.double,
    });
  const value = modifiedDie(ctx, c.attacker, face);
  return {
    start: {
      value,
      rule: "2",
      text:
        value === face
          ? `roll 1Dx: ${face}`
          : `roll 1Dx: ${face}, ${value - face > 0 ? "+" : ""}${value - face} for quality`,
    },
    adds: [{ rule: "2", text: "+2", by: data.melee.add }],
    doubles,
    halves,
    halve: data.melee.halve,
    cap: { ...data.melee.cap, rule: "2 iv" },
  };
}

export function resolveMelee(
  ctx: Ctx,
  position: Position,
  dice: DiceSource,
): Out<{ position: Position; events: GameEvent[] }> {
  const events: GameEvent[] = [];
  let next = position;
  for (const c of position.contacts) {
    const target = next.units[c.defender];
    if (!next.units[c.attacker] || !target) continue;
    const r = dice.roll();
    if (!r.ok) return r;
    const worked = work(meleeSequence(ctx, next, c, r.value));
    events.push({
      type: "die-rolled",
      value: r.value,
      purpose: "melee",
      unit: c.attacker,
      ...loggedModifier(ctx, c.attacker),
    });
    events.push({
      type: "melee",
      unit: c.attacker,
      target: c.defender,
      side: c.side,
      roll: r.value,
      hits: worked.hits,
      steps: worked.steps,
    });
    next = {
      ...next,
      units: { ...next.units, [c.defender]: { ...target, hits: target.hits + worked.hits } },
    };
    const removed = removeBroken(ctx, next);
    next = removed.position;
    events.push(...removed.events);
  }
  for (const c of position.contacts) {
    const charger = next.units[c.attacker];
    if (!charger) continue;
    if (!next.units[c.defender]) {
      events.push({ type: "stood", unit: c.attacker, target: c.defender });
      continue;
    }
    const r = dice.roll();
    if (!r.ok) return r;
    events.push({
      type: "die-rolled",
      value: r.value,
      purpose: "fall-back",
      unit: c.attacker,
      ...loggedModifier(ctx, c.attacker),
    });
    const p = fallBackPath(ctx, next, c.attacker, modifiedDie(ctx, c.attacker, r.value) * 6096, true);
    next = {
      ...next,
      units: { ...next.units, [c.attacker]: { ...charger, x: p.pose.x, y: p.pose.y, facing: p.pose.facing } },
    };
    events.push({
      type: "fell-back",
      unit: c.attacker,
      x: p.pose.x,
      y: p.pose.y,
      facing: p.pose.facing,
      distance: p.moved,
      ...(p.blockedBy ? { blockedBy: p.blockedBy } : {}),
    });
  }
  return yes({ position: { ...next, contacts: [] }, events });
}
