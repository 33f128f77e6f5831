import { otherSeat, type Seat } from "@tercio/core";
import { type Polygon, pointInPolygon } from "@tercio/geometry";
import type { Ctx } from "./context.js";
import type { Position, PositionResult } from "./position.js";
import type { Hold } from "./scenarios/schema.js";

/**
 * Victory: the text has none (003 gives no scenarios), so each scenario states its own (designed),
 * as data: sudden-death conditions checked at the end of every player turn
 * (destroy a fraction of the enemy; bring units into a zone), objectives
 * held at the end of the last turn, and who wins when those are level. A
 * side with no units left loses at once.
 */
export function losses(ctx: Ctx, position: Position, side: Seat): number {
  let n = 0;
  for (const id of position.removed) if (ctx.sideOf[id] === side) n++;
  return n;
}

/** Removals of the enemy's units a destroy condition needs: lost / strength >= num / den, in integers. */
function destroyCount(ctx: Ctx, enemy: Seat, fraction: { num: number; den: number }): number {
  return Math.ceil((fraction.num * ctx.strength[enemy]) / fraction.den);
}

/**
 * How many more of the enemy's units `side` must remove to win at once by the scenario's
 * destroy conditions for it (the fewest, where it has several), or undefined when it has none:
 * what a player weighs as the end nears.
 */
export function removalsToDestroy(ctx: Ctx, position: Position, side: Seat): number | undefined {
  const enemy = otherSeat(side);
  let need: number | undefined;
  for (const c of ctx.scenario.victory.suddenDeath) {
    if (c.kind !== "destroy" || c.side !== side) continue;
    const n = Math.max(0, destroyCount(ctx, enemy, c.fraction) - losses(ctx, position, enemy));
    need = need === undefined ? n : Math.min(need, n);
  }
  return need;
}

function unitsIn(position: Position, side: Seat, zone: Polygon): number {
  let n = 0;
  for (const u of Object.values(position.units))
    if (u.side === side && pointInPolygon(u, zone) !== "outside") n++;
  return n;
}

function alive(position: Position, side: Seat): number {
  let n = 0;
  for (const u of Object.values(position.units)) if (u.side === side) n++;
  return n;
}

/** A result at the end of `side`'s player turn, if a sudden-death condition is met. */
export function suddenDeath(ctx: Ctx, position: Position, side: Seat): PositionResult | undefined {
  const names = ctx.scenario.sides;
  for (const s of [side, otherSeat(side)])
    if (alive(position, s) === 0)
      return { winner: otherSeat(s), reason: `${names[s].name} have no units left on the table` };
  for (const c of ctx.scenario.victory.suddenDeath) {
    if (c.kind === "destroy") {
      const enemy = otherSeat(c.side);
      const lost = losses(ctx, position, enemy);
      if (lost >= destroyCount(ctx, enemy, c.fraction))
        return {
          winner: c.side,
          reason: `${names[c.side].name} destroyed ${lost} of ${ctx.strength[enemy]} enemy units`,
        };
    } else if (c.side === side && unitsIn(position, side, c.zone) >= c.count) {
      return { winner: side, reason: `${names[side].name} reached ${c.name} with ${c.count} units` };
    }
  }
  return undefined;
}

function holdZone(ctx: Ctx, hold: Hold): Polygon | undefined {
  if (hold.zone) return hold.zone;
  return ctx.areas.find((a) => a.id === hold.piece)?.polygon;
}

/** Who holds an objective: units of one side only have their centres in it. */
export function holder(ctx: Ctx, position: Position, hold: Hold): Seat | undefined {
  const zone = holdZone(ctx, hold);
  if (!zone) return undefined;
  const first = unitsIn(position, "first", zone);
  const second = unitsIn(position, "second", zone);
  if (first > 0 && second === 0) return "first";
  if (second > 0 && first === 0) return "second";
  return undefined;
}

/** The result after the last player turn of the last game turn. */
export function finalResult(ctx: Ctx, position: Position): PositionResult {
  const names = ctx.scenario.sides;
  const points: Record<Seat, number> = { first: 0, second: 0 };
  const held: string[] = [];
  for (const hold of ctx.scenario.victory.atEnd) {
    const h = holder(ctx, position, hold);
    if (h) {
      points[h] += hold.points;
      held.push(`${names[h].name} hold ${hold.name}`);
    }
  }
  const end = `after ${ctx.scenario.turns} turns`;
  if (points.first !== points.second) {
    const winner: Seat = points.first > points.second ? "first" : "second";
    return { winner, reason: `${held.join("; ")} ${end}` };
  }
  const otherwise = ctx.scenario.victory.otherwise;
  if (otherwise === "first" || otherwise === "second")
    return { winner: otherwise, reason: `${names[otherwise].name} were not beaten ${end}` };
  if (otherwise === "fewer-losses") {
    const a = losses(ctx, position, "first");
    const b = losses(ctx, position, "second");
    if (a !== b) {
      const winner: Seat = a < b ? "first" : "second";
      return {
        winner,
        reason: `${names[winner].name} lost fewer units (${Math.min(a, b)} to ${Math.max(a, b)}) ${end}`,
      };
    }
  }
  return { winner: "draw", reason: `neither side prevailed ${end}` };
}
