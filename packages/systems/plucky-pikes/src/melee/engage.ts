import {
  baseCorners,
  convexCrossesPolyline,
  firstContactAmong,
  interiorsOverlap,
  type Polygon,
  scaledDirection,
  translationSweep,
  zoneOf,
} from "@tercio/geometry";
import type { EngageAction } from "../actions.js";
import type { Ctx } from "../context.js";
import { counterOptions } from "../counter-roll.js";
import type { DiceSource } from "../dice-source.js";
import { mayAcceptMelee, mayInitiateMelee } from "../effectiveness.js";
import type { GameEvent } from "../events.js";
import { fallBack } from "../fall-back.js";
import { poseOf, traitsOf, unitFront, unitPolygon, unitSize } from "../footprint.js";
import { compare, type Fraction, fraction, times } from "../fraction.js";
import { mayMove } from "../movement/program.js";
import { mayChargeOrRunNow, moveRate, urtBasis } from "../movement/rates.js";
import type { ChargeRecord, Melee, Position, Reaction, UnitState } from "../position.js";
import { no, type Out, ruleError, yes } from "../rule-error.js";
import { inAreaKind, insideTable, onTable, whollyIn } from "../table.js";
import { inTargetUrts } from "../urt.js";
import { meleeOf } from "./melees.js";

/**
 * Melee: "Melee (Close Combat) occurs when the stand of an advancing unit
 * touches an enemy stand or position. Only a Steady unit can initiate
 * melee." Movement: formed infantry and cavalry "are allowed to charge
 * every 4th move but only to engage the enemy"; Melee: "Charges must be
 * made in a straight line, not in the oblique." An engagement is the
 * unit's whole move, straight ahead along its facing until its front
 * touches the target: within its move, or half again for a charge (T-3).
 * A charge that does not reach leaves the unit disordered at the end of
 * its move ("when it has charged and not reached its objective").
 */
export type Step = { position: Position; events: GameEvent[] };

function refuse(code: Parameters<typeof ruleError>[0], paragraph: string, text: string, unit: string) {
  return no<never>(ruleError(code, paragraph, text, unit));
}

/** Where the attacker's front struck the target: its front, a flank or its rear (a hedgehog has no flank). */
export function struckSide(ctx: Ctx, attacker: UnitState, aId: string, target: UnitState, tId: string) {
  if (target.formation === "hedgehog") return "front" as const;
  const zone = zoneOf(
    baseCorners(poseOf(target), unitSize(ctx, tId, target)),
    unitFront(ctx, aId, attacker),
    "flank",
  );
  if (zone === "rear") return "rear" as const;
  if (zone === "left" || zone === "right") return "flank" as const;
  return "front" as const;
}

/**
 * What an advance may meet: every other unit, and each building the unit is
 * not in. Melee "occurs when the stand of an advancing unit touches an
 * enemy stand or position": a garrison is touched at its building's walls,
 * so the building stands for the unit inside it.
 */
function obstaclesFor(
  ctx: Ctx,
  position: Position,
  id: string,
  poly: Polygon,
): { id: string; poly: Polygon }[] {
  const out: { id: string; poly: Polygon }[] = [];
  const garrisoned = new Set<string>();
  for (const b of ctx.areas) {
    if (b.kind !== "building" || whollyIn(poly, b)) continue;
    const inside = onTable(position).find(([oid, o]) => oid !== id && whollyIn(unitPolygon(ctx, oid, o), b));
    if (inside) garrisoned.add(inside[0]);
    if (!interiorsOverlap(poly, b.polygon)) out.push({ id: inside ? inside[0] : b.name, poly: b.polygon });
  }
  for (const [oid, o] of onTable(position)) {
    if (oid === id || garrisoned.has(oid)) continue;
    const other = unitPolygon(ctx, oid, o);
    // A footprint already overlapping (never made by the rules) cannot be met: left out, not a crash.
    if (!interiorsOverlap(poly, other)) out.push({ id: oid, poly: other });
  }
  return out;
}

export function engage(ctx: Ctx, position: Position, action: EngageAction, dice: DiceSource): Out<Step> {
  const id = action.unit;
  const may = mayMove(position, id);
  if (!may.ok) return may;
  const u = may.value;
  const t = traitsOf(ctx, id, u);
  const target = position.units[action.target];
  if (!target || target.gone || target.side === u.side)
    return refuse("melee/no-target", "Melee", `${action.target} is no enemy on the table`, id);
  if (!mayInitiateMelee(u.level))
    return refuse("melee/not-steady", "Melee", "only a Steady unit can initiate melee", id);
  if (meleeOf(position, id)) return refuse("move/in-melee", "Melee", "it is in a melee already", id);
  if (u.muddle > 0) return refuse("move/muddled", "Formations", "a muddled unit must untangle first", id);
  if (t.arm === "guns") return refuse("melee/guns", "Melee", "guns do not advance into melee", id);
  const rate = moveRate(ctx, t, u.formation);
  if (rate === 0)
    return refuse("move/cannot-advance", "Formations", `a unit in ${u.formation} order does not move`, id);
  let reach: Fraction = fraction(rate);
  if (action.charge) {
    if (u.formation === "skirmish")
      return refuse("melee/no-charge", "Movement", "formed infantry and cavalry charge; skirmishers run", id);
    if (u.disordered && t.arm === "horse")
      return refuse("melee/no-charge", "Formations", "disordered cavalry can't charge", id);
    if (!mayChargeOrRunNow(ctx, u, position.turn))
      return refuse("melee/no-charge", "Movement", "a unit charges only every 4th move", id);
    if (u.engagedOn > 0 && u.engagedOn === position.turn - 1)
      return refuse(
        "melee/no-charge",
        "Fatigue & Pursuit",
        "units may not charge the move after they engage melee",
        id,
      );
    reach = times(reach, ctx.rules.data.movement.chargeOrRun);
  }
  const ticks = Math.floor(reach.num / reach.den);
  const poly = unitPolygon(ctx, id, u);
  const v = scaledDirection(u.facing, ticks);
  const obstacles = obstaclesFor(ctx, position, id, poly);
  const hit = firstContactAmong(
    poly,
    v,
    obstacles.map((o) => o.poly),
  );
  const charged: UnitState = {
    ...u,
    moved: true,
    stirred: true,
    ...(action.charge ? { chargedOn: position.turn } : {}),
  };
  if (!hit) {
    if (!action.charge)
      return refuse(
        "melee/out-of-reach",
        "Melee",
        `${action.target} is not straight ahead within its move`,
        id,
      );
    // A charge is at a target straight ahead ("not in the oblique"): the line, carried on across the table, meets it first.
    const far = scaledDirection(u.facing, ctx.table.width + ctx.table.height);
    const ahead = firstContactAmong(
      poly,
      far,
      obstacles.map((o) => o.poly),
    );
    if (!ahead || obstacles[ahead.index]?.id !== action.target)
      return refuse(
        "melee/not-ahead",
        "Melee",
        `${action.target} is not straight ahead: charges are not made in the oblique`,
        id,
      );
    // "when it has charged and not reached its objective": it goes the whole way, disordered.
    const after: UnitState = {
      ...charged,
      x: u.x + v.x,
      y: u.y + v.y,
      travelled: ticks,
      used: 1500,
      disordered: true,
    };
    if (!insideTable(ctx, unitPolygon(ctx, id, after)))
      return refuse("move/off-table", "Movement", "the charge would leave the table", id);
    const heavy = inAreaKind(ctx, translationSweep(poly, v), "heavy-woods");
    if (heavy) return refuse("move/heavy-woods", "Movement", `formed troops do not enter ${heavy.name}`, id);
    return yes({
      position: { ...position, units: { ...position.units, [id]: after } },
      events: [{ type: "charge-short", unit: id, target: action.target }],
    });
  }
  const met = obstacles[hit.index]?.id;
  if (met !== action.target)
    return refuse(
      "melee/blocked",
      "Melee",
      `${met} is in the way, straight ahead before ${action.target}`,
      id,
    );
  const heavy = inAreaKind(ctx, translationSweep(poly, hit.displacement), "heavy-woods");
  if (heavy) return refuse("move/heavy-woods", "Movement", `formed troops do not enter ${heavy.name}`, id);
  const d = hit.displacement;
  // The charge's length is the contact's, t*·ticks, exactly (the displacement stops up to 3 ticks short of touching):
  // its square rounded down compares with a whole minimum² as the exact square does.
  const exact = (BigInt(hit.t.num) * BigInt(ticks)) / BigInt(hit.t.den);
  const num = BigInt(hit.t.num) * BigInt(ticks);
  const length2 = Number((num * num) / (BigInt(hit.t.den) * BigInt(hit.t.den)));
  const travelled = Number(exact);
  if (!insideTable(ctx, unitPolygon(ctx, id, { ...u, x: u.x + d.x, y: u.y + d.y })))
    return refuse("move/off-table", "Movement", "the advance would leave the table", id);
  const after: UnitState = {
    ...charged,
    x: u.x + d.x,
    y: u.y + d.y,
    travelled,
    used: Math.min(1500, Math.ceil((travelled * 1000) / rate)),
    engagedOn: position.turn,
  };
  return contact(
    ctx,
    { ...position, units: { ...position.units, [id]: after } },
    id,
    action.target,
    {
      charge: action.charge,
      length2,
      travelled,
      barrier: ctx.linears.find(
        (l) => l.kind !== "stream" && convexCrossesPolyline(translationSweep(poly, d), l.line),
      )?.kind,
    },
    dice,
  );
}

/** The stands touch: a new melee, or the attacker joins the one its target fights (Melee). */
function contact(
  ctx: Ctx,
  given: Position,
  id: string,
  targetId: string,
  how: { charge: boolean; length2: number; travelled: number; barrier: string | undefined },
  dice: DiceSource,
): Out<Step> {
  let position = given;
  const u = position.units[id] as UnitState;
  const target = position.units[targetId] as UnitState;
  const t = traitsOf(ctx, id, u);
  const struck = struckSide(ctx, u, id, target, targetId);
  const firedPistols = t.missile === "pistol" && u.fired;
  const record: ChargeRecord | undefined = how.charge
    ? { length2: how.length2, straight: true, firedPistols }
    : undefined;
  const events: GameEvent[] = [
    {
      type: "engaged",
      unit: id,
      target: targetId,
      charge: how.charge,
      struck,
      length: how.travelled,
    },
  ];
  // Formations: a unit "forced into a melee while wading a stream or river" is muddled.
  const wading = ctx.linears.some(
    (l) => l.kind === "stream" && convexCrossesPolyline(unitPolygon(ctx, targetId, target), l.line),
  );
  if (wading && target.muddle === 0)
    position = {
      ...position,
      units: { ...position.units, [targetId]: { ...target, muddle: ctx.rules.data.urt.untangle } },
    };
  const existing = meleeOf(position, targetId);
  if (existing) {
    // "Units entering a melee in progress get their charge bonus but no flank or rear advantages."
    const onAttackers = existing.defenders.includes(targetId);
    const m: Melee = {
      ...existing,
      attackers: onAttackers ? [...existing.attackers, id] : existing.attackers,
      defenders: onAttackers ? existing.defenders : [...existing.defenders, id],
      joined: [...existing.joined, id],
      charges: record ? { ...existing.charges, [id]: record } : existing.charges,
    };
    return yes({
      position: { ...position, melees: position.melees.map((x) => (x === existing ? m : x)) },
      events,
    });
  }
  // "Only a Steady or Shaken unit can accept melee": a broken target gives way (falls back) rather than fight.
  if (!mayAcceptMelee(target.level)) {
    const fell = fallBack(ctx, position, targetId, "it could not accept melee", events, id);
    return yes({ position: fell, events });
  }
  const meleeId = `m${position.meleesBegun + 1}`;
  const m: Melee = {
    id: meleeId,
    attackers: [id],
    defenders: [targetId],
    round: 1,
    struck,
    charges: record ? { [id]: record } : {},
    joined: [],
    fatigue: {},
    ...(how.barrier === "hedge" || how.barrier === "wall" ? { barrier: how.barrier } : {}),
  };
  let out: Position = { ...position, melees: [...position.melees, m], meleesBegun: position.meleesBegun + 1 };
  const reaction = counterRoll(ctx, out, id, targetId, meleeId, dice, events);
  if (!reaction.ok) return reaction;
  if (reaction.value) out = { ...out, reaction: reaction.value, toMove: target.side };
  return yes({ position: out, events });
}

/**
 * Melee: "When a unit that hasn't yet moved is attacked and the attacker
 * has moved less than 1URT of the target unit, the target must accept
 * melee as it stands. If the attacker takes more than a URT, then roll a
 * d10 and add the unit's class modifier and use the Melee Counter Rolls
 * Table ... Units on a side that has already moved have no options."
 */
function counterRoll(
  ctx: Ctx,
  position: Position,
  id: string,
  targetId: string,
  meleeId: string,
  dice: DiceSource,
  events: GameEvent[],
): Out<Reaction | undefined> {
  const u = position.units[id] as UnitState;
  const target = position.units[targetId] as UnitState;
  const tt = traitsOf(ctx, targetId, target);
  // The side that moves second has not moved while the first moves (The Game Turn).
  const sideHasMoved = position.part !== "move-1" || target.moved;
  const basis = urtBasis(ctx, tt, target.formation);
  if (sideHasMoved || basis === 0) return yes(undefined);
  const urts = inTargetUrts(ctx.rules.data, fraction(u.travelled), tt.class, basis);
  if (compare(urts, fraction(1)) <= 0) return yes(undefined);
  const d10 = dice.d10();
  if (!d10.ok) return d10;
  const classModifier = ctx.rules.data.classes[tt.class].d10;
  const allowed = counterOptions(ctx.rules.data, urts, d10.value, classModifier, false).filter((o) => {
    // "counter-charge" (steady formed cavalry), "withdraw" (skirmishers, "Skirmishers may withdraw").
    if (o === "counterCharge")
      return tt.arm === "horse" && target.formation !== "skirmish" && target.level === "steady";
    if (o === "withdraw") return target.formation === "skirmish";
    if (o === "changeFormation") return tt.arm !== "guns";
    return true;
  });
  const score = d10.value + classModifier;
  events.push({ type: "counter-roll", unit: targetId, score, options: allowed });
  if (allowed.length === 0) return yes(undefined);
  return yes({ melee: meleeId, unit: targetId, score, options: allowed, mover: position.toMove });
}
