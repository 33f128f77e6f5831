import {
  barrierBonus,
  buildingOf,
  type Ctx,
  defenceFactor,
  type Fighters,
  hits,
  lethality,
  type Melee,
  type MeleeOrder,
  meleeStrike,
  type Position,
  ranksOf,
  traitsOf,
  type UnitState,
} from "@tercio/plucky-pikes";
import { levelAt } from "./terrain.js";

/**
 * What a move of melee is worth: each unit's strike as the engine's Melee
 * part makes it (melee/fight.ts: every unit strikes the first enemy of its
 * melee still in it, with the engine's meleeStrike, Lethality and the
 * Defense Factor with cover, armour and the barrier crossed), the hits on
 * each face of the d10 averaged. The engine does not export the fight's
 * set-up, so it is copied here; `melee.test.ts` holds it to the engine.
 */
function orderOf(ctx: Ctx, id: string, u: UnitState): MeleeOrder {
  const t = traitsOf(ctx, id);
  if (t.arm === "guns") return { arm: "guns" };
  if (t.arm === "horse") return { arm: "horse", formation: u.formation as "close" | "open" | "skirmish" };
  return { arm: "foot", formation: u.formation as "pike" | "hedgehog" | "open" | "skirmish" };
}

/** The hits the unit's strike makes on each face, against `targetId`, in melee `m` as it stands. */
export function blowByFace(ctx: Ctx, position: Position, m: Melee, id: string, targetId: string): number[] {
  const u = position.units[id] as UnitState;
  const o = position.units[targetId] as UnitState;
  const attacking = m.attackers.includes(id);
  const t = traitsOf(ctx, id);
  const ot = traitsOf(ctx, targetId);
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
  const out: number[] = [];
  for (let face = 1; face <= 10; face++)
    out.push(
      hits(lethality(ctx.rules.data, meleeStrike(ctx.rules.data, fighters, opponent, situation, face)), df),
    );
  return out;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** One unit's expected hits in the melee's next move (0 if it or its side's first enemy is gone). */
export function expectedBlow(ctx: Ctx, position: Position, m: Melee, id: string): number {
  const u = position.units[id];
  if (!u || u.gone) return 0;
  const foes = (m.attackers.includes(id) ? m.defenders : m.attackers).filter(
    (f) => position.units[f] && !position.units[f]?.gone,
  );
  const target = foes[0];
  if (target === undefined) return 0;
  return mean(blowByFace(ctx, position, m, id, target));
}

/** A melee's next move as one side sees it: the hits it expects to deal, and to take, by unit struck. */
export interface MeleeBalance {
  readonly dealt: number;
  readonly taken: number;
  /** Expected hits on each unit of the melee (both sides). */
  readonly onUnit: ReadonlyMap<string, number>;
}

export function meleeBalance(ctx: Ctx, position: Position, m: Melee, side: string): MeleeBalance {
  const alive = (ids: readonly string[]) =>
    ids.filter((id) => position.units[id] && !position.units[id]?.gone);
  const attackers = alive(m.attackers);
  const defenders = alive(m.defenders);
  const onUnit = new Map<string, number>();
  let dealt = 0;
  let taken = 0;
  if (attackers.length === 0 || defenders.length === 0) return { dealt, taken, onUnit };
  for (const id of [...attackers, ...defenders]) {
    const target = (attackers.includes(id) ? defenders : attackers)[0] as string;
    const h = mean(blowByFace(ctx, position, m, id, target));
    onUnit.set(target, (onUnit.get(target) ?? 0) + h);
    if (position.units[id]?.side === side) dealt += h;
    else taken += h;
  }
  return { dealt, taken, onUnit };
}
