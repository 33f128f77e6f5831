import type { Ctx } from "./context.js";
import type { DiceSource } from "./dice-source.js";
import { effectivenessOf } from "./effectiveness.js";
import type { GameEvent } from "./events.js";
import { traitsOf } from "./footprint.js";
import { leaderFalls } from "./lethality.js";
import { leaveMelee } from "./melee/melees.js";
import { officersWith } from "./officers.js";
import type { Position, UnitState } from "./position.js";
import { type Out, yes } from "./rule-error.js";

/**
 * The Game Turn: "Casualties are removed as they occur." Figures come off
 * the rear rank (footprint.ts); guns lose points. Leadership: "When a unit takes a casualty from fire or
 * melee, roll d%. A score of 86+ means that the unit suffered a leader
 * casualty in addition to a figure casualty": one roll for each strike
 * that hit (research A1-29's reading; the guns' own loss on a counter-battery
 * hit is the same strike's, no second roll). "If a General/Staff officer is with
 * the unit when it takes a leadership casualty, he is the casualty."
 */
export function takeCasualties(
  ctx: Ctx,
  position: Position,
  id: string,
  lost: number,
  dice: DiceSource,
  events: GameEvent[],
  leaderRoll = true,
): Out<Position> {
  const u = position.units[id];
  if (!u || u.gone || lost <= 0) return yes(position);
  const t = traitsOf(ctx, id);
  const taken = Math.min(lost, u.strength);
  const strength = u.strength - taken;
  const level = effectivenessOf(ctx.rules.data, t.strength, strength);
  let next: UnitState = { ...u, strength, level };
  events.push({ type: "casualties", unit: id, lost: taken, left: strength });
  let out: Position = { ...position, units: { ...position.units, [id]: next } };
  if (!leaderRoll) return yes(strength === 0 ? removeUnit(out, id, "destroyed", events) : out);
  const roll = dice.percent();
  if (!roll.ok) return roll;
  if (leaderFalls(ctx.rules.data, roll.value)) {
    const officer = officersWith(ctx, out, id)[0];
    if (officer) {
      const o = out.officers[officer.id];
      if (o) {
        out = {
          ...out,
          officers: { ...out.officers, [officer.id]: { ...o, lost: true } },
          fallen: [...out.fallen, officer.id],
        };
        // "The unit he was with loses the points permanently."
        const points =
          -ctx.rules.data.rallyModifiers.generalDeath[officer.rank === "staff" ? "general" : officer.rank];
        next = { ...next, rallyLost: next.rallyLost + points };
      }
      events.push({ type: "leader-lost", unit: id, roll: roll.value, officer: officer.id });
    } else {
      const leaders = t.brigade
        ? ctx.rules.data.leadership.brigadeLeaders
        : ctx.rules.data.leadership.leaders;
      next = { ...next, leadersLost: Math.min(leaders, next.leadersLost + 1) };
      events.push({ type: "leader-lost", unit: id, roll: roll.value });
    }
    out = { ...out, units: { ...out.units, [id]: next } };
  }
  if (strength === 0) return yes(removeUnit(out, id, "destroyed", events));
  return yes(out);
}

/** A unit leaves the table: routed, destroyed or gone after the baggage. Its officers stand where it was. */
export function removeUnit(
  position: Position,
  id: string,
  how: "routed" | "destroyed" | "pursued",
  events: GameEvent[],
): Position {
  const u = position.units[id];
  if (!u || u.gone) return position;
  events.push({ type: "gone", unit: id, how });
  const officers = { ...position.officers };
  for (const [oid, o] of Object.entries(officers))
    if (o.with === id) officers[oid] = { side: o.side, x: u.x, y: u.y, moved: o.moved, lost: o.lost };
  return leaveMelee({ ...position, officers, units: { ...position.units, [id]: { ...u, gone: how } } }, id);
}
