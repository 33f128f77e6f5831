import type { MoveStep } from "../actions.js";
import type { GameContext } from "../context.js";
import type { DirectionIndex } from "../hex/axial.js";
import { idOf, neighbourOf } from "../hex/grid.js";
import { ok, type Result } from "../result.js";
import type { RuleError } from "../rule-error.js";
import { PROHIBITED } from "../rules-data/rules-context.js";
import type { Position, UnitId } from "../state/position.js";
import { type Mover, OFF_MAP, stepHalfCost } from "./cost.js";
import { mover, needsLimbering } from "./mover.js";
import { type Occupancy, occupancy } from "./occupancy.js";

/**
 * Every hex a unit can reach this Movement Phase, with the cheapest cost and
 * a path to each (5.1-5.4): Dijkstra over half Movement Points with a bucket
 * queue, since costs are small integers. No zones of control (errata to 5.0).
 */
export interface Reachability {
  readonly unit: UnitId;
  /** Starting hex, or -1 for a unit entering from a map edge. */
  readonly start: number;
  /** Movement Allowance in half MP. */
  readonly allowance: number;
  /** Steps taken before the first hex: limbering unlimbered artillery (5.4L). */
  readonly before: readonly MoveStep[];
  /** cost[h]: half MP spent to stand in h, -1 where unreachable. */
  readonly cost: Int16Array;
  /** prev[h]: the hex entered before h, or -1 when h was entered first. */
  readonly prev: Int32Array;
  /** 16.22: half MP to leave the map and the hex to leave from, or -1 and -1. */
  readonly exitCost: number;
  readonly exitFrom: number;
  /** Whether the unit may unlimber where it stops, given what is left (5.4L). */
  readonly canUnlimber: boolean;
}

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
  const allowance = m.stats.movement * 2;
  const limber = ctx.rules.limberHalfCost;
  const before: MoveStep[] = needsLimbering(m) && !m.unit.limbered ? ["limber"] : [];
  const spent = before.length * limber;
  const cost = new Int16Array(grid.size).fill(-1);
  const prev = new Int32Array(grid.size).fill(-1);
  const buckets: number[][] = Array.from({ length: allowance + 1 }, () => []);
  const relax = (from: number, to: number, base: number, d = -1) => {
    const c = stepHalfCost(ctx, occ, m, from, to, d);
    if (c === PROHIBITED) return;
    const total = base + c;
    const known = cost[to] as number;
    if (total > allowance || (known >= 0 && known <= total)) return;
    cost[to] = total;
    prev[to] = from;
    (buckets[total] as number[]).push(to);
  };
  if (spent <= allowance) {
    if (m.start === OFF_MAP) {
      for (const h of entryHexes(ctx, m)) relax(OFF_MAP, h, spent);
    } else {
      cost[m.start] = spent;
      (buckets[spent] as number[]).push(m.start);
    }
  }
  for (let b = 0; b <= allowance; b++) {
    const bucket = buckets[b] as number[];
    for (let i = 0; i < bucket.length; i++) {
      const h = bucket[i] as number;
      if (cost[h] !== b) continue;
      for (let d = 0; d < 6; d++) {
        const n = neighbourOf(grid, h, d as DirectionIndex);
        if (n >= 0 && n !== m.start) relax(h, n, b, d);
      }
    }
  }
  let exitCost = -1;
  let exitFrom = -1;
  const exits = ctx.exitHexes[m.unit.side];
  for (let h = 0; h < grid.size; h++) {
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
    prev,
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

/** The hexes entered on the cheapest path to `hex`, in order (excluding the start). */
export function pathTo(r: Reachability, hex: number): number[] {
  if ((r.cost[hex] ?? -1) < 0 || hex === r.start) return [];
  const path: number[] = [];
  for (let h = hex; h !== -1 && h !== r.start; h = r.prev[h] as number) path.push(h);
  return path.reverse();
}

/** The move steps of the cheapest way to `hex`, optionally unlimbering there. */
export function stepsTo(ctx: GameContext, r: Reachability, hex: number, unlimber = false): MoveStep[] {
  return [
    ...r.before,
    ...pathTo(r, hex).map((h) => idOf(ctx.map.grid, h)),
    ...(unlimber ? ["unlimber" as const] : []),
  ];
}
