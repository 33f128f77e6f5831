import type { GameContext } from "../context.js";
import { DIRECTION_INDICES } from "../hex/axial.js";
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
/** A cost above any budget: Int16 holds the search's costs, at most a Movement Allowance in half MP. */
const UNREACHED = 0x7fff;

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
  // 13.0(F) may leave no budget at all; the search then enters no hex and the unit is eliminated.
  const allowance = Math.max(0, stats.movement * 2 - spent);
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
  // non-clear hexes matter before cost, so each count keeps its own cheapest
  // cost. Every hex entered costs at least 1 half MP, so no path counts more
  // than `allowance` non-clear hexes: `layers` counts suffice.
  const layers = allowance + 1;
  const size = grid.size;
  const cost = new Int16Array(size * layers).fill(UNREACHED);
  const prev = new Int32Array(size * layers);
  // The fewest non-clear hexes with which each hex is reached, `layers` where it is not.
  const bestLayer = new Int16Array(size).fill(layers);
  const candidates: number[] = [];
  const buckets: number[][] = Array.from({ length: layers }, () => []);
  cost[start] = 0;
  (buckets[0] as number[]).push(start);
  for (const [c, bucket] of buckets.entries()) {
    for (const state of bucket) {
      // A state made cheaper after it was queued is expanded from its cheaper bucket.
      if (cost[state] !== c) continue;
      const h = state % size;
      const k = (state - h) / size;
      for (const d of DIRECTION_INDICES) {
        const n = neighbourOf(grid, h, d);
        // Off the map, or back into the hex it must leave (8.2).
        if (n < 0 || n === start) continue;
        const step = stepHalfCost(ctx, occ, m, h, n, d);
        if (step === PROHIBITED) continue;
        const total = c + step;
        if (total > allowance) continue;
        const nk = k + ((ctx.terrain[n] as number) === CLEAR ? 0 : 1);
        const next = nk * size + n;
        if ((cost[next] as number) <= total) continue;
        cost[next] = total;
        prev[next] = state;
        if ((bestLayer[n] as number) === layers) candidates.push(n);
        bestLayer[n] = Math.min(bestLayer[n] as number, nk);
        (buckets[total] as number[]).push(next);
      }
    }
  }
  const enemies: number[] = [];
  for (let h = 0; h < size; h++) {
    const s = occ.side[h] as number;
    if (s !== EMPTY && s !== side) enemies.push(h);
  }
  // With no enemy on the map every hex is infinitely far from one: all tie.
  const nearestEnemy = (h: number) => Math.min(...enemies.map((e) => distance(grid, h, e)));
  candidates.sort((a, b) => a - b);
  let kept = keepLowest(candidates, (h) => -nearestEnemy(h));
  kept = keepLowest(kept, (h) => bestLayer[h] as number);
  kept = keepLowest(kept, (h) => occ.count[h] as number);
  return kept.map((h) => {
    const path: HexId[] = [];
    for (let s = (bestLayer[h] as number) * size + h; s !== start; s = prev[s] as number) {
      path.push(idOf(grid, s % size));
    }
    return { to: idOf(grid, h), path: path.reverse() };
  });
}

/** The hexes with the lowest score (ties all kept, in order). */
function keepLowest(hexes: readonly number[], score: (h: number) => number): number[] {
  const scores = hexes.map(score);
  const best = Math.min(...scores);
  return hexes.filter((_, i) => scores[i] === best);
}
