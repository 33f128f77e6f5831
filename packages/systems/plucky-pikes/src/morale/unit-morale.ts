import { removeUnit } from "../casualties.js";
import type { Ctx } from "../context.js";
import type { DiceSource } from "../dice-source.js";
import { droppedBelow, effectivenessOf } from "../effectiveness.js";
import type { GameEvent } from "../events.js";
import { fallBack } from "../fall-back.js";
import { traitsOf } from "../footprint.js";
import { meleeOf } from "../melee/melees.js";
import { officerPoint, officersWith, withinReach } from "../officers.js";
import type { Position, UnitState } from "../position.js";
import { figuresBack, rallyScore } from "../rally.js";
import { type Out, yes } from "../rule-error.js";
import { onTable } from "../table.js";

/**
 * Part 3, unit Morale. Effectiveness: "At the end of a move in which a
 * unit drops below a level, make a rally roll for the unit with a d10 and
 * add its Class mod to see if it gets figures back. These are lightly
 * wounded returning and may return the unit to its previous level. Rally
 * rolls are even made for units still fighting a melee." A unit still
 * below the level it began the turn at falls back 6" (Fatigue & Pursuit:
 * "A unit that falls below a level, also falls back 6"") unless it fights
 * on in a melee or already gave way in one (`fought`); a routed unit
 * leaves the table. Leadership: -2 for each leader lost, the best officer
 * touching, and a general's death: "all of his units within 18" that have
 * to make rally rolls that move ... lose 3 or 4 points. The unit he was
 * with loses the points permanently" (rallyLost).
 */
export function unitMorale(
  ctx: Ctx,
  position: Position,
  dice: DiceSource,
  events: GameEvent[],
  fought: ReadonlySet<string>,
): Out<Position> {
  let out = position;
  for (const [id] of onTable(position)) {
    const u = out.units[id];
    if (!u || u.gone || !droppedBelow(u.levelBefore, u.level)) continue;
    const t = traitsOf(ctx, id);
    const d10 = dice.d10();
    if (!d10.ok) return d10;
    const generalDied = generalDeath(ctx, out, id);
    const score =
      rallyScore(ctx.rules.data, d10.value, ctx.rules.data.classes[t.class].d10, {
        officersTouching: officersWith(ctx, out, id).map((o) => o.rank),
        leadersLost: u.leadersLost,
        brigade: t.brigade,
        ...(generalDied ? { generalDied } : {}),
      }) - u.rallyLost;
    const back = figuresBack(ctx.rules.data, t.strength, t.strength - u.strength, score);
    const strength = u.strength + back;
    const level = effectivenessOf(ctx.rules.data, t.strength, strength);
    events.push({ type: "rally", unit: id, score, back });
    if (level !== u.level) events.push({ type: "level", unit: id, from: u.level, to: level });
    const next: UnitState = { ...u, strength, level };
    out = { ...out, units: { ...out.units, [id]: next } };
    if (level === "routed") {
      out = removeUnit(out, id, "routed", events);
      continue;
    }
    if (droppedBelow(u.levelBefore, level) && !meleeOf(out, id) && !fought.has(id))
      out = fallBack(ctx, out, id, "it fell below a level", events);
  }
  return yes(out);
}

/** The worst general's death that reaches the unit this turn: his own units within 18" of where he fell. */
function generalDeath(
  ctx: Ctx,
  position: Position,
  id: string,
): "general" | "commanding-general" | undefined {
  let worst: "general" | "commanding-general" | undefined;
  const side = position.units[id]?.side;
  for (const oid of position.fallen) {
    const t = ctx.officers[oid];
    const o = position.officers[oid];
    if (!t || !o || t.side !== side || t.rank === "staff") continue;
    const his = t.rank === "commanding-general" || ctx.units[id]?.general === oid;
    if (!his || !withinReach(ctx, position, officerPoint(ctx, position, o), id)) continue;
    if (t.rank === "commanding-general" || !worst) worst = t.rank;
  }
  return worst;
}
