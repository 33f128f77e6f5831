import { type Ctx, hits, lethality, type Melee, meleeBlow, type Position } from "@tercio/plucky-pikes";

/**
 * What a move of melee is worth: each unit's strike as the engine's Melee
 * part makes it (melee/fight.ts: every unit strikes the first enemy of its
 * melee still in it, with the engine's own `meleeBlow`: the strike and the
 * Defense Factor with cover, armour and the barrier crossed), the hits on
 * each face of the d10 averaged.
 */

/** The hits the unit's strike makes on each face, against `targetId`, in melee `m` as it stands. */
export function blowByFace(ctx: Ctx, position: Position, m: Melee, id: string, targetId: string): number[] {
  const blow = meleeBlow(ctx, position, m, id, targetId);
  const out: number[] = [];
  for (let face = 1; face <= 10; face++)
    out.push(hits(lethality(ctx.rules.data, blow.strike(face)), blow.df));
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
