import type { Ctx } from "../context.js";
import { buildingOf } from "../fire/aim.js";
import { ranksOf, traitsOf } from "../footprint.js";
import { defenceFactor, type Strike } from "../lethality.js";
import { barrierBonus, type Fighters, type MeleeOrder, meleeStrike } from "../melee-strike.js";
import type { Melee, Position, UnitState } from "../position.js";
import { levelAt } from "../table.js";

/**
 * One unit's blow in a move of melee, the d10 still to roll: "Add the
 * figures/points to the appropriate modifiers and the d10 roll to find the
 * LF" against the target's DF with its building's cover, its armour and, for
 * attackers, the barrier the attack crossed (the Melee Modifier Table). The
 * Melee part strikes with it (fight.ts), and a player weighing a melee
 * reads the same blow face by face.
 */
export interface MeleeBlow {
  readonly strike: (d10: number) => Strike;
  readonly df: number;
}

function orderOf(ctx: Ctx, id: string, u: UnitState): MeleeOrder {
  const t = traitsOf(ctx, id, u);
  if (t.arm === "guns") return { arm: "guns" };
  if (t.arm === "horse") return { arm: "horse", formation: u.formation as "close" | "open" | "skirmish" };
  return { arm: "foot", formation: u.formation as "pike" | "hedgehog" | "open" | "skirmish" };
}

export function meleeBlow(ctx: Ctx, position: Position, m: Melee, id: string, targetId: string): MeleeBlow {
  const u = position.units[id] as UnitState;
  const o = position.units[targetId] as UnitState;
  const attacking = m.attackers.includes(id);
  const t = traitsOf(ctx, id, u);
  const ot = traitsOf(ctx, targetId, o);
  const joined = m.joined.includes(id);
  const charge = m.charges[id];
  const fighters: Fighters = {
    order: orderOf(ctx, id, u),
    weapon: t.melee ?? (t.arm === "horse" ? "harquebusier" : "shot"),
    unitClass: t.class,
    ranks: ranksOf(ctx, id, u),
    points: u.strength,
    disordered: u.disordered,
    muddled: u.muddle > 0,
    ...(charge ? { charged: charge } : {}),
    joinedInProgress: joined,
    uphill: levelAt(ctx, { x: u.x, y: u.y }) > levelAt(ctx, { x: o.x, y: o.y }),
  };
  const opponent = { order: orderOf(ctx, targetId, o), disordered: o.disordered, muddled: o.muddle > 0 };
  const building = buildingOf(ctx, position, targetId);
  const situation = {
    round: m.round,
    against: attacking && !joined ? m.struck : ("front" as const),
    struckOn: attacking ? ("front" as const) : m.struck,
    assaultingBuilding: attacking && building !== undefined,
  };
  const barrier = !attacking ? 0 : m.barrier ? barrierBonus(ctx.rules.data, m.barrier) : 0;
  const df =
    defenceFactor(
      ctx.rules.data,
      { ...(building?.cover ? { cover: building.cover } : {}), armour: ot.armour },
      "melee",
    ) + barrier;
  return { strike: (d10) => meleeStrike(ctx.rules.data, fighters, opponent, situation, d10), df };
}
