import {
  type Action,
  type Ctx,
  type EngageAction,
  FOOT_FORMATIONS,
  HORSE_FORMATIONS,
  legalActions,
  type Position,
  pluckyPikesSystem,
  traitsOf,
} from "@tercio/plucky-pikes";

/**
 * The choices the panel offers, asked of the engine. In a fire step or a
 * counter roll, legalActions lists them (cheaply); in a side's move it
 * lists every unit's every engagement and sample move, a tenth of a second
 * on the big tables at each new position, so the panel asks only about the
 * unit selected and the side's officers, each action checked by the
 * system's own apply as legalActions checks it.
 */
export type OfficerAction = Extract<Action, { type: "officer" }>;
export type FireAction = Extract<Action, { type: "fire" }>;
export type ReactAction = Extract<Action, { type: "react" }>;

const legal = (ctx: Ctx, position: Position, a: Action) => pluckyPikesSystem.apply(ctx, position, a).ok;

/** The engagements open to a unit of the side moving: every enemy on the table, with and without the charge. */
export function engagesOf(ctx: Ctx, position: Position, id: string): EngageAction[] {
  const u = position.units[id];
  if (!u || u.gone || u.moved || u.side !== position.toMove || position.reaction) return [];
  if (position.part !== "move-1" && position.part !== "move-2") return [];
  const out: EngageAction[] = [];
  for (const t of Object.keys(position.units).sort()) {
    const e = position.units[t];
    if (!e || e.gone || e.side === u.side) continue;
    for (const charge of [true, false]) {
      const a: EngageAction = { type: "engage", unit: id, target: t, charge };
      if (legal(ctx, position, a)) out.push(a);
    }
  }
  return out;
}

/** The units each officer of the side moving may join now. */
export function officerJoinsOf(ctx: Ctx, position: Position): OfficerAction[] {
  if (position.reaction || (position.part !== "move-1" && position.part !== "move-2")) return [];
  const out: OfficerAction[] = [];
  const units = Object.keys(position.units).sort();
  for (const oid of Object.keys(position.officers).sort()) {
    const o = position.officers[oid];
    if (!o || o.lost || o.moved || o.side !== position.toMove) continue;
    for (const id of units) {
      const u = position.units[id];
      if (!u || u.gone || u.side !== o.side || o.with === id) continue;
      const a: OfficerAction = { type: "officer", officer: oid, unit: id };
      if (legal(ctx, position, a)) out.push(a);
    }
  }
  return out;
}

/** Fire declarations and counter-roll answers: legalActions' own, where they are the choice. */
export function stepChoices(ctx: Ctx, position: Position): Action[] {
  if (position.reaction || position.part === "fire-1" || position.part === "fire-2")
    return legalActions(ctx, position);
  return [];
}

/**
 * The orders a unit of the side moving forms (Formations: pikes form pike
 * and hedgehog, shot open order and skirmish, and so on): those of its arm
 * the engine does not refuse as orders it does not form. A change refused
 * for want of room or time is still offered, and refused with its reason.
 */
export function formationsFor(ctx: Ctx, position: Position, id: string): string[] {
  const u = position.units[id];
  if (!ctx.units[id] || !u) return [];
  // Dismounted horse archers form as foot (Bows & Crossbows).
  const t = traitsOf(ctx, id, u);
  if (t.arm === "guns") return [];
  const orders: readonly string[] = t.arm === "foot" ? FOOT_FORMATIONS : HORSE_FORMATIONS;
  return orders.filter((f) => {
    if (f === u.formation) return true;
    const step = pluckyPikesSystem.apply(ctx, position, {
      type: "move",
      unit: id,
      program: [{ op: "form", formation: f }],
    });
    return step.ok || step.error.code !== "move/formation";
  });
}
