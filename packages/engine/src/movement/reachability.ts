import type { MoveStep } from "../actions.js";
import type { GameContext } from "../context.js";
import type { DirectionIndex } from "../hex/axial.js";
import { idOf, neighbourOf } from "../hex/grid.js";
import { ok, type Result } from "../result.js";
import type { RuleError } from "../rule-error.js";
import { PROHIBITED } from "../rules-data/rules-context.js";
import type { Position, UnitId } from "../state/position.js";
import { type Mover, OFF_MAP, roadUse, stepHalfCost } from "./cost.js";
import { mover, needsLimbering } from "./mover.js";
import { type Occupancy, occupancy } from "./occupancy.js";
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

export function reachability(
  ctx: GameContext,
  position: Position,
  unit: UnitId,
  occ: Occupancy = occupancy(ctx.map, position),
): Result<Reachability, RuleError> {
  const m = mover(ctx, position, unit);
  if (!m.ok) return m;
  return ok(reachFrom(ctx, occ, m.value));
}

export function reachFrom(ctx: GameContext, occ: Occupancy, m: Mover): Reachability {
  const { grid } = ctx.map;
  const size = grid.size;
  const allowance = m.stats.movement * 2;
  const limber = ctx.rules.limberHalfCost;
  const convert = ROAD_MODE_HALF_COST;
  const before: MoveStep[] = needsLimbering(m) && !m.unit.limbered ? ["limber"] : [];
  const spent = before.length * limber;
  const roads = m.roads;
  const layers = roads ? 2 : 1;
  const stateCost = new Int16Array(size * layers).fill(-1);
  const statePrev = new Int32Array(size * layers).fill(-1);
  const buckets: number[][] = Array.from({ length: allowance + 1 }, () => []);
  const push = (state: number, total: number, from: number) => {
    const known = stateCost[state] as number;
    if (total > allowance || (known >= 0 && known <= total)) return;
    stateCost[state] = total;
    statePrev[state] = from;
    (buckets[total] as number[]).push(state);
  };
  const plain = roadUse(m, false);
  const step = (fromState: number, from: number, to: number, layer: number, base: number, d = -1) => {
    if (roads && layer === 1 && roads.overlap[to] === 1) return;
    const c = stepHalfCost(ctx, occ, m, from, to, d, layer === 1 ? "road" : plain);
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
  const cost = new Int16Array(size).fill(-1);
  for (let st = 0; st < stateCost.length; st++) {
    const c = stateCost[st] as number;
    const h = st % size;
    if (c >= 0 && ((cost[h] as number) < 0 || c < (cost[h] as number))) cost[h] = c;
  }
  let exitCost = -1;
  let exitFrom = -1;
  const exits = ctx.exitHexes[m.unit.side];
  for (let h = 0; h < size; h++) {
    const c = cost[h] as number;
    if (c < 0 || exits[h] !== 1) continue;
    const total = c + EXIT_HALF_COST;
    if (total <= allowance && (exitCost < 0 || total < exitCost)) {
      exitCost = total;
      exitFrom = h;
    }
  }
  return {
    unit: m.id,
    start: m.start,
    allowance,
    before,
    cost,
    layers,
    startLayer: m.unit.roadMode ? 1 : 0,
    stateCost,
    statePrev,
    exitCost,
    exitFrom,
    canUnlimber: needsLimbering(m),
  };
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
  const out: MoveStep[] = [];
  let st = bestState(r, hex, roadMode);
  while (st >= 0) {
    const prev = r.statePrev[st] as number;
    const h = st % size;
    const inRoadMode = st >= size;
    if (prev === ENTERED) {
      out.push(idOf(ctx.map.grid, h));
      if (inRoadMode) out.push("road-mode");
      break;
    }
    if (prev < 0) break;
    if (prev % size === h) out.push(inRoadMode ? "road-mode" : "leave-road-mode");
    else out.push(idOf(ctx.map.grid, h));
    st = prev;
  }
  return [...r.before, ...out.reverse(), ...(unlimber ? ["unlimber" as const] : [])];
}
