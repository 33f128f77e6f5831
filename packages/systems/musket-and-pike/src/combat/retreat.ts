import type { GameContext } from "../context.js";
import { distance, idOf, indexOfId, neighbourOf } from "../hex/grid.js";
import type { HexId } from "../hex/offset.js";
import type { Mover } from "../movement/cost.js";
import { stepHalfCost } from "../movement/cost.js";
import { EMPTY, sharedOccupancy } from "../movement/occupancy.js";
import { advancedRoads } from "../movement/road-mode.js";
import { PROHIBITED } from "../rules-data/rules-context.js";
import type { Position, UnitId } from "../state/position.js";
import { hexOfUnit } from "../state/stacks.js";
import { unitStats } from "../state/unit-stats.js";
import { SIDES, TERRAINS, UNIT_CLASSES } from "../vocabulary.js";

/** One way a retreat may end: the hex, and a path to it (hexes entered, the last being `to`). */
export interface RetreatOption {
  readonly to: HexId;
  readonly path: readonly HexId[];
}

const CLEAR = TERRAINS.indexOf("clear");

/**
 * 8.2: where a unit forced to retreat may end its retreat, after the rules'
 * priorities; the enemy player chooses among what is left. An empty list
 * means the unit cannot retreat and is eliminated.
 *
 * Reading (docs/rules/musket-and-pike.md, 8.2): the unit moves as in its
 * Movement Phase (terrain costs, 5.3K road rate, never into enemy hexes,
 * prohibited terrain or off the map) with its full Movement Allowance as the
 * budget, along paths that never enter a hex twice, and must leave its hex.
 * Among the hexes so reached: (1) those farthest, in hexes, from the nearest
 * enemy unit; (2) of those, the ones reached through the fewest hexes that
 * are not clear terrain; (3) of those, the vacant ones or those with the
 * fewest units. Each option comes with the cheapest such path.
 */
export function retreatOptions(
  ctx: GameContext,
  position: Position,
  unitId: UnitId,
  /** Half MP already spent: 13.0(F), leaving Road Mode on being disrupted costs 1 MP. */
  spent = 0,
): RetreatOption[] {
  const unit = position.units[unitId];
  const hex = hexOfUnit(position, unitId);
  if (!unit || hex === undefined) return [];
  const grid = ctx.map.grid;
  const start = indexOfId(grid, hex);
  const stats = unitStats(ctx.rules, ctx.scenario, unit);
  const allowance = stats.movement * 2 - spent;
  if (allowance <= 0 || start < 0) return [];
  const occ = sharedOccupancy(ctx.map, position);
  const side = SIDES.indexOf(unit.side);
  const m: Mover = {
    id: unitId,
    unit,
    stats,
    start,
    side,
    cls: UNIT_CLASSES.indexOf(stats.class),
    fleet: unit.role === "fleet",
    // 13.0: with the advanced road rules a unit out of Road Mode has no road rate, in retreat as in movement.
    advancedRoads: advancedRoads(position),
  };
  // Label-setting search over (hex, non-clear hexes entered): the fewest
  // non-clear hexes matter before cost, so each count keeps its own cheapest cost.
  const layers = allowance + 1;
  const size = grid.size;
  const { cost, prev } = searchArrays(size * layers);
  const reached: number[] = [start];
  const buckets: number[][] = Array.from({ length: allowance + 1 }, () => []);
  cost[start] = 0;
  buckets[0]?.push(start);
  for (let c = 0; c <= allowance; c++) {
    const bucket = buckets[c] ?? [];
    for (let b = 0; b < bucket.length; b++) {
      const state = bucket[b] as number;
      if (cost[state] !== c) continue;
      const h = state % size;
      const k = (state - h) / size;
      for (let d = 0; d < 6; d++) {
        const n = neighbourOf(grid, h, d as 0);
        if (n < 0 || n === start) continue;
        const step = stepHalfCost(ctx, occ, m, h, n, d);
        if (step === PROHIBITED) continue;
        const total = c + step;
        if (total > allowance) continue;
        const nk = k + ((ctx.terrain[n] as number) === CLEAR ? 0 : 1);
        if (nk >= layers) continue;
        const next = nk * size + n;
        const known = cost[next] as number;
        if (known >= 0 && known <= total) continue;
        if (known < 0) reached.push(next);
        cost[next] = total;
        prev[next] = state;
        buckets[total]?.push(next);
      }
    }
  }
  // The fewest non-clear hexes with which each hex can be reached.
  const bestLayer = new Int16Array(size).fill(-1);
  for (const st of reached) {
    const h = st % size;
    const k = (st - h) / size;
    if (h !== start && ((bestLayer[h] as number) < 0 || k < (bestLayer[h] as number))) bestLayer[h] = k;
  }
  const enemies: number[] = [];
  for (let h = 0; h < size; h++) {
    const s = occ.side[h] as number;
    if (s !== EMPTY && s !== side) enemies.push(h);
  }
  const farFromEnemy = (h: number) => {
    let nearest = enemies.length === 0 ? 0 : Number.POSITIVE_INFINITY;
    for (const e of enemies) nearest = Math.min(nearest, distance(grid, h, e));
    return nearest;
  };
  let candidates: number[] = [];
  for (const st of reached) {
    const h = st % size;
    if (st === (bestLayer[h] as number) * size + h) candidates.push(h);
  }
  candidates.sort((a, b) => a - b);
  candidates = keepBest(candidates, farFromEnemy, "max");
  candidates = keepBest(candidates, (h) => bestLayer[h] as number, "min");
  candidates = keepBest(candidates, (h) => occ.count[h] as number, "min");
  return candidates.map((h) => {
    const path: HexId[] = [];
    for (let s = (bestLayer[h] as number) * size + h; s >= 0 && s % size !== start; s = prev[s] as number) {
      path.push(idOf(grid, s % size));
    }
    return { to: idOf(grid, h), path: path.reverse() };
  });
}

/**
 * The search's cost and predecessor arrays, all -1, for `states` states.
 * They can be large (a layer per Movement Point) and are not part of the
 * answer, so one pair is kept and reused (a retreat search never starts
 * another).
 */
function searchArrays(states: number): { cost: Int16Array; prev: Int32Array } {
  if (scratch.cost.length < states) scratch = { cost: new Int16Array(states), prev: new Int32Array(states) };
  const cost = scratch.cost.subarray(0, states).fill(-1);
  const prev = scratch.prev.subarray(0, states).fill(-1);
  return { cost, prev };
}

let scratch = { cost: new Int16Array(0), prev: new Int32Array(0) };

function keepBest(hexes: readonly number[], score: (h: number) => number, want: "min" | "max"): number[] {
  if (hexes.length === 0) return [];
  const scores = hexes.map(score);
  const best = want === "max" ? Math.max(...scores) : Math.min(...scores);
  return hexes.filter((_, i) => scores[i] === best);
}
