import type { Seat } from "@tercio/core";
import {
  type Ctx,
  effectivenessOf,
  losesFlag,
  type Melee,
  type Position,
  traitsOf,
  type UnitState,
} from "@tercio/plucky-pikes";
import { blowByFace } from "../melee.js";

/**
 * What things are worth, in Victory Points (the game's own currency: the
 * side with more at the end wins). An army scores the Army Effectiveness
 * Table's points for the share of its units and guns remaining, so a unit
 * is worth the table's slope over the army's size; a unit is removed when
 * it falls to Routed (a quarter of its figures or less), so each figure it
 * loses brings that nearer: its survival is taken as linear in its
 * strength between full and a quarter, and a figure is worth its share of
 * that. Dropping below a level is worth more (the rally roll and the fall
 * back 6"). A flag is a point to the taker and a point off the loser.
 */
export interface Values {
  /** VP a unit of each side is worth (the effectiveness slope over the army's size). */
  readonly unit: Readonly<Record<Seat, number>>;
}

/** The Army Effectiveness Table's points per whole army (its slope between the top and the bottom rows). */
function effectivenessSlope(ctx: Ctx): number {
  const rows = [...ctx.rules.data.armyEffectiveness].sort((a, b) => b.from - a.from);
  const top = rows[0];
  // From the top row down to the last row that scores anything.
  const last = [...rows].reverse().find((r) => r.points > 0);
  if (!top || !last || top.from === last.from) return 10;
  return (top.points - last.points) / ((top.from - last.from) / 100);
}

export function valuesOf(ctx: Ctx): Values {
  const slope = effectivenessSlope(ctx);
  return { unit: { first: slope / ctx.strength.first, second: slope / ctx.strength.second } };
}

const LEVEL_BONUS: Readonly<Record<string, number>> = { steady: 0, shaken: 0.15, broken: 0.35, routed: 1 };

/** A unit's survival (0..1) at `strength` of its original `original`. */
export function survival(strength: number, original: number): number {
  const x = strength / Math.max(1, original);
  return Math.max(0, Math.min(1, (x - 0.25) / 0.75));
}

/** The VP the unit's side loses when it loses `hits` figures (or points): survival and levels. */
export function lossValue(ctx: Ctx, v: Values, id: string, u: UnitState, hits: number): number {
  if (hits <= 0 || u.gone) return 0;
  const t = traitsOf(ctx, id);
  const left = Math.max(0, u.strength - hits);
  let value = survival(u.strength, t.strength) - survival(left, t.strength);
  const before = effectivenessOf(ctx.rules.data, t.strength, u.strength);
  const after = effectivenessOf(ctx.rules.data, t.strength, left);
  if (after !== before) value += (LEVEL_BONUS[after] ?? 0) - (LEVEL_BONUS[before] ?? 0);
  return Math.min(1, value) * v.unit[u.side];
}

/** The expected VP loss over the faces of a d10 (hits on each face). */
export function expectedLoss(
  ctx: Ctx,
  v: Values,
  id: string,
  u: UnitState,
  byFace: readonly number[],
): number {
  let sum = 0;
  for (const h of byFace) sum += lossValue(ctx, v, id, u, h);
  return sum / Math.max(1, byFace.length);
}

/** The chance a unit that loses a melee loses its flag (d10 + class, "6 or less"). */
export function flagChance(ctx: Ctx, id: string, u: UnitState): number {
  if (u.flagLost) return 0;
  const cm = ctx.rules.data.classes[traitsOf(ctx, id).class].d10;
  let n = 0;
  for (let face = 1; face <= 10; face++) if (losesFlag(ctx.rules.data, face, cm)) n++;
  return n / 10;
}

/** The distribution of a sum of independent blows (each a list of hits by face), as hits -> chance. */
function sumOfBlows(blows: readonly (readonly number[])[]): Map<number, number> {
  let dist = new Map<number, number>([[0, 1]]);
  for (const b of blows) {
    const next = new Map<number, number>();
    for (const [s, p] of dist) for (const h of b) next.set(s + h, (next.get(s + h) ?? 0) + p / b.length);
    dist = next;
  }
  return dist;
}

/**
 * A melee's next move as `side` sees it, in VP: the figures each side's
 * blows are expected to cost the other (each unit struck by the enemies
 * striking it, its loss valued over their faces), and the flags: the side
 * that causes more casualties wins and each unit of the loser may lose its
 * flag (a point each way). Also whether the enemy's guns are overrun.
 */
export function meleeValue(ctx: Ctx, v: Values, position: Position, m: Melee, side: Seat): number {
  const now = meleeMove(ctx, v, position, m, side);
  // "On move 2 of a melee, all the troops of each side are involved": the next move, if it comes, weighs half.
  const next = meleeMove(ctx, v, position, { ...m, round: m.round + 1, charges: {}, joined: [] }, side);
  return now + 0.5 * next;
}

function meleeMove(ctx: Ctx, v: Values, position: Position, m: Melee, side: Seat): number {
  const alive = (ids: readonly string[]) =>
    ids.filter((id) => position.units[id] && !position.units[id]?.gone);
  const attackers = alive(m.attackers);
  const defenders = alive(m.defenders);
  if (attackers.length === 0 || defenders.length === 0) return 0;
  const blowsOn = new Map<string, number[][]>();
  const bySide: Record<Seat, number[][]> = { first: [], second: [] };
  for (const id of [...attackers, ...defenders]) {
    const target = (attackers.includes(id) ? defenders : attackers)[0] as string;
    const b = blowByFace(ctx, position, m, id, target);
    blowsOn.set(target, [...(blowsOn.get(target) ?? []), b]);
    bySide[(position.units[id] as UnitState).side].push(b);
  }
  let value = 0;
  for (const [target, blows] of blowsOn) {
    const u = position.units[target] as UnitState;
    const dist = sumOfBlows(blows);
    let loss = 0;
    for (const [h, p] of dist) loss += p * lossValue(ctx, v, target, u, h);
    // Guns overrun in melee are captured: a point to the captor.
    let captured = 0;
    if (traitsOf(ctx, target).arm === "guns") for (const [h, p] of dist) if (h >= u.strength) captured += p;
    const sign = u.side === side ? -1 : 1;
    value += sign * (loss + captured);
  }
  // Who wins the move: the side causing more casualties.
  const ours = sumOfBlows(bySide[side]);
  const theirs = sumOfBlows(bySide[side === "first" ? "second" : "first"]);
  let win = 0;
  let lose = 0;
  for (const [a, pa] of ours)
    for (const [b, pb] of theirs) {
      if (a > b) win += pa * pb;
      else if (b > a) lose += pa * pb;
    }
  for (const id of [...attackers, ...defenders]) {
    const u = position.units[id] as UnitState;
    const f = flagChance(ctx, id, u);
    if (u.side === side) value -= lose * f * 2;
    else value += win * f * 2;
  }
  return value;
}
