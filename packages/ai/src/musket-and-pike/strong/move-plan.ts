import {
  type Action,
  disc,
  distance,
  fireProtection,
  fireStrengthAtRange,
  type GameContext,
  indexOfId,
  legalMoves,
  type MoveStep,
  type Position,
  terrainOf,
  type UnitId,
  type UnitStats,
} from "@tercio/musket-and-pike";
import { Heap } from "../../heap.js";
import { type Analysis, analyse, chances, type Threats, threatsOf } from "./analysis.js";
import { DISRUPTION_SHARE, resultWorth, vacateBonus, worthOfUnit } from "./worth.js";

/** How the movement plan weighs its terms; `StrongOptions` may change them. */
export interface MoveWeights {
  /** Worth of each hex step nearer the goal. */
  readonly progress: number;
  /** Multiplies the expected loss from the enemy's next Player-Turn. */
  readonly risk: number;
  /** Multiplies the expected worth of the melee attacks the move sets up. */
  readonly attack: number;
}

export const DEFAULT_WEIGHTS: MoveWeights = { progress: 0.5, risk: 0.8, attack: 2 };

/** One planned move, in the order the plan makes them. */
export interface PlannedMove {
  readonly unit: UnitId;
  readonly action: Action;
}

interface Option {
  readonly hex: number;
  /** Undefined: the unit stays where it is. */
  readonly steps?: readonly MoveStep[];
  readonly exit?: boolean;
  /** The parts of the worth that do not depend on the other units' moves. */
  readonly fixed: number;
}

interface Mover {
  readonly id: UnitId;
  readonly value: number;
  readonly melee: number;
  readonly cavalry: boolean;
  /** The unit's hex first when it is on the map (staying is an option). */
  readonly options: readonly Option[];
}

/** The plan's picture of the board as moves are committed. */
interface Board {
  readonly count: Int32Array;
  /** Melee Strength of the top two planned defenders of each friendly hex. */
  readonly defence: Float64Array;
  readonly defenders: Int32Array;
  /** Friendly units planned on each goal hex. */
  readonly holders: Int32Array;
  /** Melee Strength planned against each enemy hex. */
  readonly attack: Float64Array;
  /** Friendly units planned next to each control hex. */
  readonly guards: Int32Array;
  /** Friendly units planned in the area (goals.area). */
  inArea: number;
}

/**
 * 5.0: the strong player's plan for a whole Movement Phase.
 *
 * Every unit's reachable hexes come from the engine (legalMoves). Each
 * destination is worth: progress towards the goals (goals.ts), holding a goal
 * hex nobody else holds, leaving by the exit (16.22), the fire it can bring
 * next turn, minus the expected loss from the enemy's fire and melee there in
 * his next Player-Turn (threat maps, exact combat chances), plus the expected
 * worth of the melee attack it joins this turn (the marginal gain over the
 * strength already planned against that hex). Units are committed greedily,
 * the largest gain over staying first, re-weighing the rest after each (lazy
 * greedy: a unit's cached gain is refreshed before it is committed). The
 * order of commitment is the order of the moves.
 */
export function planMovement(
  ctx: GameContext,
  position: Position,
  weights: MoveWeights = DEFAULT_WEIGHTS,
): PlannedMove[] {
  const a = analyse(ctx, position, position.phasing);
  const threats = threatsOf(a);
  const board = initialBoard(a);
  const movers = moversOf(a, threats, weights);
  const plan: PlannedMove[] = [];
  // The largest cached gain first, ties by id: the order a sort of the units left gives at each step.
  const queue = new Heap<Ranked>((x, y) => x.gain > y.gain || (x.gain === y.gain && x.mover.id < y.mover.id));
  for (const m of movers) queue.push({ mover: m, gain: bestOption(a, threats, board, m, weights).gain });
  for (let top = queue.pop(); top !== undefined; top = queue.pop()) {
    const m = top.mover;
    const fresh = bestOption(a, threats, board, m, weights);
    const next = queue.peek();
    if (next !== undefined && fresh.gain + 1e-9 < next.gain) {
      queue.push({ mover: m, gain: fresh.gain });
      continue;
    }
    if (fresh.gain <= 1e-9 || !fresh.option?.steps) {
      commit(a, board, m, undefined);
      continue;
    }
    commit(a, board, m, fresh.option);
    plan.push({ unit: m.id, action: { type: "move", unit: m.id, steps: [...fresh.option.steps] } });
  }
  return plan;
}

/** A unit not yet committed, with its gain over staying as last weighed. */
interface Ranked {
  readonly mover: Mover;
  readonly gain: number;
}

function initialBoard(a: Analysis): Board {
  const size = a.ctx.map.grid.size;
  const board: Board = {
    count: Int32Array.from(a.count),
    defence: new Float64Array(size),
    defenders: new Int32Array(size),
    holders: new Int32Array(size),
    attack: new Float64Array(size),
    guards: new Int32Array(size),
    inArea: 0,
  };
  // Units that cannot move (disrupted, already moved) stay where they are, in the picture from the start.
  for (const [id, h] of a.hexOf) {
    const unit = a.position.units[id];
    if (!unit || unit.side !== a.side) continue;
    if (!unit.disrupted && !a.position.moved.includes(id)) continue;
    addDefender(a, board, id, h);
  }
  return board;
}

function addDefender(a: Analysis, board: Board, id: UnitId, h: number): void {
  if ((board.defenders[h] as number) < 2) {
    board.defence[h] = (board.defence[h] as number) + (a.stats.get(id)?.melee ?? 0);
    board.defenders[h] = (board.defenders[h] as number) + 1;
  }
  if (a.goals.hold[h] === 1) board.holders[h] = (board.holders[h] as number) + 1;
  if (a.goals.area[h] === 1) board.inArea++;
  const grid = a.ctx.map.grid;
  for (let d = 0; d < 6; d++) {
    const n = grid.neighbours[h * 6 + d] as number;
    if (n >= 0 && a.goals.hold[n] === 1) board.guards[n] = (board.guards[n] as number) + 1;
  }
}

function moversOf(a: Analysis, threats: Threats, w: MoveWeights): Mover[] {
  const { ctx, position } = a;
  const grid = ctx.map.grid;
  const out: Mover[] = [];
  const ids = Object.keys(position.units)
    .filter((id) => position.units[id]?.side === a.side && !position.moved.includes(id))
    .sort();
  for (const id of ids) {
    const unit = position.units[id];
    const s = a.stats.get(id);
    const status = position.offMap[id];
    if (!unit || !s || unit.disrupted || (status !== undefined && status !== "awaiting-entry")) continue;
    const moves = legalMoves(ctx, position, id);
    if (!moves.ok) continue;
    const value = worthOfUnit(a, id);
    const here = a.hexOf.get(id);
    const options: Option[] = [];
    if (here !== undefined) options.push({ hex: here, fixed: fixedWorth(a, threats, w, id, here) });
    for (const d of moves.value.destinations) {
      const h = indexOfId(grid, d.hex);
      const steps = d.canUnlimber ? [...d.steps, "unlimber" as const] : d.steps;
      options.push({ hex: h, steps, fixed: fixedWorth(a, threats, w, id, h) });
    }
    if (moves.value.exit && a.goals.exit) {
      options.push({ hex: -1, steps: moves.value.exit.steps, exit: true, fixed: 20 + value });
    }
    out.push({
      id,
      value,
      melee: s.class === "artillery" ? 0 : s.melee,
      cavalry: s.class === "cavalry",
      options,
    });
  }
  return out;
}

const supportMaps = new WeakMap<Analysis, Map<string, Float64Array>>();

/**
 * 7.4: for a fire unit type, the sum over enemy hexes within its range of
 * its Fire Strength at that range against each hex's Fire Protection
 * (9.0), for every hex it might stand in: made once per plan and type.
 */
function fireSupport(a: Analysis, type: UnitStats["type"], range: number): Float64Array {
  let maps = supportMaps.get(a);
  if (!maps) {
    maps = new Map();
    supportMaps.set(a, maps);
  }
  const made = maps.get(type);
  if (made) return made;
  const { ctx } = a;
  const grid = ctx.map.grid;
  const support = new Float64Array(grid.size);
  const enemyHexes = new Set<number>();
  for (const [id, e] of a.hexOf) if (a.position.units[id]?.side === a.enemy) enemyHexes.add(e);
  for (const e of enemyHexes) {
    const protection = fireProtection(ctx, e);
    for (const h of disc(grid, e, range)) {
      const strength = fireStrengthAtRange(ctx.rules, type, distance(grid, h, e));
      if (strength) support[h] = (support[h] as number) + strength / protection;
    }
  }
  maps.set(type, support);
  return support;
}

/** The parts of a destination's worth that do not depend on where the other units go. */
function fixedWorth(a: Analysis, threats: Threats, w: MoveWeights, id: UnitId, h: number): number {
  const { ctx } = a;
  const s = a.stats.get(id);
  if (!s) return 0;
  let worth = 0;
  // Fire units: the enemy hexes within range next Fire Combat Phase (line of sight is left to that phase).
  if (s.range && s.fire) worth += 0.3 * Math.min(4, fireSupport(a, s.type, s.range)[h] as number);
  // The enemy's fire next turn falls on the top unit: this one, if it stands alone.
  const value = worthOfUnit(a, id);
  const fire = chances(ctx, "fire", threats.fire[h] as number, fireProtection(ctx, h), 0);
  const riskScale = riskScaleOf(a);
  worth -= w.risk * riskScale * (fire.D * DISRUPTION_SHARE * value + (fire.E1 + fire.E2) * value);
  return worth;
}

/**
 * Losses weigh more where survival wins (16.21), less as the side presses
 * on. Not more where units on the map count (16.41): weighing losses
 * double there lost Szentgotthard's hex 11 more often than it saved units
 * (docs/ai.md).
 */
function riskScaleOf(a: Analysis): number {
  const careful = a.goals.survive ? 3 : 1;
  return careful * (1 - 0.6 * a.urgency);
}

/** The worth of an option given the plan so far: the fixed part plus holding, melee risk and attack. */
function optionWorth(
  a: Analysis,
  threats: Threats,
  board: Board,
  m: Mover,
  o: Option,
  w: MoveWeights,
): number {
  if (o.exit) return o.fixed;
  const h = o.hex;
  const moving = o.steps !== undefined;
  if (moving && (board.count[h] as number) >= a.limit) return Number.NEGATIVE_INFINITY;
  let worth = o.fixed;
  if (a.goals.hold[h] === 1) worth += holdWorth(a, board.holders[h] as number);
  worth += progressWorth(a, board, h, w) + guardWorth(a, board, threats, h);
  // 6.0 in the enemy's next Player-Turn: his melee against the planned defenders of this hex.
  const defenders = Math.min(2, (board.defenders[h] as number) + 1);
  const defence =
    ((board.defenders[h] as number) < 2
      ? (board.defence[h] as number) + m.melee
      : (board.defence[h] as number)) *
    (a.ctx.rules.data.terrain[terrainOf(a.ctx, h)].meleeDefenceDoubled ? 2 : 1);
  const melee = chances(a.ctx, "melee", (threats.melee[h] as number) * 0.6, Math.max(1, defence), 0);
  const share = 1 / defenders;
  const riskScale = riskScaleOf(a);
  worth -=
    w.risk *
    riskScale *
    share *
    m.value *
    (melee.D * DISRUPTION_SHARE + melee.E1 + melee.E2) *
    (defenders > 1 ? 1.3 : 1);
  worth += w.attack * attackGain(a, board, m, h).gain;
  return worth;
}

/**
 * Steps nearer the goals: the control hexes, the area while it still needs
 * units (with a few to spare for losses), and the other goals. Worth more
 * as the side presses on (urgency).
 */
function progressWorth(a: Analysis, board: Board, h: number, w: MoveWeights): number {
  const areaWanted = a.goals.areaNeed > 0 && board.inArea < Math.ceil(a.goals.areaNeed * 1.3);
  let d = Number.POSITIVE_INFINITY;
  const consider = (field: Int32Array) => {
    const x = field[h] as number;
    if (x >= 0 && x < d) d = x;
  };
  consider(a.fields.hold);
  if (areaWanted) consider(a.fields.area);
  consider(a.fields.other);
  let worth = d === Number.POSITIVE_INFINITY ? 0 : -w.progress * (1 + 3 * a.urgency) * d;
  if (areaWanted && a.goals.area[h] === 1) worth += 3;
  return worth;
}

/** Standing next to a control hex the side holds, against the enemy who can reach it: up to three guards. */
function guardWorth(a: Analysis, board: Board, threats: Threats, h: number): number {
  const grid = a.ctx.map.grid;
  let worth = 0;
  for (let d = 0; d < 6; d++) {
    const n = grid.neighbours[h * 6 + d] as number;
    if (n < 0 || a.goals.hold[n] !== 1 || (board.guards[n] as number) >= 3 || a.goals.holdDepth > 2) continue;
    if ((board.holders[n] as number) === 0 && a.owner[n] !== 1) continue;
    worth += (holdWorth(a, 0) / 4) * ((threats.melee[n] as number) > 0 ? 1 : 0.3);
  }
  return worth;
}

/**
 * 16.0: holding a control hex, worth more as the end nears (control at the
 * end decides); a second holder is worth half the first (the hex's
 * melee defence doubles with him), more add nothing.
 */
function holdWorth(a: Analysis, holders: number): number {
  const first = 5 + 15 / (1 + a.turnsLeft);
  if (holders >= a.goals.holdDepth) return 0;
  return holders === 0 || a.goals.holdDepth > 2 ? first : first / 2;
}

/** 6.0: the best marginal gain of joining the melee against an enemy hex next to `h`. */
function attackGain(a: Analysis, board: Board, m: Mover, h: number): { gain: number; target: number } {
  let best = { gain: 0, target: -1 };
  if (m.melee <= 0) return best;
  const grid = a.ctx.map.grid;
  for (let d = 0; d < 6; d++) {
    const e = grid.neighbours[h * 6 + d] as number;
    if (e < 0 || a.owner[e] !== 2) continue;
    const terrain = a.ctx.rules.data.terrain[terrainOf(a.ctx, e)];
    const strength = m.cavalry && terrain.cavalryAttackHalved ? m.melee / 2 : m.melee;
    const before = meleeWorth(a, e, board.attack[e] as number);
    const after = meleeWorth(a, e, (board.attack[e] as number) + strength);
    if (after - before > best.gain) best = { gain: after - before, target: e };
  }
  return best;
}

/** The expected worth of a melee attack of this strength on an enemy hex (its top two defend, 6.1A). */
function meleeWorth(a: Analysis, e: number, attack: number): number {
  if (attack <= 0) return 0;
  const hex = a.ctx.map.grid.ids[e] as string;
  const ids = a.position.stacks[hex] ?? [];
  const top = ids.slice(0, 2);
  let defence = 0;
  let disrupted = false;
  for (const id of top) {
    defence += a.stats.get(id)?.melee ?? 0;
    disrupted ||= a.position.units[id]?.disrupted === true;
  }
  if (a.ctx.rules.data.terrain[terrainOf(a.ctx, e)].meleeDefenceDoubled) defence *= 2;
  const c = chances(a.ctx, "melee", attack, Math.max(1, defence), disrupted ? 1 : 0);
  const vacate = vacateBonus(a, e, ids.length, top.length);
  return (
    c.D * resultWorth(a, "melee", "D", top, vacate) +
    c.E1 * resultWorth(a, "melee", "E1", top, vacate) +
    c.E2 * resultWorth(a, "melee", "E2", top, vacate)
  );
}

function bestOption(
  a: Analysis,
  threats: Threats,
  board: Board,
  m: Mover,
  w: MoveWeights,
): { gain: number; option?: Option } {
  let best: Option | undefined;
  let bestWorth = Number.NEGATIVE_INFINITY;
  let stayWorth: number | undefined;
  for (const o of m.options) {
    const worth = optionWorth(a, threats, board, m, o, w);
    if (o.steps === undefined) stayWorth = worth;
    if (worth > bestWorth) {
      bestWorth = worth;
      best = o;
    }
  }
  if (!best || bestWorth === Number.NEGATIVE_INFINITY) return { gain: 0 };
  // Awaiting entry (5.1, 16.0): waiting off the map is worth the best entry less a turn's march.
  stayWorth ??= bestWorth - 2 * w.progress - 1;
  return { gain: bestWorth - stayWorth, option: best };
}

function commit(a: Analysis, board: Board, m: Mover, option: Option | undefined): void {
  const here = a.hexOf.get(m.id);
  const h = option ? option.hex : here;
  if (h === undefined || h < 0) {
    if (here !== undefined) board.count[here] = (board.count[here] as number) - 1;
    return;
  }
  if (option && here !== undefined && here !== h) board.count[here] = (board.count[here] as number) - 1;
  if (option && here !== h) board.count[h] = (board.count[h] as number) + 1;
  addDefender(a, board, m.id, h);
  const { gain, target } = attackGain(a, board, m, h);
  if (gain > 0 && target >= 0) {
    const terrain = a.ctx.rules.data.terrain[terrainOf(a.ctx, target)];
    board.attack[target] =
      (board.attack[target] as number) + (m.cavalry && terrain.cavalryAttackHalved ? m.melee / 2 : m.melee);
  }
}
