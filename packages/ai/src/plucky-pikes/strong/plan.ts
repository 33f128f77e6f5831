import type { Seat } from "@tercio/core";
import type { Point } from "@tercio/geometry";
import {
  type Action,
  type Ctx,
  moveRate,
  type Position,
  traitsOf,
  type UnitState,
} from "@tercio/plucky-pikes";
import { engageOptions } from "../engage.js";
import { mayFire, rangeOf, shotOdds } from "../fire.js";
import { footprint, gap, INCH } from "../geometry.js";
import { nearestEnemy } from "../goals.js";
import { applied, type MoveCandidate, MoveGenerator, stillProgram } from "../moves.js";
import { meleeOf, onTable, otherSide, unitOf } from "../policy.js";
import { overCounterRoll } from "./counter.js";
import { muddleRisk } from "./lanes.js";
import { movesLeft, objectiveValue } from "./objectives.js";
import { engagementOn } from "./threat.js";
import { expectedLoss, meleeValue, type Values, valuesOf } from "./value.js";

/**
 * The strong player's half: its officers taken out of harm's way, then
 * every unit's move planned in turn, the units nearest the enemy first,
 * each on the position the earlier ones left. A unit's options are its
 * engagements now, the accepted candidate moves (moves.ts, with about-face
 * withdrawals and changes of formation) and standing; each is scored in
 * Victory Points (value.ts), looking one move of the enemy ahead:
 *
 * - an engagement: the melee's next move and half the one after (figures,
 *   levels, flags and guns overrun, both ways), over the target's counter
 *   roll (counter.ts: on each face, the answer worst for the attacker);
 * - the unit's next shot from where it ends (its best target's expected
 *   loss), at half weight if it has fired this turn (next turn's);
 * - less the fire it draws: each enemy shooter whose most valuable target
 *   it would be, that shot's expected loss;
 * - less the engagements the enemy could make on it in its next move (the
 *   engine's engage on a hypothetical position: straight ahead, the charge
 *   where allowed), the best in full and the others at a third;
 * - plus its own engagements next move from there (the enemy may move
 *   first, so at `opportunity` weight);
 * - plus the objectives' expected points (objectives.ts);
 * - less a muddle's cost times its chance (lanes.ts), and a disorder's;
 * - plus, for a side that must attack (the objectives go against it, it
 *   is behind, or the enemy's fire outweighs its own), a pull towards the
 *   nearest enemy beyond the unit's fighting distance (a small one for a
 *   side that need not).
 *
 * The candidates are first looked at quickly (their shot and the
 * objectives), and the best eight, with every still activity and change
 * of formation, are scored in full.
 */
export interface Weights {
  readonly fire: number;
  readonly fireLater: number;
  readonly threat: number;
  readonly melee: number;
  readonly meleeRest: number;
  readonly opportunity: number;
  readonly objective: number;
  /** VP an inch towards the enemy, for a side that must attack, and for one that need not. */
  readonly attack: number;
  readonly hold: number;
  /** A move must beat standing by this much. */
  readonly standBias: number;
  /** VP a unit pays for ending its move disordered (wading a stream, formed in light woods). */
  readonly disorder: number;
  /** VP a muddle costs (two units three URTs each, without fire), times its chance (lanes.ts). */
  readonly muddle: number;
}

export const DEFAULT_WEIGHTS: Weights = {
  fire: 1,
  fireLater: 0.5,
  threat: 1,
  melee: 1,
  meleeRest: 0.33,
  opportunity: 0.4,
  objective: 1,
  attack: 0.08,
  hold: 0.01,
  standBias: 0.1,
  disorder: 0.4,
  muddle: 1,
};

interface Half {
  readonly ctx: Ctx;
  readonly v: Values;
  readonly side: Seat;
  readonly enemy: Seat;
  readonly w: Weights;
  /** The turn of the enemy's next move, or 0 if it has none. */
  readonly enemyTurn: number;
  /** The turn of this side's next move after this one, or 0. */
  readonly ownNextTurn: number;
  readonly moves: Record<Seat, number>;
  readonly attacking: boolean;
  /** Shot values between unit states already worked out this half (enemy at own unit, for `alternatives`). */
  readonly shots: WeakMap<UnitState, WeakMap<UnitState, number>>;
}

function halfOf(ctx: Ctx, position: Position, w: Weights): Half {
  const side = position.toMove;
  const enemy = otherSide(side);
  const last = ctx.scenario.turns;
  const first = position.part === "move-1";
  const enemyTurn = first ? position.turn : position.turn < last ? position.turn + 1 : 0;
  const ownNextTurn = position.turn < last ? position.turn + 1 : 0;
  const moves = movesLeft(ctx, position, side);
  const v = valuesOf(ctx);
  const objectives = objectiveValue(ctx, position, side, moves);
  // A side attacks when the objectives go against it, when it is behind, or when the enemy's fire
  // outweighs its own (standing would lose it the exchange turn by turn).
  const attacking =
    objectives < -0.25 ||
    materialBalance(ctx, v, position, side) < -0.5 ||
    fireExchange(ctx, v, position, side) < -0.3;
  return { ctx, v, side, enemy, w, enemyTurn, ownNextTurn, moves, attacking, shots: new WeakMap() };
}

/** The fire each side's units would deal from where they stand (each its best shot), ours less theirs, in VP. */
export function fireExchange(ctx: Ctx, v: Values, position: Position, side: Seat): number {
  let value = 0;
  for (const id of onTable(position)) {
    const u = position.units[id] as UnitState;
    const p = { ...position, units: { ...position.units, [id]: { ...u, fired: false, stirred: false } } };
    if (!mayFire(ctx, p, id)) continue;
    let best = 0;
    for (const e of onTable(position, otherSide(u.side))) {
      const odds = shotOdds(ctx, p, id, e, {});
      if (odds) best = Math.max(best, expectedLoss(ctx, v, e, position.units[e] as UnitState, odds.byFace));
    }
    value += u.side === side ? best : -best;
  }
  return value;
}

/** Each side's units' worth on the table (survival), ours less theirs, plus the tally's points. */
export function materialBalance(ctx: Ctx, v: Values, position: Position, side: Seat): number {
  let value = 0;
  for (const [id, u] of Object.entries(position.units)) {
    const t = ctx.units[id];
    if (!t) continue;
    const alive = u.gone === undefined || u.gone === "pursued";
    const worth = alive ? Math.max(0, Math.min(1, (u.strength / t.strength - 0.25) / 0.75)) : 0;
    value += (u.side === side ? 1 : -1) * worth * v.unit[u.side];
  }
  const enemy = otherSide(side);
  value += 2 * (position.tally[side].flagsTaken - position.tally[enemy].flagsTaken);
  value += position.tally[side].gunsCaptured - position.tally[enemy].gunsCaptured;
  return value;
}

/** The best expected value of the unit's shots at the enemy from the position (0 if it may not fire). */
function shotValue(half: Half, position: Position, id: string, later: boolean): number {
  const { ctx, v } = half;
  let u = position.units[id] as UnitState;
  if (later) u = { ...u, fired: false, stirred: false };
  const p = later ? { ...position, units: { ...position.units, [id]: u } } : position;
  if (!mayFire(ctx, p, id)) return 0;
  let best = 0;
  for (const e of onTable(p, otherSide(u.side))) {
    const odds = shotOdds(ctx, p, id, e, {});
    if (!odds) continue;
    const eu = p.units[e] as UnitState;
    best = Math.max(best, expectedLoss(ctx, v, e, eu, odds.byFace));
  }
  return best;
}

/** What each enemy shooter would shoot at if not at `id`: its best value among the side's other units. */
function alternatives(half: Half, position: Position, id: string): Map<string, number> {
  const { ctx, v } = half;
  const out = new Map<string, number>();
  for (const e of onTable(position, half.enemy)) {
    const eu = position.units[e] as UnitState;
    const next = eu.fired
      ? { ...position, units: { ...position.units, [e]: { ...eu, fired: false, stirred: false } } }
      : position;
    if (!mayFire(ctx, next, e)) continue;
    let best = 0;
    let known = half.shots.get(eu);
    if (!known) {
      known = new WeakMap();
      half.shots.set(eu, known);
    }
    for (const o of onTable(position, half.side)) {
      if (o === id) continue;
      const ou = next.units[o] as UnitState;
      let value = known.get(ou);
      if (value === undefined) {
        const odds = shotOdds(ctx, next, e, o, {});
        value = odds ? expectedLoss(ctx, v, o, ou, odds.byFace) : 0;
        known.set(ou, value);
      }
      best = Math.max(best, value);
    }
    out.set(e, best);
  }
  return out;
}

/** The fire the unit draws where it stands: the enemy shooters that would pick it. */
function fireThreat(half: Half, position: Position, id: string, alt: Map<string, number>): number {
  const { ctx, v } = half;
  const u = position.units[id] as UnitState;
  if (meleeOf(position, id)) return 0;
  let sum = 0;
  for (const [e, other] of alt) {
    const eu = position.units[e] as UnitState;
    const later = eu.fired;
    if (later && half.enemyTurn === 0) continue;
    const p = later
      ? { ...position, units: { ...position.units, [e]: { ...eu, fired: false, stirred: false } } }
      : position;
    const odds = shotOdds(ctx, p, e, id, {});
    if (!odds) continue;
    const loss = expectedLoss(ctx, v, id, u, odds.byFace);
    if (loss > other) sum += (later ? half.w.fireLater : 1) * loss;
  }
  return sum;
}

/** The enemy's engagements on the unit in its next move (the best in full, the rest at `meleeRest`). */
function meleeThreat(half: Half, position: Position, id: string): number {
  if (half.enemyTurn === 0 || meleeOf(position, id)) return 0;
  const values: number[] = [];
  for (const e of onTable(position, half.enemy)) {
    const eu = position.units[e] as UnitState;
    if (eu.moved && position.turn === half.enemyTurn) continue;
    const g = engagementOn(half.ctx, half.v, position, e, id, half.enemyTurn);
    if (g && g.value > 0) values.push(g.value);
  }
  values.sort((a, b) => b - a);
  return values.reduce((s, x, i) => s + (i === 0 ? x : half.w.meleeRest * x), 0);
}

/** The unit's own best engagement in its next move from where it stands. */
function meleeOpportunity(half: Half, position: Position, id: string): number {
  if (half.ownNextTurn === 0 || meleeOf(position, id)) return 0;
  let best = 0;
  for (const e of onTable(position, half.enemy)) {
    const g = engagementOn(half.ctx, half.v, position, id, e, half.ownNextTurn);
    if (g) best = Math.max(best, g.value);
  }
  return best;
}

/** The distance the unit fights from: its range's 0.8 for shooters, half a move for the rest. */
function fightingDistance(ctx: Ctx, id: string, u: UnitState): number {
  const range = rangeOf(ctx, id);
  if (range > 0) return range * 0.8;
  return moveRate(ctx, traitsOf(ctx, id), u.formation) * 0.5;
}

/** The unit's worth where the position leaves it (it may have moved, engaged or stood). */
function unitScore(
  half: Half,
  position: Position,
  id: string,
  alt: Map<string, number>,
  engaged: boolean,
): number {
  const { ctx, w } = half;
  const u = position.units[id] as UnitState;
  let s = 0;
  const m = meleeOf(position, id);
  if (m) s += meleeValue(ctx, half.v, position, m, half.side);
  if (!engaged && !m) {
    s +=
      w.fire *
      (u.fired
        ? half.ownNextTurn
          ? w.fireLater * shotValue(half, position, id, true)
          : 0
        : shotValue(half, position, id, false));
    s -= w.threat * fireThreat(half, position, id, alt);
    s -= w.melee * meleeThreat(half, position, id);
    s += w.opportunity * meleeOpportunity(half, position, id);
  }
  s += w.objective * objectiveValue(ctx, position, half.side, half.moves);
  const near = nearestEnemy(ctx, position, id);
  if (near) {
    const beyond = Math.max(0, near.d - fightingDistance(ctx, id, u)) / INCH;
    s -= (half.attacking ? w.attack : w.hold) * beyond;
  }
  if (u.disordered && !m) s -= w.disorder;
  s -= w.muddle * muddleRisk(ctx, position, id, half.side, half.enemy);
  return s;
}

function aimsFor(ctx: Ctx, position: Position, id: string, enemy: Seat): Point[] {
  const u = unitOf(position, id);
  const poly = footprint(ctx, id, u);
  const enemies = onTable(position, enemy)
    .map((e) => ({ e, d: gap(poly, footprint(ctx, e, unitOf(position, e))) }))
    .sort((a, b) => a.d - b.d || (a.e < b.e ? -1 : 1))
    .slice(0, 2)
    .map(({ e }) => {
      const eu = unitOf(position, e);
      return { x: eu.x, y: eu.y };
    });
  const objective = [...ctx.objectives].sort(
    (a, b) => gap([a], poly) - gap([b], poly) || (a.id < b.id ? -1 : 1),
  )[0];
  return objective ? [...enemies, { x: objective.x, y: objective.y }] : enemies;
}

function formationsFor(ctx: Ctx, id: string): string[] {
  const t = traitsOf(ctx, id);
  if (t.arm === "foot") return t.missile ? ["open", "pike"] : ["pike", "hedgehog"];
  if (t.arm === "horse") return ["close", "open"];
  return [];
}

/** A quick look at a pose: its shot and the objectives, without the threats and engagements. */
function quickScore(half: Half, position: Position, id: string): number {
  const { ctx, w, v } = half;
  const u = position.units[id] as UnitState;
  let s = 0;
  if (!u.fired && mayFire(ctx, position, id)) {
    let best = 0;
    for (const e of onTable(position, half.enemy)) {
      const odds = shotOdds(ctx, position, id, e);
      if (odds) best = Math.max(best, expectedLoss(ctx, v, e, position.units[e] as UnitState, odds.byFace));
    }
    s += w.fire * best;
  }
  s += w.objective * objectiveValue(ctx, position, half.side, half.moves);
  const near = nearestEnemy(ctx, position, id);
  if (near) {
    const beyond = Math.max(0, near.d - fightingDistance(ctx, id, u)) / INCH;
    s -= (half.attacking ? w.attack : w.hold) * beyond;
    // Within an enemy's charge reach the full score decides: keep such poses in the running.
    if (near.d < 14 * INCH) s += 0.5;
  }
  return s;
}

/** Candidates scored in full after the quick look. */
const SHORTLIST = 8;

/** One unit's best option: an action and the position after it, or undefined to stand. */
function bestForUnit(
  half: Half,
  position: Position,
  id: string,
): { action: Action; position: Position } | undefined {
  const { ctx } = half;
  const u = unitOf(position, id);
  if (u.muddle > 0) {
    const program = stillProgram(ctx, id, u);
    if (program.length === 0) return undefined;
    const action: Action = { type: "move", unit: id, program };
    const next = applied(ctx, position, action);
    return next ? { action, position: next } : undefined;
  }
  const alt = alternatives(half, position, id);
  const standing = unitScore(half, position, id, alt, false);
  let best: { action: Action; position: Position; score: number } | undefined;
  const consider = (action: Action, next: Position, engaged: boolean, score?: number) => {
    const s = score ?? unitScore(half, next, id, alt, engaged);
    if (s > standing + half.w.standBias && (!best || s > best.score))
      best = { action, position: next, score: s };
  };
  const meleeWorth = (p: Position) => {
    const m = meleeOf(p, id);
    return m ? meleeValue(ctx, half.v, p, m, half.side) : 0;
  };
  for (const o of engageOptions(ctx, position, id)) {
    // The melee's worth over the target's counter roll, the rest of the unit's worth as the engine left it.
    const rest = unitScore(half, o.position, id, alt, true) - meleeWorth(o.position);
    consider(
      o.action,
      o.position,
      true,
      rest + overCounterRoll(ctx, position, o.position, id, half.side, meleeWorth),
    );
  }
  const gen = new MoveGenerator(ctx, position, id);
  const candidates: MoveCandidate[] = gen.generate({
    aims: aimsFor(ctx, position, id, half.enemy),
    formations: formationsFor(ctx, id).filter((f) => f !== u.formation),
    limber: false,
  });
  const quick = candidates
    .map((c, i) => ({ c, i, s: quickScore(half, c.position, id) }))
    .sort((a, b) => b.s - a.s || a.i - b.i);
  // The shortlist, and every change of formation and still program (their worth is in what the quick look leaves out).
  const chosen = quick.filter(
    (q, rank) =>
      rank < SHORTLIST ||
      (q.c.action.type === "move" &&
        q.c.action.program.every((op) => op.op !== "advance" && op.op !== "pivot")),
  );
  for (const { c } of chosen) consider(c.action, c.position, false);
  return best;
}

/** The side's whole move: officers out of harm's way, then each unit's best option in turn. */
export function planHalf(ctx: Ctx, start: Position, w: Weights = DEFAULT_WEIGHTS): Action[] {
  const half = halfOf(ctx, start, w);
  const actions: Action[] = [];
  let position = start;
  for (const oid of Object.keys(position.officers).sort()) {
    const o = position.officers[oid];
    if (!o || o.lost || o.moved || o.side !== half.side || o.with === undefined) continue;
    const action: Action = { type: "officer", officer: oid };
    const next = applied(ctx, position, action);
    if (next) {
      actions.push(action);
      position = next;
    }
  }
  const ready = onTable(position, half.side).filter((id) => {
    const u = unitOf(position, id);
    return !u.moved && (!meleeOf(position, id) || u.muddle > 0);
  });
  const key = new Map(ready.map((id) => [id, nearestEnemy(ctx, position, id)?.d ?? 1e12]));
  ready.sort((a, b) => (key.get(a) ?? 0) - (key.get(b) ?? 0) || (a < b ? -1 : 1));
  for (const id of ready) {
    if (position.reaction) break;
    const choice = bestForUnit(half, position, id);
    if (!choice) continue;
    actions.push(choice.action);
    position = choice.position;
    // An engagement that gave the enemy a counter roll hands it the move: plan the rest afterwards.
    if (position.reaction) break;
  }
  return actions;
}
