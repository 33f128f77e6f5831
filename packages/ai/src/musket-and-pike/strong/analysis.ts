import {
  type CombatResult,
  disc,
  distance,
  fireStrengthAtRange,
  type GameContext,
  halfCostToEnter,
  indexOfId,
  lineOfSight,
  oddsColumn,
  otherSide,
  outcomes,
  type Position,
  PROHIBITED,
  type Side,
  stackingLimit,
  terrainOf,
  type UnitId,
  type UnitStats,
  unitStats,
} from "@tercio/musket-and-pike";
import { distanceField } from "../distance-field.js";
import { type Goals, goalSources, goalsOf } from "./goals.js";

/**
 * What the strong player knows about a position before it plans a phase:
 * each unit's values, where everything stands, how far each hex is from the
 * goals, and the threat the enemy poses to each hex in his next Player-Turn.
 * Built once per plan; everything is a typed array indexed by hex.
 */
export interface Analysis {
  readonly ctx: GameContext;
  readonly position: Position;
  readonly side: Side;
  readonly enemy: Side;
  readonly goals: Goals;
  readonly enemyGoals: Goals;
  readonly hexOf: ReadonlyMap<UnitId, number>;
  readonly stats: ReadonlyMap<UnitId, UnitStats>;
  /** Units per hex. */
  readonly count: Int32Array;
  /** 0 empty, 1 the side's, 2 the enemy's. */
  readonly owner: Int8Array;
  readonly limit: number;
  /** Hex steps from each hex to the nearest goal of each group (goalSources); -1 where a group is empty. */
  readonly fields: { readonly hold: Int32Array; readonly area: Int32Array; readonly other: Int32Array };
  /** Hex steps to the nearest goal of any group (for choosing enemy retreats). */
  readonly field: Int32Array;
  /** Game-Turns left after this one (0 in the last). */
  readonly turnsLeft: number;
  /**
   * 0 to 1: how much the side must press on now. It rises as the Game-Turns
   * run out while the side is not yet winning (it does not hold every
   * control hex it plays for, or its condition asks it to act: reach an
   * area, exit, destroy); a side that wins if nothing changes never presses.
   */
  readonly urgency: number;
}

/** A unit's worth to its side: strengths plus a base, raised for the class a scenario turns on (16.23). */
export function unitValue(a: Pick<Analysis, "goals" | "enemyGoals">, s: UnitStats, side: Side): number {
  const base = 1 + s.melee + (s.fire ?? 0) / 3 + (s.class === "artillery" ? 2 : 0);
  const prey = side === a.goals.side ? a.enemyGoals.preyClass : a.goals.preyClass;
  return prey === s.class ? base * 4 : base;
}

const weakAnalyses = new WeakMap<Position, Map<Side, Analysis>>();

export function analyse(ctx: GameContext, position: Position, side: Side): Analysis {
  const byPosition = weakAnalyses.get(position);
  const cached = byPosition?.get(side);
  if (cached) return cached;
  const made = build(ctx, position, side);
  if (byPosition) byPosition.set(side, made);
  else weakAnalyses.set(position, new Map([[side, made]]));
  return made;
}

function build(ctx: GameContext, position: Position, side: Side): Analysis {
  const grid = ctx.map.grid;
  const enemy = otherSide(side);
  const hexOf = new Map<UnitId, number>();
  const stats = new Map<UnitId, UnitStats>();
  const count = new Int32Array(grid.size);
  const owner = new Int8Array(grid.size);
  for (const [hex, ids] of Object.entries(position.stacks)) {
    const h = indexOfId(grid, hex);
    count[h] = ids.length;
    for (const id of ids) {
      const unit = position.units[id];
      if (!unit) continue;
      hexOf.set(id, h);
      owner[h] = unit.side === side ? 1 : 2;
    }
  }
  for (const [id, unit] of Object.entries(position.units))
    stats.set(id, unitStats(ctx.rules, ctx.scenario, unit));
  const goals = goalsOf(ctx, side);
  const enemyGoals = goalsOf(ctx, enemy);
  const sources = goalSources(ctx, position, goals);
  const fields = {
    hold: distanceField(ctx, sources.hold),
    area: distanceField(ctx, sources.area),
    other: distanceField(ctx, sources.other),
  };
  const field = distanceField(ctx, [...sources.hold, ...sources.area, ...sources.other]);
  const base = { ctx, position, side, enemy, goals, enemyGoals, hexOf, stats, count, owner };
  return {
    ...base,
    limit: stackingLimit(ctx, side),
    field,
    fields,
    turnsLeft: Math.max(0, ctx.scenario.gameLength - position.gameTurn),
    urgency: urgencyOf(ctx, position, goals),
  };
}

/** The enemy's threat to each hex in his next Player-Turn (computed on first use: only movement needs it). */
export interface Threats {
  /** Sum of enemy Fire Strength (7.4, at its range) that can reach each hex with a clear line of sight. */
  readonly fire: Float64Array;
  /** Sum of enemy Melee Strength that can move next to each hex in one Movement Phase. */
  readonly melee: Float64Array;
}

const weakThreats = new WeakMap<Analysis, Threats>();

export function threatsOf(a: Analysis): Threats {
  let t = weakThreats.get(a);
  if (!t) {
    t = { fire: fireThreatOf(a), melee: meleeThreatOf(a) };
    weakThreats.set(a, t);
  }
  return t;
}

function urgencyOf(ctx: GameContext, position: Position, goals: Goals): number {
  const grid = ctx.map.grid;
  let holdsAll = true;
  let anyHold = false;
  goals.hold.forEach((v, h) => {
    if (v !== 1) return;
    anyHold = true;
    if (position.control[grid.ids[h] as string] !== goals.side) holdsAll = false;
  });
  const acting = goals.exit || goals.area.some((v) => v === 1) || (goals.hunt && !goals.survive);
  const behind = (anyHold && !holdsAll) || (!anyHold && acting);
  if (!behind || goals.survive || goals.guardClass) return 0;
  const turnsLeft = Math.max(0, ctx.scenario.gameLength - position.gameTurn);
  // Full pressure for the last two Game-Turns, none with ten or more to go.
  return Math.min(1, Math.max(0, 1 - (turnsLeft - 2) / 8));
}

type Base = Pick<Analysis, "ctx" | "position" | "enemy" | "hexOf" | "stats">;

/**
 * 7.0 in the enemy's next Fire Combat Phase: fire comes from where his units
 * stand now (fire precedes movement, 4.2). Disrupted units and limbered
 * artillery cannot fire then (8.4, 5.4).
 */
function fireThreatOf(a: Base): Float64Array {
  const { ctx, position } = a;
  const grid = ctx.map.grid;
  const threat = new Float64Array(grid.size);
  for (const [id, h] of a.hexOf) {
    const unit = position.units[id];
    const s = a.stats.get(id);
    if (!unit || !s || unit.side !== a.enemy || unit.disrupted || unit.limbered || !s.range) continue;
    for (const t of disc(grid, h, s.range)) {
      const d = distance(grid, h, t);
      if (d < 1) continue;
      const strength = fireStrengthAtRange(ctx.rules, s.type, d);
      if (!strength) continue;
      if (d > 1 && !lineOfSight(ctx, position, h, t).clear) continue;
      threat[t] = (threat[t] as number) + strength;
    }
  }
  return threat;
}

/**
 * 5.0 then 6.0 in the enemy's next Player-Turn: each enemy unit able to
 * move (not disrupted, 8.4) reaches hexes within its Movement Allowance by
 * terrain costs (9.0, roads and units ignored), and threatens every hex next
 * to one it reaches.
 */
function meleeThreatOf(a: Base): Float64Array {
  const { ctx, position } = a;
  const grid = ctx.map.grid;
  const threat = new Float64Array(grid.size);
  const cost = new Int32Array(grid.size).fill(-1);
  // Stamps instead of clearing whole-grid arrays for every unit: unit n marks a hex seen with n.
  const seen = new Int32Array(grid.size).fill(-1);
  let n = 0;
  for (const [id, h] of a.hexOf) {
    const unit = position.units[id];
    const s = a.stats.get(id);
    if (!unit || !s || unit.side !== a.enemy || unit.disrupted || s.class === "artillery") continue;
    n++;
    const budget = s.movement * 2;
    cost[h] = 0;
    const reached = [h];
    for (let i = 0; i < reached.length; i++) {
      const x = reached[i] as number;
      for (let d = 0; d < 6; d++) {
        const y = grid.neighbours[x * 6 + d] as number;
        if (y < 0) continue;
        const step = halfCostToEnter(ctx.rules, terrainOf(ctx, y), s.class);
        if (step === PROHIBITED) continue;
        const c = (cost[x] as number) + step;
        if (c > budget || (cost[y] !== -1 && (cost[y] as number) <= c)) continue;
        cost[y] = c;
        reached.push(y);
      }
    }
    for (const x of reached) {
      cost[x] = -1;
      for (let d = -1; d < 6; d++) {
        const y = d < 0 ? x : (grid.neighbours[x * 6 + d] as number);
        if (y < 0 || seen[y] === n) continue;
        seen[y] = n;
        threat[y] = (threat[y] as number) + s.melee;
      }
    }
  }
  return threat;
}

type Chances = Readonly<Record<CombatResult, number>>;

const NO_EFFECT: Chances = { "-": 1, D: 0, E1: 0, E2: 0 };
const chanceTables = new WeakMap<object, Map<string, Chances>>();

/** Expected chances of each result, from the combat tables (8.0), memoised per odds column and modifier. */
export function chances(
  ctx: GameContext,
  table: "fire" | "melee",
  attack: number,
  defence: number,
  modifier: number,
): Chances {
  if (attack <= 0) return NO_EFFECT;
  const odds = oddsColumn(attack, Math.max(1, defence));
  let memo = chanceTables.get(ctx.rules);
  if (!memo) {
    memo = new Map();
    chanceTables.set(ctx.rules, memo);
  }
  const key = `${table} ${odds} ${modifier}`;
  let out = memo.get(key);
  if (!out) {
    const made: Record<CombatResult, number> = { "-": 0, D: 0, E1: 0, E2: 0 };
    for (const o of outcomes(ctx.rules, table, odds, modifier)) made[o.result] += o.probability;
    out = made;
    memo.set(key, out);
  }
  return out;
}
