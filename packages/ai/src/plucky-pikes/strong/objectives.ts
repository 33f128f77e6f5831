import type { Seat } from "@tercio/core";
import { type Ctx, moveRate, type Position, traitsOf, type UnitState } from "@tercio/plucky-pikes";
import { footprint, gap } from "../geometry.js";
import { meleeOf, onTable } from "../policy.js";

/**
 * Victory Points: each objective held at the end (a unit of the side
 * within reach of it, none of the enemy's) is worth its points. How likely
 * each side is to hold it is read from the turns each needs to bring a
 * unit within reach (its nearest unit's distance over its move) against
 * the moves it has left: a side that can be there in time and whose enemy
 * cannot holds it, two that can contest it. A rational sigmoid (no exp)
 * softens the count of turns.
 */
function soft(x: number): number {
  return 0.5 + (0.5 * x) / (1 + Math.abs(x));
}

/** The moves a unit needs to stand within reach of the point (Infinity if it cannot move there). */
export function turnsTo(
  ctx: Ctx,
  position: Position,
  id: string,
  u: UnitState,
  p: { x: number; y: number },
): number {
  const t = traitsOf(ctx, id);
  const reach = ctx.rules.data.objectives.holdWithin;
  const d = gap([p], footprint(ctx, id, u));
  if (d <= reach * 0.9) return 0;
  if (u.level === "broken" || u.level === "routed") return Number.POSITIVE_INFINITY;
  let rate = moveRate(ctx, t, u.formation);
  let extra = 0;
  if (rate === 0) {
    // A hedgehog or unlimbered guns change formation first.
    rate =
      t.arm === "guns"
        ? t.gun
          ? ctx.rules.data.movement.limberedGuns[t.gun]
          : 0
        : ctx.rules.data.movement.foot.pike;
    extra = 1;
  }
  if (rate === 0) return Number.POSITIVE_INFINITY;
  if (meleeOf(position, id)) extra += 1;
  return extra + (d - reach * 0.9) / rate;
}

/** The moves each side has left after the move being planned now (`mover` plans it). */
export function movesLeft(ctx: Ctx, position: Position, mover: Seat): Record<Seat, number> {
  const left = Math.max(0, ctx.scenario.turns - position.turn);
  const other: Seat = mover === "first" ? "second" : "first";
  const moverIsFirst = position.part === "move-1";
  return { [mover]: left, [other]: left + (moverIsFirst ? 1 : 0) } as Record<Seat, number>;
}

const turnsCache = new WeakMap<UnitState, { inMelee: boolean; turns: number[] }[]>();

/** The moves the unit needs to each objective (kept per unit state: a position shares the states it leaves alone). */
function turnsToEach(ctx: Ctx, position: Position, id: string, u: UnitState): number[] {
  const inMelee = meleeOf(position, id) !== undefined;
  const cached = turnsCache.get(u);
  const hit = cached?.find((c) => c.inMelee === inMelee);
  if (hit) return hit.turns;
  const turns = ctx.objectives.map((o) => turnsTo(ctx, position, id, u, o));
  turnsCache.set(u, [...(cached ?? []), { inMelee, turns }]);
  return turns;
}

/** The objectives' expected points for `side` less the enemy's. */
export function objectiveValue(
  ctx: Ctx,
  position: Position,
  side: Seat,
  moves: Record<Seat, number>,
): number {
  if (ctx.objectives.length === 0) return 0;
  const ids = onTable(position);
  const each = ids.map((id) => ({
    side: (position.units[id] as UnitState).side,
    turns: turnsToEach(ctx, position, id, position.units[id] as UnitState),
  }));
  let value = 0;
  for (const [i, o] of ctx.objectives.entries()) {
    const best: Record<Seat, number> = { first: Number.POSITIVE_INFINITY, second: Number.POSITIVE_INFINITY };
    for (const { side: s, turns } of each) {
      const n = turns[i] ?? Number.POSITIVE_INFINITY;
      if (n < best[s]) best[s] = n;
    }
    // There already: it holds (unless the enemy comes); with no move left, only a unit there counts. A
    // unit is reckoned to need a move and a half in hand (the last turn's initiative is a toss: the enemy
    // may move after, and a unit on its way may be held up), so that it sets off in time.
    const there = (s: Seat) =>
      best[s] === 0
        ? 1
        : moves[s] === 0 || best[s] === Number.POSITIVE_INFINITY
          ? 0
          : soft(3 * (moves[s] - 1.5 - best[s]));
    const mine = there(side);
    const theirs = there(side === "first" ? "second" : "first");
    value += o.points * (mine * (1 - theirs) - theirs * (1 - mine));
  }
  return value;
}
