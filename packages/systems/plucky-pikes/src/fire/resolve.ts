import { takeCasualties } from "../casualties.js";
import type { Ctx } from "../context.js";
import type { DiceSource } from "../dice-source.js";
import type { GameEvent } from "../events.js";
import { type FiringSituation, firesFirst, firingFirstScore } from "../firing-first.js";
import { floorOf, fraction, times } from "../fraction.js";
import { teamHit } from "../horse-teams.js";
import { gunsHit, hits, lethality } from "../lethality.js";
import type { DeclaredFire, Position, UnitState } from "../position.js";
import { type Out, yes } from "../rule-error.js";
import { aim } from "./aim.js";

/**
 * A fire step resolves: "Artillery always fires first", all guns at once;
 * then the units. "When formed units fire at each other each rolls a d10,
 * add its class modifier and situation modifier listed in the Firing
 * First Table. The higher score fires first. Ties fire simultaneously."
 * Shots at once are worked out against the same table and their
 * casualties removed together; a unit that fires second fires with what it
 * has left, and not at all if it has gone. A declared shot whose aim no
 * longer holds (its target gone, now out of sight) is not fired.
 */
export function resolveFire(
  ctx: Ctx,
  position: Position,
  dice: DiceSource,
): Out<{ position: Position; events: GameEvent[] }> {
  const events: GameEvent[] = [];
  const declared = [...position.fire].sort((a, b) => (a.unit < b.unit ? -1 : 1));
  const guns = declared.filter((f) => ctx.units[f.unit]?.arm === "guns");
  const units = declared.filter((f) => ctx.units[f.unit]?.arm !== "guns");
  let out: Position = { ...position, fire: [] };
  const volley = (p: Position, shots: readonly DeclaredFire[]) => fireTogether(ctx, p, shots, dice, events);
  const first = volley(out, guns);
  if (!first.ok) return first;
  out = first.value;
  // Firing First between formed units firing at each other.
  const later = new Set<string>();
  for (const f of units) {
    // Units firing at each other: fire at a gun's team is not fire at the gun's crew.
    if (f.team) continue;
    const back = units.find((g) => g.unit === f.target && g.target === f.unit && !g.team);
    if (!back || f.unit > back.unit || later.has(f.unit) || later.has(back.unit)) continue;
    const a = out.units[f.unit];
    const b = out.units[back.unit];
    if (!a || !b || a.formation === "skirmish" || b.formation === "skirmish") continue;
    const sa = dice.d10();
    if (!sa.ok) return sa;
    const sb = dice.d10();
    if (!sb.ok) return sb;
    const scoreA = firingFirstScore(
      ctx.rules.data,
      sa.value,
      classOf(ctx, f.unit),
      situations(ctx, f.unit, a),
    );
    const scoreB = firingFirstScore(
      ctx.rules.data,
      sb.value,
      classOf(ctx, back.unit),
      situations(ctx, back.unit, b),
    );
    events.push({ type: "firing-first", a: f.unit, b: back.unit, scoreA, scoreB });
    const who = firesFirst(scoreA, scoreB);
    if (who === "a") later.add(back.unit);
    if (who === "b") later.add(f.unit);
  }
  const second = volley(
    out,
    units.filter((f) => !later.has(f.unit)),
  );
  if (!second.ok) return second;
  const third = volley(
    second.value,
    units.filter((f) => later.has(f.unit)),
  );
  if (!third.ok) return third;
  return yes({ position: third.value, events });
}

function classOf(ctx: Ctx, id: string): number {
  const t = ctx.units[id];
  return t ? ctx.rules.data.classes[t.class].d10 : 0;
}

/** The Firing First Table's situations a unit is in (T-10). */
function situations(ctx: Ctx, id: string, u: UnitState): FiringSituation[] {
  const t = ctx.units[id];
  const out: FiringSituation[] = [u.stirred ? "moving" : "stationary"];
  if (u.reload === 0 && u.pistols === 0) out.push("loaded");
  if (u.disordered) out.push("disordered");
  if (
    t &&
    (t.missile === "musket" || t.missile === "arquebus") &&
    u.formation === "open" &&
    (t.ranks ?? 2) === 2
  )
    out.push("twoRankMusketeers");
  return out;
}

/** Firearms, Bows & Crossbows: what firing leaves to reload (URTs without moving). */
function reloadAfter(ctx: Ctx, id: string, u: UnitState): Partial<UnitState> {
  const t = ctx.units[id];
  const urt = ctx.rules.data.urt;
  if (!t?.missile) return {};
  switch (t.missile) {
    case "musket":
    case "arquebus":
    case "carbine":
      // "Musketeer units in 2 ranks may fire the 1st rank every move with no reloading penalty."
      if (u.formation === "skirmish") return { reload: urt.reloadSkirmisher };
      if (u.formation === "open" && (t.ranks ?? 2) === 2) return {};
      return { reload: urt.reloadMusket };
    case "handgun":
      return { reload: urt.reloadHandgun };
    case "pistol":
      // "Pistoliers have 3 pistols each. They may fire 3 turns in a row but must take 1 URT to reload each one."
      return { pistols: u.pistols + 1 };
    case "crossbow":
    case "heavy-crossbow":
      return { reload: urt.reloadCrossbow };
    default:
      // "There is no loading penalty for bows."
      return {};
  }
}

function fireTogether(
  ctx: Ctx,
  position: Position,
  shots: readonly DeclaredFire[],
  dice: DiceSource,
  events: GameEvent[],
): Out<Position> {
  interface Hit {
    target: string;
    hits: number;
    building?: string;
    atGuns: boolean;
    team: boolean;
  }
  const landed: Hit[] = [];
  let out = position;
  for (const f of shots) {
    const a = aim(ctx, position, f.unit, f.target, f.hailshot, f.team ?? false);
    if (!a.ok) continue;
    const d10 = dice.d10();
    if (!d10.ok) return d10;
    const lf = lethality(ctx.rules.data, a.value.strike(d10.value));
    const n = hits(lf, a.value.df);
    events.push({
      type: "strike",
      unit: f.unit,
      target: f.target,
      kind: "fire",
      ...(f.team ? { team: true as const } : {}),
      d10: d10.value,
      lf,
      df: a.value.df,
      hits: n,
    });
    landed.push({
      target: f.target,
      hits: n,
      atGuns: a.value.atGuns,
      team: f.team ?? false,
      ...(a.value.building ? { building: a.value.building } : {}),
    });
    const u = out.units[f.unit] as UnitState;
    out = {
      ...out,
      units: { ...out.units, [f.unit]: { ...u, fired: true, ...reloadAfter(ctx, f.unit, u) } },
    };
  }
  for (const h of landed) {
    if (h.hits === 0) continue;
    if (h.team) {
      out = teamHit(out, h.target, h.hits, events);
      continue;
    }
    let lost = h.hits;
    if (h.building !== undefined) {
      const left = out.buildings[h.building] ?? 0;
      const taken = Math.min(left, lost);
      out = { ...out, buildings: { ...out.buildings, [h.building]: left - taken } };
      events.push({ type: "building-hit", building: h.building, lost: taken, left: left - taken });
      lost = 0;
      if (left - taken === 0) {
        const c = collapse(ctx, out, h.building, h.target, dice, events);
        if (!c.ok) return c;
        out = c.value;
      }
      continue;
    }
    const took = takeCasualties(ctx, out, h.target, lost, dice, events);
    if (!took.ok) return took;
    out = took.value;
    if (h.atGuns) {
      // Artillery: "If there is a hit roll a d%. If the score is 86+ guns have been hit and the artillery unit loses 1/3 of its AV."
      const roll = dice.percent();
      if (!roll.ok) return roll;
      const g = out.units[h.target];
      if (gunsHit(ctx.rules.data, roll.value) && g && !g.gone) {
        const more = floorOf(times(fraction(g.strength), ctx.rules.data.artillery.counterBattery.avLost));
        events.push({ type: "guns-hit", unit: h.target, roll: roll.value, lost: more });
        const t2 = takeCasualties(ctx, out, h.target, more, dice, events, false);
        if (!t2.ok) return t2;
        out = t2.value;
      }
    }
  }
  return yes(out);
}

/**
 * Attack Values: "With 0 points remaining, the building collapses and the
 * building point value is used as an AV against the troops inside" (no
 * cover, no class: the building strikes, LF = points + d10).
 */
function collapse(
  ctx: Ctx,
  position: Position,
  building: string,
  target: string,
  dice: DiceSource,
  events: GameEvent[],
): Out<Position> {
  const area = ctx.areas.find((a) => a.id === building);
  const points = area?.building ? (ctx.rules.data.buildings[area.building] ?? 0) : 0;
  const d10 = dice.d10();
  if (!d10.ok) return d10;
  const strike = {
    av: fraction(points),
    classModifier: 0,
    modifiers: [],
    multiplier: fraction(1),
    d10: d10.value,
  };
  const lf = lethality(ctx.rules.data, strike);
  const df = ctx.rules.data.defence.dv;
  const n = hits(lf, df);
  events.push({ type: "strike", unit: building, target, kind: "collapse", d10: d10.value, lf, df, hits: n });
  return takeCasualties(ctx, position, target, n, dice, events);
}
