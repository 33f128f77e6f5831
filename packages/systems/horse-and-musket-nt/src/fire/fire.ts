import type { Ctx } from "../context.js";
import type { DiceSource } from "../dice-source.js";
import type { GameEvent } from "../events.js";
import { measureWithin, tooCloseToCall } from "../grey-areas.js";
import type { Position } from "../position.js";
import { no, type Out, ruleError, yes } from "../rule-error.js";
import { protector } from "../sides.js";
import { fireCover } from "../terrain.js";
import { dieModifier, fireValues, skirmishes } from "../unit-class.js";
import { type Sequence, type Term, work } from "../working.js";
import { type FireCandidate, fireCandidates, priorityTargets } from "./targets.js";

/**
 * 1.1 Fire: the shooter's priority target (targets.ts), its range band
 * (point blank doubles; the Minié's long range halves, ACW 3), the Dx and
 * the modifier sequence i-vi (working.ts), hits split between two mutually
 * protected targets at the same range with the odd hit on the closer, and
 * Ammunition Supply. Removal at 15+ hits is sequence.ts's, after the shot.
 */
export type Band = "point-blank" | "effective" | "long";

export interface FireStep {
  readonly position: Position;
  readonly events: GameEvent[];
}

export function fireRefusal(
  ctx: Ctx,
  position: Position,
  id: string,
): ReturnType<typeof ruleError> | undefined {
  const u = position.units[id];
  if (!u) return ruleError("action/unknown-unit", "1.1 Fire", `there is no unit ${id}`);
  if (u.side !== position.toMove)
    return ruleError("action/not-your-unit", "Play Sequence", `${id} is not the acting player's`, {
      unit: id,
    });
  if (position.phase !== "actions")
    return ruleError("action/wrong-phase", "Play Sequence", "units fire in the Actions phase", { unit: id });
  if (u.acted === "fired")
    return ruleError("action/already-acted", "1.1 Fire", `${id} has fired`, { unit: id });
  if (u.acted !== "none")
    return ruleError("fire/moved", "1.2 Move", `${id} has moved this turn and may not fire`, { unit: id });
  if (!fireValues(ctx, u))
    return ruleError("fire/cannot-fire", "1.1 Fire", `${id} does not fire`, { unit: id });
  if (u.outOfAmmunition)
    return ruleError("fire/no-ammunition", "Ammunition Supply", `${id} may not fire until it rallies`, {
      unit: id,
    });
  if (position.contacts.some((c) => c.attacker === id || c.defender === id))
    return ruleError("fire/cannot-fire", "2 Melee", `${id} is in contact`, { unit: id });
  return undefined;
}

function sequenceFor(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  target: FireCandidate,
  band: Band,
  roll: number,
): Sequence {
  const shooter = position.units[shooterId];
  const t = position.units[target.id];
  if (!shooter || !t) throw new Error("sequenceFor: no such unit");
  const data = ctx.rules.data;
  const values = fireValues(ctx, shooter);
  const adds: (Term & { by: number })[] = [];
  const targetCountsAsCavalry = t.type === "cavalry" && !skirmishes(ctx, t);
  const foot = data.unitTypes[t.type].foot;
  if (targetCountsAsCavalry)
    adds.push({ rule: "1.1 i", text: "firing at Cavalry", by: data.fire.flankRearOrCavalry });
  else if (foot && target.side !== "front")
    adds.push({
      rule: "1.1 i",
      text: `firing at a Foot unit's ${target.side}`,
      by: data.fire.flankRearOrCavalry,
    });
  if (values && values.subtract > 0)
    adds.push({ rule: "1.1 ii", text: "Skirmishers and Artillery subtract 2", by: -values.subtract });
  if (ctx.options.acw === "on" && shooter.type === "infantry" && shooter.formation === "column")
    adds.push({ rule: "ACW 6", text: "infantry shooting in column", by: -data.acw.columnFire });
  const doubles =
    band === "point-blank"
      ? [{ rule: "1.1 iii", text: "doubled at Point Blank Range", by: data.fire.pointBlank }]
      : [];
  const halves: Term[] = [];
  if (band === "long") halves.push({ rule: "ACW 3", text: "halved at the Minié's long range" });
  if (skirmishes(ctx, t)) halves.push({ rule: "1.1 iv", text: "hits against Skirmishers are halved" });
  const cover = fireCover(ctx, position, target.id);
  if (cover) halves.push({ rule: "1.1 v", text: `the target is in ${cover}` });
  return {
    start: { value: roll, rule: "1.1", text: "roll Dx" },
    adds,
    doubles,
    halves,
    halve: data.fire.halve,
    cap: { ...data.fire.cap, rule: "1.1 vi" },
  };
}

/** The candidate the volley is split with: a protecting neighbour of the target in the same band (1.1 A). */
function splitWith(
  ctx: Ctx,
  position: Position,
  target: FireCandidate,
  all: readonly FireCandidate[],
  bandOf: (c: FireCandidate) => Band | null,
): FireCandidate | undefined {
  const band = bandOf(target);
  const neighbours = new Set(
    (["left", "right"] as const)
      .map((f) => protector(ctx, position, target.id, f))
      .filter((x) => x !== undefined),
  );
  return all.find((c) => c.id !== target.id && neighbours.has(c.id) && bandOf(c) === band);
}

function exactBand(ctx: Ctx, shooterId: string, position: Position, d2: number): Band | null {
  const u = position.units[shooterId];
  const f = u ? fireValues(ctx, u) : null;
  if (!f) return null;
  if (d2 <= f.pointBlank * f.pointBlank) return "point-blank";
  if (d2 <= f.effective * f.effective) return "effective";
  const long = ctx.traits[shooterId]?.minie ? ctx.rules.data.acw.minieLong : 0;
  return d2 <= long * long ? "long" : null;
}

/** Settles a candidate's band, rolling off where a limit is too close to call. */
function settleBand(
  ctx: Ctx,
  position: Position,
  dice: DiceSource,
  shooterId: string,
  c: FireCandidate,
): Out<{ band: Band | null; events: GameEvent[]; settled: Record<string, boolean> }> {
  const u = position.units[shooterId];
  const f = u ? fireValues(ctx, u) : null;
  if (!u || !f) return yes({ band: null, events: [], settled: {} });
  const long = ctx.traits[shooterId]?.minie ? ctx.rules.data.acw.minieLong : 0;
  const limits: [Band, number][] = [
    ["point-blank", f.pointBlank],
    ["effective", f.effective],
  ];
  if (long > f.effective) limits.push(["long", long]);
  const events: GameEvent[] = [];
  const settled: Record<string, boolean> = {};
  for (const [band, limit] of limits) {
    const key = `range:${shooterId}:${c.id}:${limit}`;
    const m = measureWithin(
      ctx,
      { ...position, settled: { ...position.settled, ...settled } },
      dice,
      { key, question: `is ${c.id} within ${shooterId}'s ${band} range?`, acting: u.side },
      c.sight.d2 <= limit * limit,
      tooCloseToCall(ctx, c.sight.d2, limit),
    );
    if (!m.ok) return m;
    events.push(...m.value.events);
    if (m.value.settled) settled[m.value.settled.key] = m.value.settled.answer;
    if (m.value.within) return yes({ band, events, settled });
  }
  return yes({ band: null, events, settled });
}

export function fire(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  chosen: string | undefined,
  dice: DiceSource,
): Out<FireStep> {
  const refusal = fireRefusal(ctx, position, shooterId);
  if (refusal) return no(refusal);
  const first = priorityTargets(ctx, position, shooterId);
  if (first.length === 0)
    return no(ruleError("fire/no-target", "1.1 A", `${shooterId} has no target in line of sight and range`));
  const target =
    chosen === undefined ? (first.length === 1 ? first[0] : undefined) : first.find((c) => c.id === chosen);
  if (!target) {
    const ids = first.map((c) => c.id).join(", ");
    return no(
      chosen === undefined
        ? ruleError("fire/choose-target", "1.1 A", `${ids} are equally close and forward: name the target`)
        : ruleError(
            "fire/not-priority",
            "1.1 A",
            `${shooterId} must fire at the closest, most directly forward unit: ${ids}`,
            {
              unit: shooterId,
              other: chosen,
            },
          ),
    );
  }
  const shooter = position.units[shooterId];
  if (!shooter) return no(ruleError("action/unknown-unit", "1.1 Fire", `there is no unit ${shooterId}`));
  const banded = settleBand(ctx, position, dice, shooterId, target);
  if (!banded.ok) return banded;
  const events = [...banded.value.events];
  const settled = { ...position.settled, ...banded.value.settled };
  if (banded.value.band === null)
    // The roll-off put the target out of range: no shot, and the unit may still act.
    return yes({ position: { ...position, settled }, events });
  const band = banded.value.band;
  const r = dice.roll();
  if (!r.ok) return r;
  const modifier = dieModifier(ctx, shooterId);
  const roll = Math.max(0, r.value + modifier);
  events.push({
    type: "die-rolled",
    value: r.value,
    purpose: "fire",
    unit: shooterId,
    ...(modifier !== 0 ? { modifier } : {}),
  });
  const worked = work(sequenceFor(ctx, position, shooterId, target, band, roll));
  const all = fireCandidates(ctx, position, shooterId);
  const other = splitWith(ctx, position, target, all, (c) => exactBand(ctx, shooterId, position, c.sight.d2));
  const units = { ...position.units };
  const outOfAmmunition = ctx.options.ammunition === "on" && r.value === dice.top;
  units[shooterId] = {
    ...shooter,
    acted: "fired",
    outOfAmmunition: shooter.outOfAmmunition || outOfAmmunition,
  };
  if (other) {
    // "divide Hits equally, an odd Hit placed upon the closest Unit" (ties: the priority target).
    const closer = other.sight.d2 < target.sight.d2 ? other : target;
    const farther = closer === target ? other : target;
    const half = Math.floor(worked.hits / 2);
    const shares: [FireCandidate, number, "closer" | "other"][] = [
      [closer, worked.hits - half, "closer"],
      [farther, half, "other"],
    ];
    for (const [c, hits, share] of shares) {
      const t = units[c.id];
      if (t) units[c.id] = { ...t, hits: t.hits + hits };
      events.push({ type: "fired", unit: shooterId, target: c.id, roll, hits, steps: worked.steps, share });
    }
  } else {
    const t = units[target.id];
    if (t) units[target.id] = { ...t, hits: t.hits + worked.hits };
    events.push({
      type: "fired",
      unit: shooterId,
      target: target.id,
      roll,
      hits: worked.hits,
      steps: worked.steps,
    });
  }
  if (outOfAmmunition) events.push({ type: "out-of-ammunition", unit: shooterId });
  return yes({ position: { ...position, units, settled }, events });
}
