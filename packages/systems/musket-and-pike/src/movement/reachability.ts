import { ok, type Result } from "@tercio/core";
import type { MoveStep } from "../actions.js";
import type { GameContext } from "../context.js";
import type { DirectionIndex } from "../hex/axial.js";
import { idOf, neighbourOf } from "../hex/grid.js";
import type { RuleError } from "../rule-error.js";
import { PROHIBITED } from "../rules-data/rules-context.js";
import type { Position, UnitId } from "../state/position.js";
import { UNIT_CLASSES } from "../vocabulary.js";
import { type Mover, OFF_MAP, roadUse, stepHalfCost } from "./cost.js";
import { mover, needsLimbering } from "./mover.js";
import { EMPTY, type Occupancy, sharedOccupancy } from "./occupancy.js";
import { ROAD_MODE_HALF_COST } from "./road-mode.js";

/**
 * Every hex a unit can reach this Movement Phase, with the cheapest cost and
 * a path to each (5.1-5.4): Dijkstra over half Movement Points with a bucket
 * queue, since costs are small integers. No zones of control (errata to 5.0).
 *
 * With the advanced road rules (13.0) the search runs over (hex, mode)
 * states: out of Road Mode, and in it; converting costs 1 MP either way.
 */
export interface Reachability {
  readonly unit: UnitId;
  /** Starting hex, or -1 for a unit entering from a map edge. */
  readonly start: number;
  /** Movement Allowance in half MP. */
  readonly allowance: number;
  /** Steps taken before the first hex: limbering unlimbered artillery (5.4L). */
  readonly before: readonly MoveStep[];
  /** cost[h]: half MP spent to stand in h (in either mode), -1 where unreachable. */
  readonly cost: Int16Array;
  /** The hexes with a cost, in ascending order (the start among them). */
  readonly hexes: Int32Array;
  /** 1 or 2: whether the search had a Road Mode layer (13.0). */
  readonly layers: number;
  /** The layer the unit starts in: 1 when it starts in Road Mode. */
  readonly startLayer: number;
  /** stateCost[layer * size + h]: half MP to stand in h out of (layer 0) or in (layer 1) Road Mode. */
  readonly stateCost: Int16Array;
  /** statePrev[state]: the state before, -1 at the start, ENTERED for the first hex of an entering unit. */
  readonly statePrev: Int32Array;
  /** 16.22: half MP to leave the map and the hex to leave from, or -1 and -1. */
  readonly exitCost: number;
  readonly exitFrom: number;
  /** Whether the unit may unlimber where it stops, given what is left (5.4L). */
  readonly canUnlimber: boolean;
}

const ENTERED = -2;
const CLASSES = UNIT_CLASSES.length;

export function reachability(
  ctx: GameContext,
  position: Position,
  unit: UnitId,
  occ: Occupancy = sharedOccupancy(ctx.map, position),
): Result<Reachability, RuleError> {
  const m = mover(ctx, position, unit);
  if (!m.ok) return m;
  return ok(reachFrom(ctx, occ, m.value));
}

/**
 * `general` runs the general loop where the plain one would serve: for the
 * test that holds the two to the same answers.
 */
export function reachFrom(ctx: GameContext, occ: Occupancy, m: Mover, general = false): Reachability {
  const { grid } = ctx.map;
  const size = grid.size;
  const allowance = m.stats.movement * 2;
  const convert = ROAD_MODE_HALF_COST;
  const before = stepsBefore(m);
  const spent = before.length * ctx.rules.limberHalfCost;
  const roads = m.roads;
  const layers = roads ? 2 : 1;
  const { stateCost, statePrev, cost } = resultArrays(size, layers);
  // States in the order first reached: the results are read off them rather than off the whole grid.
  const reached: number[] = [];
  const buckets = emptyBuckets(allowance);
  const push = (state: number, total: number, from: number) => {
    const known = stateCost[state] as number;
    if (total > allowance || (known >= 0 && known <= total)) return;
    if (known < 0) reached.push(state);
    stateCost[state] = total;
    statePrev[state] = from;
    (buckets[total] as number[]).push(state);
  };
  const step = (fromState: number, from: number, to: number, layer: number, base: number, d = -1) => {
    const c = layerStepCost(ctx, occ, m, from, to, layer, d);
    if (c !== PROHIBITED) push(layer * size + to, base + c, fromState);
  };
  if (spent <= allowance) {
    if (m.start === OFF_MAP) {
      for (const h of entryHexes(ctx, m)) {
        step(ENTERED, OFF_MAP, h, 0, spent);
        // 16.22: "may enter in Road Movement Mode" where a road runs off the edge.
        if (roads?.entersInRoadMode && ctx.map.roadEnds[h] === 1)
          step(ENTERED, OFF_MAP, h, 1, spent + convert);
      }
    } else {
      push((m.unit.roadMode ? 1 : 0) * size + m.start, spent, -1);
    }
  }
  if (!general && !roads && !ctx.fleetWater && m.start !== OFF_MAP) {
    // Most searches: one layer, no fleet, from a hex on the map. The same search with its step costs written out.
    plainSearch(ctx, occ, m, allowance, stateCost, statePrev, reached, buckets);
  } else {
    for (let b = 0; b <= allowance; b++) {
      const bucket = buckets[b] as number[];
      for (let i = 0; i < bucket.length; i++) {
        const state = bucket[i] as number;
        if (stateCost[state] !== b) continue;
        const h = state % size;
        const layer = (state - h) / size;
        // 13.0A errata: a unit not in Road Mode stops on entering an enemy's Road Movement Space.
        if (roads && layer === 0 && h !== m.start && roads.enemySpace[h] === 1) continue;
        for (let d = 0; d < 6; d++) {
          const n = neighbourOf(grid, h, d as DirectionIndex);
          if (n >= 0 && n !== m.start) step(state, h, n, layer, b, d);
        }
        if (roads && !m.fleet && (ctx.map.roadMask[h] as number) !== 0) {
          const other = layer === 0 ? size + h : h;
          if (layer === 1 || roads.overlap[h] === 0) push(other, b + convert, state);
        }
      }
    }
  }
  let count = 0;
  for (const st of reached) {
    const c = stateCost[st] as number;
    const h = st % size;
    if ((cost[h] as number) < 0) count++;
    if ((cost[h] as number) < 0 || c < (cost[h] as number)) cost[h] = c;
  }
  // Each hex once: by its state out of Road Mode, or in it where only that was reached.
  const hexes = new Int32Array(count);
  let k = 0;
  for (const st of reached) if (st < size || (stateCost[st % size] as number) < 0) hexes[k++] = st % size;
  hexes.sort();
  const exit = cheapestExit(ctx.exitHexes[m.unit.side], reached, cost, allowance);
  return {
    unit: m.id,
    start: m.start,
    allowance,
    before,
    cost,
    hexes,
    layers,
    startLayer: m.unit.roadMode ? 1 : 0,
    stateCost,
    statePrev,
    exitCost: exit.cost,
    exitFrom: exit.from,
    canUnlimber: needsLimbering(m),
  };
}

/**
 * `reachFrom`'s loop for a unit on the map with no Road Mode layer and no
 * fleet on the map (stepHalfCost's "basic" and "plain" road use), its steps
 * costed inline: the search runs for most units at every Movement Phase,
 * and the general loop's calls per step were most of its time. It visits
 * the states in the same order and writes the same arrays as the general
 * loop (the playout and perft tests hold it to the engine's games).
 */
function plainSearch(
  ctx: GameContext,
  occ: Occupancy,
  m: Mover,
  allowance: number,
  stateCost: Int16Array,
  statePrev: Int32Array,
  reached: number[],
  buckets: number[][],
): void {
  const neighbours = ctx.map.grid.neighbours;
  const { side: held, square, count } = occ;
  const terrain = ctx.terrain;
  const halfCost = ctx.rules.halfCost;
  const roadHalfCost = ctx.rules.roadHalfCost;
  const roadMask = ctx.map.roadMask;
  // 13.0: with the advanced road rules, a unit out of Road Mode has no road benefit ("plain").
  const basic = !m.advancedRoads;
  const side = m.side;
  const cls = m.cls;
  const start = m.start;
  for (let b = 0; b <= allowance; b++) {
    const bucket = buckets[b] as number[];
    for (let i = 0; i < bucket.length; i++) {
      const h = bucket[i] as number;
      if (stateCost[h] !== b) continue;
      const roads = basic ? (roadMask[h] as number) : 0;
      for (let d = 0; d < 6; d++) {
        const n = neighbours[h * 6 + d] as number;
        if (n < 0 || n === start) continue;
        const owner = held[n] as number;
        // 5.2(F): never into or through an enemy's hex; 12.2(B): nor a friendly square.
        if ((owner !== EMPTY && owner !== side) || square[n] === 1) continue;
        // 5.3(K): the road rate along a road, never into a hex holding another friendly unit.
        const c =
          (roads & (1 << d)) !== 0 && count[n] === 0
            ? roadHalfCost
            : (halfCost[(terrain[n] as number) * CLASSES + cls] as number);
        if (c === PROHIBITED) continue;
        const total = b + c;
        const known = stateCost[n] as number;
        if (total > allowance || (known >= 0 && known <= total)) continue;
        if (known < 0) reached.push(n);
        stateCost[n] = total;
        statePrev[n] = h;
        (buckets[total] as number[]).push(n);
      }
    }
  }
}

/**
 * The arrays of a Reachability, all -1, as views on one buffer: a search
 * runs for every unit at every listing of moves, and one allocation of
 * typed-array memory costs much less than three.
 */
function resultArrays(
  size: number,
  layers: number,
): { stateCost: Int16Array; statePrev: Int32Array; cost: Int16Array } {
  const states = size * layers;
  const buffer = new ArrayBuffer(states * 4 + states * 2 + size * 2);
  const statePrev = new Int32Array(buffer, 0, states).fill(-1);
  const stateCost = new Int16Array(buffer, states * 4, states).fill(-1);
  const cost = new Int16Array(buffer, states * 6, size).fill(-1);
  return { stateCost, statePrev, cost };
}

/** 5.4(L): unlimbered artillery limbers before it moves. */
function stepsBefore(m: Mover): MoveStep[] {
  return needsLimbering(m) && !m.unit.limbered ? ["limber"] : [];
}

/** Half MP to step from `from` to `to` out of (layer 0) or in (layer 1) Road Mode, or PROHIBITED. */
function layerStepCost(
  ctx: GameContext,
  occ: Occupancy,
  m: Mover,
  from: number,
  to: number,
  layer: number,
  d: number,
): number {
  if (layer === 0) return stepHalfCost(ctx, occ, m, from, to, d, roadUse(m, false));
  // 13.0A: in Road Mode, never where the unit's space would overlap another Road Mode unit's.
  if (m.roads?.overlap[to] === 1) return PROHIBITED;
  return stepHalfCost(ctx, occ, m, from, to, d, "road");
}

/**
 * The search's buckets, emptied: one list of states per half-MP total. They
 * are reused from search to search (a search never starts another) to spare
 * allocating them for every unit.
 */
function emptyBuckets(allowance: number): number[][] {
  while (scratchBuckets.length <= allowance) scratchBuckets.push([]);
  for (let b = 0; b <= allowance; b++) (scratchBuckets[b] as number[]).length = 0;
  return scratchBuckets;
}

const scratchBuckets: number[][] = [];

/**
 * 16.22: the cheapest way off the map among the reached states (`exits`
 * marks the hexes a side may leave from), the lowest hex on a tie, or -1
 * and -1. Shared with the playouts' board (playout/movement-board.ts).
 */
export function cheapestExit(
  exits: Uint8Array,
  reached: ArrayLike<number>,
  cost: Int16Array,
  allowance: number,
): { cost: number; from: number } {
  const size = cost.length;
  let best = -1;
  let from = -1;
  for (let i = 0; i < reached.length; i++) {
    const h = (reached[i] as number) % size;
    if (exits[h] !== 1) continue;
    const total = (cost[h] as number) + EXIT_HALF_COST;
    if (total <= allowance && (best < 0 || total < best || (total === best && h < from))) {
      best = total;
      from = h;
    }
  }
  return { cost: best, from };
}

/**
 * Whether the mover can step from its hex straight into a neighbouring hex
 * that `wanted` accepts, by the costs and constraints of `reachFrom`. Where
 * it can, `reachFrom` would reach that hex too, so a caller asking whether
 * any wanted hex is reachable is spared the whole search.
 */
export function stepsOutInto(
  ctx: GameContext,
  occ: Occupancy,
  m: Mover,
  wanted: (hex: number) => boolean,
): boolean {
  if (m.start === OFF_MAP) return false;
  const room = m.stats.movement * 2 - stepsBefore(m).length * ctx.rules.limberHalfCost;
  const layer = m.unit.roadMode ? 1 : 0;
  for (let d = 0; d < 6; d++) {
    const n = neighbourOf(ctx.map.grid, m.start, d as DirectionIndex);
    if (n < 0 || !wanted(n)) continue;
    const c = layerStepCost(ctx, occ, m, m.start, n, layer, d);
    if (c !== PROHIBITED && c <= room) return true;
  }
  return false;
}

/**
 * Leaving the map where a scenario allows it (16.22) costs 1 MP, as entering
 * one more clear hex would. The rules give no figure; see docs/rules.
 */
export const EXIT_HALF_COST = 2;

/** The edge hexes an entering unit may come on through (its force's zone). */
export function entryHexes(ctx: GameContext, m: Mover): readonly number[] {
  const zone = ctx.zones.get(`${m.unit.side}/${m.unit.force}`);
  return zone?.kind === "enter" ? zone.hexes : [];
}

/** The cheapest state of a hex, or of a hex in one mode (13.0): -1 where unreachable. */
export function bestState(r: Reachability, hex: number, roadMode?: boolean): number {
  const size = r.cost.length;
  let best = -1;
  for (let layer = 0; layer < r.layers; layer++) {
    if (roadMode !== undefined && roadMode !== (layer === 1)) continue;
    const st = layer * size + hex;
    const c = r.stateCost[st] as number;
    if (c >= 0 && (best < 0 || c < (r.stateCost[best] as number))) best = st;
  }
  return best;
}

/**
 * The move steps of the cheapest way to `hex` (in the given Road Mode, if
 * any), optionally unlimbering there: hexes entered, with the mode changes
 * (13.0) where they happen.
 */
export function stepsTo(
  ctx: GameContext,
  r: Reachability,
  hex: number,
  unlimber = false,
  roadMode?: boolean,
): MoveStep[] {
  const size = r.cost.length;
  const last = bestState(r, hex, roadMode);
  // Walked back from the end twice, to count the steps and then to write them into one array.
  let count = r.before.length + (unlimber ? 1 : 0);
  for (let st = last; st >= 0; ) {
    const prev = r.statePrev[st] as number;
    if (prev === ENTERED) count += st >= size ? 2 : 1;
    if (prev < 0) break;
    count++;
    st = prev;
  }
  const steps = new Array<MoveStep>(count);
  for (let i = 0; i < r.before.length; i++) steps[i] = r.before[i] as MoveStep;
  let at = count;
  if (unlimber) steps[--at] = "unlimber";
  for (let st = last; st >= 0; ) {
    const prev = r.statePrev[st] as number;
    const h = st % size;
    const inRoadMode = st >= size;
    if (prev === ENTERED) {
      steps[--at] = idOf(ctx.map.grid, h);
      // 16.22: a unit entering in Road Mode has converted before its first hex.
      if (inRoadMode) steps[--at] = "road-mode";
      break;
    }
    if (prev < 0) break;
    if (prev % size === h) steps[--at] = inRoadMode ? "road-mode" : "leave-road-mode";
    else steps[--at] = idOf(ctx.map.grid, h);
    st = prev;
  }
  return steps;
}
