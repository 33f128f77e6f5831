import { removeUnit, takeCasualties } from "../casualties.js";
import type { Ctx } from "../context.js";
import type { DiceSource } from "../dice-source.js";
import { droppedBelow } from "../effectiveness.js";
import type { GameEvent } from "../events.js";
import { fallBack } from "../fall-back.js";
import { traitsOf, unitPolygon } from "../footprint.js";
import { hits, lethality } from "../lethality.js";
import { fallsBackFromFatigue, fatiguePoints, losesFlag, pursues } from "../melee-tests.js";
import { officersWith } from "../officers.js";
import type { Melee, Position, UnitState } from "../position.js";
import { type Out, yes } from "../rule-error.js";
import { insideTable, overlapping } from "../table.js";
import type { Effectiveness } from "../vocabulary.js";
import { meleeBlow } from "./blow.js";
import { withoutUnit } from "./melees.js";

/**
 * Part 2, Melee: one move of each melee. "Add the figures/points to the
 * appropriate modifiers and the d10 roll to find the LF. Each side removes
 * its casualties." Both sides strike against the table as it stood (each
 * unit the first enemy of the melee still in it), then casualties, then
 * Fatigue & Pursuit: fatigue tests, falling back below a level, the
 * pursuit, the flag, and the melee ending or going on.
 */
type Out2 = Out<Position>;

function isPikes(u: UnitState): boolean {
  return u.formation === "pike" || u.formation === "hedgehog";
}

function alive(position: Position, ids: readonly string[]): string[] {
  return ids.filter((id) => {
    const u = position.units[id];
    return u !== undefined && u.gone === undefined;
  });
}

interface Blow {
  striker: string;
  target: string;
  hits: number;
}

export function fightMelees(ctx: Ctx, position: Position, dice: DiceSource, events: GameEvent[]): Out2 {
  let out = position;
  for (const id of position.melees.map((m) => m.id)) {
    const m = out.melees.find((x) => x.id === id);
    if (!m) continue;
    const fought = fight(ctx, out, m, dice, events);
    if (!fought.ok) return fought;
    out = fought.value;
  }
  return yes(out);
}

/** The melee `id` as `next` (put back if a fall back took it off the list), or gone. */
function replaceMelee(position: Position, id: string, next: Melee | undefined): Position {
  const rest = position.melees.filter((x) => x.id !== id);
  if (!next) return { ...position, melees: rest };
  const at = position.melees.findIndex((x) => x.id === id);
  return {
    ...position,
    melees: at < 0 ? [...rest, next] : position.melees.map((x) => (x.id === id ? next : x)),
  };
}

function fight(ctx: Ctx, position: Position, start: Melee, dice: DiceSource, events: GameEvent[]): Out2 {
  let out = position;
  let m: Melee | undefined = start;
  // Effectiveness: "Advancing and charging units that fall below 'Steady' can't close and withdraw 6" from the point of contact."
  if (m.round === 1)
    for (const a of m.attackers) {
      const u = out.units[a];
      if (!u || u.gone || m.joined.includes(a) || u.level === "steady") continue;
      out = fallBack(ctx, out, a, "it fell below Steady and could not close", events, m.defenders[0]);
      m = m ? withoutUnit(m, a) : undefined;
      if (!m) return yes(replaceMelee(out, start.id, undefined));
    }
  if (!m) return yes(out);
  const melee = m;
  events.push({ type: "melee-began", melee: melee.id, round: melee.round });
  const attackers = alive(out, melee.attackers);
  const defenders = alive(out, melee.defenders);
  if (attackers.length === 0 || defenders.length === 0) return yes(replaceMelee(out, melee.id, undefined));
  const levels: Record<string, Effectiveness> = {};
  for (const id of [...attackers, ...defenders]) levels[id] = (out.units[id] as UnitState).level;
  const blows: Blow[] = [];
  for (const id of [...attackers, ...defenders]) {
    const attacking = attackers.includes(id);
    const target = (attacking ? defenders : attackers)[0] as string;
    const blow = strike(ctx, out, melee, id, target, dice, events);
    if (!blow.ok) return blow;
    blows.push(blow.value);
  }
  const caused = { attackers: 0, defenders: 0 };
  for (const b of blows) {
    if (attackers.includes(b.striker)) caused.attackers += b.hits;
    else caused.defenders += b.hits;
    const before = out.units[b.target];
    const took = takeCasualties(ctx, out, b.target, b.hits, dice, events);
    if (!took.ok) return took;
    out = took.value;
    // Guns overrun in melee are taken (Army Modifiers: each enemy gun captured).
    const after = out.units[b.target];
    if (before && !before.gone && after?.gone === "destroyed" && ctx.units[b.target]?.arm === "guns") {
      const side = before.side === "first" ? "second" : "first";
      out = {
        ...out,
        tally: {
          ...out.tally,
          [side]: { ...out.tally[side], gunsCaptured: out.tally[side].gunsCaptured + 1 },
        },
      };
    }
  }
  // Fatigue & Pursuit: fatigue points and the fall-back test; falling below a level.
  const withdrawn = new Set<string>();
  const dropped = new Set<string>();
  let fatigue = { ...melee.fatigue };
  for (const id of [...attackers, ...defenders]) {
    const u = out.units[id];
    if (!u || u.gone) continue;
    const t = traitsOf(ctx, id, u);
    if (droppedBelow(levels[id] as Effectiveness, u.level)) dropped.add(id);
    if (ctx.noQuarter) continue;
    const flankOrRear =
      melee.round === 1 && attackers.includes(id) && !melee.joined.includes(id) && melee.struck !== "front";
    const points = fatiguePoints(ctx.rules.data, t.class, {
      pikeOrHedgehog: isPikes(u),
      flankOrRearAttack: flankOrRear,
    });
    const total = (fatigue[id] ?? 0) + points;
    fatigue = { ...fatigue, [id]: total };
    if (total === 0) continue;
    const d10 = dice.d10();
    if (!d10.ok) return d10;
    const back = fallsBackFromFatigue(d10.value, total);
    events.push({ type: "fatigue", unit: id, roll: d10.value, points: total, fellBack: back });
    if (back) withdrawn.add(id);
  }
  for (const id of dropped) {
    const u = out.units[id] as UnitState;
    // "They do not move backward until they are broken" (pikes and hedgehogs); in a war without quarter, "until they rout".
    if (ctx.noQuarter && u.level !== "routed") continue;
    if (isPikes(u) && (u.level === "steady" || u.level === "shaken")) continue;
    withdrawn.add(id);
  }
  const sideOut = (ids: string[]) =>
    ids.every((id) => withdrawn.has(id) || out.units[id]?.gone !== undefined);
  const attackersOut = sideOut(attackers);
  const defendersOut = sideOut(defenders);
  // Who won: "A unit wins a melee when it causes more casualties to the enemy and/or pushes it back."
  let winner: "attackers" | "defenders" | undefined;
  if (attackersOut !== defendersOut) winner = attackersOut ? "defenders" : "attackers";
  else if (caused.attackers !== caused.defenders)
    winner = caused.attackers > caused.defenders ? "attackers" : "defenders";
  if (winner) {
    const losers = winner === "attackers" ? defenders : attackers;
    for (const id of losers) {
      const u = out.units[id];
      if (!u || u.flagLost) continue;
      const d10 = dice.d10();
      if (!d10.ok) return d10;
      const classModifier = ctx.rules.data.classes[traitsOf(ctx, id).class].d10;
      const lost = losesFlag(ctx.rules.data, d10.value, classModifier);
      events.push({ type: "flag", unit: id, score: d10.value + classModifier, lost });
      if (lost) {
        out = { ...out, units: { ...out.units, [id]: { ...(out.units[id] as UnitState), flagLost: true } } };
        const taker = u.side === "first" ? "second" : "first";
        out = {
          ...out,
          tally: {
            ...out.tally,
            [taker]: { ...out.tally[taker], flagsTaken: out.tally[taker].flagsTaken + 1 },
          },
        };
      }
    }
  }
  // The withdrawals: each falls back 6" from its opponents.
  const moved: Record<string, { dx: number; dy: number }> = {};
  for (const id of [...withdrawn].sort()) {
    const u = out.units[id];
    if (!u || u.gone) continue;
    const opponents = attackers.includes(id) ? defenders : attackers;
    out = fallBack(
      ctx,
      out,
      id,
      "it gave way in melee",
      events,
      opponents.find((o) => !out.units[o]?.gone),
    );
    const v = out.units[id];
    if (v) moved[id] = { dx: v.x - u.x, dy: v.y - u.y };
  }
  let continuing = attackersOut !== defendersOut;
  if (attackersOut && defendersOut) continuing = false;
  if (!attackersOut && !defendersOut) continuing = true;
  const next: Melee = { ...melee, round: melee.round + 1, charges: {}, fatigue };
  if (continuing && (attackersOut || defendersOut)) {
    // The standers: do they follow?
    const standers = (attackersOut ? defenders : attackers).filter(
      (id) => !withdrawn.has(id) && !out.units[id]?.gone,
    );
    const fled = (attackersOut ? attackers : defenders).filter(
      (id) => withdrawn.has(id) && !out.units[id]?.gone,
    );
    const follower = standers[0];
    const quarry = fled[0];
    // A routed enemy leaves the table at Part 3; it has routed now.
    const routedQuarry = (attackersOut ? attackers : defenders).some(
      (id) => out.units[id]?.gone === "routed" || out.units[id]?.level === "routed",
    );
    const held = follower !== undefined && heldBack(ctx, out, follower, melee, attackersOut);
    if (!follower || held) continuing = false;
    else if (routedQuarry && traitsOf(ctx, follower, out.units[follower]).arm === "horse") {
      // "If the enemy routed, a victorious cavalry unit pursues to get to the enemy baggage and is not seen again."
      continuing = false;
      out = removeUnit(out, follower, "pursued", events);
    } else if (!quarry) continuing = false;
    else {
      const q = out.units[quarry] as UnitState;
      const s = out.units[follower] as UnitState;
      let follows: boolean;
      if (dropped.has(quarry) && s.level === "steady")
        follows = true; // "if its opponent is steady, it automatically follows"
      else {
        const d10 = dice.d10();
        if (!d10.ok) return d10;
        const classModifier = ctx.rules.data.classes[traitsOf(ctx, follower).class].d10;
        follows = pursues(ctx.rules.data, s.strength, q.strength, classModifier, d10.value);
        events.push({
          type: "pursuit",
          unit: follower,
          score: s.strength - q.strength + classModifier + d10.value,
          pursues: follows,
        });
      }
      const shift = moved[quarry];
      if (follows && shift) {
        const after: UnitState = { ...s, x: s.x + shift.dx, y: s.y + shift.dy };
        const poly = unitPolygon(ctx, follower, after);
        if (
          overlapping(ctx, out, poly, new Set([follower, quarry])) === undefined &&
          insideTable(ctx, poly)
        ) {
          out = { ...out, units: { ...out.units, [follower]: after } };
          const backIn: Melee = attackersOut
            ? { ...next, attackers: [quarry], defenders: [follower] }
            : { ...next, attackers: [follower], defenders: [quarry] };
          const cleaned: Melee = { ...backIn, fatigue: pick(fatigue, [follower, quarry]), joined: [] };
          return yes(replaceMelee(out, melee.id, cleaned));
        }
      }
      continuing = false;
    }
  }
  if (continuing) {
    const stayA = attackers.filter((id) => !withdrawn.has(id) && !out.units[id]?.gone);
    const stayD = defenders.filter((id) => !withdrawn.has(id) && !out.units[id]?.gone);
    if (stayA.length > 0 && stayD.length > 0)
      return yes(
        replaceMelee(out, melee.id, {
          ...next,
          attackers: stayA,
          defenders: stayD,
          joined: next.joined.filter((j) => stayA.includes(j) || stayD.includes(j)),
        }),
      );
  }
  // The melee is over: "A unit is disordered when it has ... finished a melee."
  out = replaceMelee(out, melee.id, undefined);
  for (const id of [...attackers, ...defenders]) {
    const u = out.units[id];
    if (u && !u.gone) out = { ...out, units: { ...out.units, [id]: { ...u, disordered: true } } };
  }
  events.push({
    type: "melee-ended",
    melee: melee.id,
    ...(winner
      ? {
          winner: (out.units[(winner === "attackers" ? attackers : defenders)[0] as string] as UnitState)
            .side,
        }
      : {}),
  });
  return yes(out);
}

function pick(record: Readonly<Record<string, number>>, ids: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of ids) if (record[id] !== undefined) out[id] = record[id] as number;
  return out;
}

/**
 * "A general/staff officer can prevent a unit from moving forward": an
 * officer with the unit holds it (a reading: he always does, so a unit
 * with its general never runs off after the baggage). "Units behind
 * barriers won't pursue."
 */
function heldBack(ctx: Ctx, position: Position, id: string, m: Melee, attackersOut: boolean): boolean {
  if (officersWith(ctx, position, id).length > 0) return true;
  return attackersOut && m.barrier !== undefined;
}

function strike(
  ctx: Ctx,
  position: Position,
  m: Melee,
  id: string,
  targetId: string,
  dice: DiceSource,
  events: GameEvent[],
): Out<Blow> {
  const blow = meleeBlow(ctx, position, m, id, targetId);
  const d10 = dice.d10();
  if (!d10.ok) return d10;
  const lf = lethality(ctx.rules.data, blow.strike(d10.value));
  const n = hits(lf, blow.df);
  events.push({
    type: "strike",
    unit: id,
    target: targetId,
    kind: "melee",
    d10: d10.value,
    lf,
    df: blow.df,
    hits: n,
  });
  return yes({ striker: id, target: targetId, hits: n });
}
