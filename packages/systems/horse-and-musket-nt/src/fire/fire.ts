import type { Ctx } from "../context.js";
import type { DiceSource } from "../dice-source.js";
import type { GameEvent, WorkingStep } from "../events.js";
import { type Judge, RollOffJudge, refusedEvent } from "../grey-areas.js";
import { type Sequence, type Term, work } from "../modifiers.js";
import type { Position } from "../position.js";
import { no, type Out, type RuleError, ruleError, yes } from "../rule-error.js";
import { fireCover } from "../terrain.js";
import { actsAs, fireValues, loggedModifier, modifiedDie, skirmishes } from "../unit-class.js";
import { type Band, priorityTargets, splitPartner, type Targeted } from "./targets.js";

/**
 * 1.1 Fire: the shooter's priority target (targets.ts) and its band, the
 * Dx and the modifier sequence i-vi in order (modifiers.ts: adding,
 * subtracting, doubling at point blank, halving against Skirmishers,
 * terrain, the 1/4 cap, rounding up), the volley split between two
 * mutually protected targets in the same band with the odd hit on the
 * closer, and Ammunition Supply. Removal at 15+ hits follows at once
 * (removal.ts, called by apply).
 */
export interface ShotPlan {
  readonly shooter: string;
  readonly target: Targeted;
  /** 1.1 A: the second unit the volley is split with. */
  readonly split?: Targeted;
  /** The modifier sequence for a die as rolled (the unit's quality modifier applied inside). */
  sequence(face: number): Sequence;
}

export function fireRefusal(ctx: Ctx, position: Position, id: string): RuleError | undefined {
  const u = position.units[id];
  if (!u) return ruleError("action/unknown-unit", "1.1 Fire", `there is no unit ${id}`);
  if (position.phase !== "actions")
    return ruleError("action/wrong-phase", "Play Sequence", "units fire in the Actions phase", { unit: id });
  if (u.side !== position.toMove)
    return ruleError("action/not-your-unit", "Play Sequence", `${id} is not the acting player's`, {
      unit: id,
    });
  if (u.acted === "fired")
    return ruleError("action/already-acted", "1.1 Fire", `${id} has fired`, { unit: id });
  if (u.acted !== "none")
    return ruleError("fire/moved", "1.2 Move", `a Unit that Moves may not Fire (${id} has moved)`, {
      unit: id,
    });
  if (!fireValues(ctx, u))
    return ruleError(
      "fire/cannot-fire",
      u.formation === "column" ? "Maneuvering iv" : "1.1 Fire",
      u.formation === "column" ? `${id} is in column and may not fire` : `${id} does not fire`,
      { unit: id },
    );
  if (u.outOfAmmunition)
    return ruleError(
      "fire/no-ammunition",
      "Ammunition Supply",
      `${id} may not fire until it performs a Rally`,
      {
        unit: id,
      },
    );
  return undefined;
}

function sequenceFor(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  target: Targeted,
  face: number,
): Sequence {
  const shooter = position.units[shooterId];
  const t = position.units[target.id];
  const data = ctx.rules.data;
  const adds: (Term & { by: number })[] = [];
  if (shooter && t) {
    const kind = actsAs(ctx, t);
    if (kind === "cavalry")
      adds.push({ rule: "1.1 i", text: "firing at Cavalry: add 2", by: data.fire.flankRearOrCavalry });
    else if (data.unitTypes[kind].foot && target.side !== "front")
      adds.push({
        rule: "1.1 i",
        text: `firing at a Foot Unit's ${target.side === "rear" ? "Rear" : "Flank"}: add 2`,
        by: data.fire.flankRearOrCavalry,
      });
    const values = fireValues(ctx, shooter);
    if (values && values.subtract > 0)
      adds.push({ rule: "1.1 ii", text: "Skirmishers and Artillery subtract 2", by: -values.subtract });
    if (ctx.options.acw === "on" && shooter.type === "infantry" && shooter.formation === "column")
      adds.push({ rule: "ACW 6", text: "Infantry shooting in column: -2", by: -data.acw.columnFire });
  }
  const doubles =
    target.band === "point-blank"
      ? [{ rule: "1.1 iii", text: "double at Point Blank Range", by: data.fire.pointBlank }]
      : [];
  const halves: Term[] = [];
  if (target.band === "long") halves.push({ rule: "ACW 3", text: "halved at the Minié rifle's Long Range" });
  if (t && skirmishes(ctx, t)) halves.push({ rule: "1.1 iv", text: "Hits against Skirmishers are halved" });
  const cover = fireCover(ctx, position, target.id, target.side);
  if (cover) halves.push({ rule: "1.1 v", text: `the target is within or behind ${cover}: halve Hits` });
  const value = modifiedDie(ctx, shooterId, face);
  return {
    start: {
      value,
      rule: "1.1 B",
      text:
        value === face
          ? `roll Dx: ${face}`
          : `roll Dx: ${face}, ${value - face > 0 ? "+" : ""}${value - face} for quality`,
    },
    adds,
    doubles,
    halves,
    halve: data.fire.halve,
    cap: { ...data.fire.cap, rule: "1.1 vi" },
  };
}

/**
 * What a shot would be: its target (and split), by the judge. Null when
 * the shooter has no target; an error when the player must name one of
 * several tied, or named one that is not the priority.
 */
export function planShot(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  chosen: string | undefined,
  judge: Judge,
): Out<ShotPlan | null> {
  const refusal = fireRefusal(ctx, position, shooterId);
  if (refusal) return no(refusal);
  const first = priorityTargets(ctx, position, shooterId, judge);
  if (first.length === 0) return yes(null);
  const target =
    chosen === undefined ? (first.length === 1 ? first[0] : undefined) : first.find((c) => c.id === chosen);
  if (!target) {
    const ids = first.map((c) => c.id).join(", ");
    return no(
      chosen === undefined
        ? ruleError("fire/choose-target", "1.1 A", `${ids} are equally close and forward: name the target`, {
            unit: shooterId,
          })
        : ruleError(
            "fire/not-priority",
            "1.1 A",
            `Units fire at the closest, most directly forward Unit in their Front Arc: ${shooterId} must fire at ${ids}`,
            { unit: shooterId, other: chosen },
          ),
    );
  }
  const split = splitPartner(ctx, position, shooterId, target, judge);
  return yes({
    shooter: shooterId,
    target,
    ...(split ? { split } : {}),
    sequence: (face: number) => sequenceFor(ctx, position, shooterId, target, face),
  });
}

/** The hits each target takes: the whole on one, or "divide Hits equally, an odd Hit placed upon the closest Unit". */
export function shares(
  plan: ShotPlan,
  hits: number,
): { id: string; hits: number; share?: "closer" | "other" }[] {
  const { target, split } = plan;
  if (!split) return [{ id: target.id, hits }];
  // Equal distances: the priority target takes the odd hit.
  const closer = split.sight.d2 < target.sight.d2 ? split : target;
  const farther = closer === target ? split : target;
  const half = Math.floor(hits / 2);
  return [
    { id: closer.id, hits: hits - half, share: "closer" },
    { id: farther.id, hits: half, share: "other" },
  ];
}

export interface FireStep {
  readonly position: Position;
  readonly events: GameEvent[];
}

export function fire(
  ctx: Ctx,
  position: Position,
  shooterId: string,
  chosen: string | undefined,
  dice: DiceSource,
): Out<FireStep> {
  const shooter = position.units[shooterId];
  if (!shooter) return no(ruleError("action/unknown-unit", "1.1 Fire", `there is no unit ${shooterId}`));
  const judge = new RollOffJudge(position.settled, dice, shooter.side);
  const planned = planShot(ctx, position, shooterId, chosen, judge);
  if (judge.error) return no(judge.error);
  const events: GameEvent[] = [...judge.events];
  const settled = { ...position.settled, ...judge.settled };
  // Grey Areas: a shot refused after a roll-off spends the action on the roll-off alone: its dice and
  // answer are kept (so asking again cannot roll again), the refusal logged, and the unit may still act.
  const refused = (error: RuleError): Out<FireStep> =>
    judge.rolled
      ? yes({ position: { ...position, settled }, events: [...events, refusedEvent(shooterId, error)] })
      : no(error);
  if (!planned.ok) return refused(planned.error);
  const plan = planned.value;
  if (!plan)
    return refused(
      ruleError(
        "fire/no-target",
        "1.1 A",
        `${shooterId} has no enemy Unit in line of sight and range to fire at`,
        {
          unit: shooterId,
        },
      ),
    );
  const r = dice.roll();
  if (!r.ok) return r;
  const worked = work(plan.sequence(r.value));
  events.push({
    type: "die-rolled",
    value: r.value,
    purpose: "fire",
    unit: shooterId,
    ...loggedModifier(ctx, shooterId),
  });
  const units = { ...position.units };
  const outOfAmmunition = ctx.options.ammunition === "on" && r.value === dice.top;
  units[shooterId] = {
    ...shooter,
    acted: "fired",
    outOfAmmunition: shooter.outOfAmmunition || outOfAmmunition,
  };
  for (const s of shares(plan, worked.hits)) {
    const t = units[s.id];
    if (t) units[s.id] = { ...t, hits: t.hits + s.hits };
    events.push({
      type: "fired",
      unit: shooterId,
      target: s.id,
      side: s.id === plan.target.id ? plan.target.side : (plan.split?.side ?? plan.target.side),
      band: plan.target.band,
      roll: r.value,
      hits: s.hits,
      total: worked.hits,
      steps: worked.steps,
      ...(s.share ? { share: s.share } : {}),
    });
  }
  if (outOfAmmunition) events.push({ type: "out-of-ammunition", unit: shooterId });
  return yes({ position: { ...position, units, settled }, events });
}

/** The hits of a shot for each face of the game's die (the board's odds, the AI's worth). */
export function hitsByFace(ctx: Ctx, plan: ShotPlan): { face: number; hits: number; steps: WorkingStep[] }[] {
  return ctx.die.faces.map((face) => {
    const w = work(plan.sequence(face));
    return { face, hits: w.hits, steps: w.steps };
  });
}

export type { Band };
