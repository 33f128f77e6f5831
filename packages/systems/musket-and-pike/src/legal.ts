import { ok, type Result } from "@tercio/core";
import type { Action, MoveStep } from "./actions.js";
import { allocationError, caracollaAllowed } from "./combat/declare.js";
import { retreatOptions } from "./combat/retreat.js";
import { attackingUnit } from "./combat/units.js";
import { type GameContext, zoneKey } from "./context.js";
import { groundError } from "./deployment.js";
import { distance, idOf, indexOfId } from "./hex/grid.js";
import {
  moveActionAt,
  moveActionCount,
  moveActions,
  type UnitMoves,
  unitMoves,
} from "./movement/destinations.js";
import { applyMove } from "./movement/move.js";
import { mover, moverIfAble } from "./movement/mover.js";
import { sharedOccupancy } from "./movement/occupancy.js";
import { memoReach } from "./movement/reach-memo.js";
import type { Reachability } from "./movement/reachability.js";
import { ROAD_MODE_HALF_COST } from "./movement/road-mode.js";
import { crowdedHexes, overstackError, stopGuard } from "./movement/stacking-guard.js";
import type { RuleError } from "./rule-error.js";
import { endPhaseError } from "./sequence.js";
import { formSquareError } from "./squares.js";
import type { Position, UnitId } from "./state/position.js";
import { unitHexIndex } from "./state/stacks.js";

export type { Destination, UnitMoves } from "./movement/destinations.js";

/**
 * Every hex the unit can reach this Movement Phase, each with its cost and a
 * path (the UI's and the AI's API). Hexes it may pass through but not stop in
 * (10.0, see stacking-guard.ts) are left out.
 */
export function legalMoves(ctx: GameContext, position: Position, unit: UnitId): Result<UnitMoves, RuleError> {
  const m = mover(ctx, position, unit);
  if (!m.ok) return m;
  const occ = sharedOccupancy(ctx.map, position);
  return ok(unitMoves(ctx, memoReach(ctx, occ, m.value), stopGuard(ctx, position, occ, m.value)));
}

/**
 * 10.0 alone: why `unit` may not end its move in `hex` for stacking's sake
 * (the hex would be over the limit with too few units there still able to
 * move out), whatever path it took there; undefined when stacking allows it
 * or the unit cannot move at all. For a host choosing among reasons: a
 * group's later units refused a hex the first ones filled are told 10.0,
 * not the cost of the road a friend now stands on (5.3K).
 */
export function stackingRefusal(
  ctx: GameContext,
  position: Position,
  unit: UnitId,
  hex: string,
): RuleError | undefined {
  const m = mover(ctx, position, unit);
  const at = indexOfId(ctx.map.grid, hex);
  if (!m.ok || at < 0) return undefined;
  return overstackError(ctx, position, sharedOccupancy(ctx.map, position), m.value, at);
}

/**
 * Every action the player to act may take now. Moves are listed by their
 * cheapest path, with and without unlimbering at the end; stack orders as
 * every permutation a player may choose.
 */
export function legalActions(ctx: GameContext, position: Position): Action[] {
  const actions: Action[] = [];
  if (position.phase === "game-over") return actions;
  if (position.decision) return decisionActions(ctx, position);
  if (position.phase === "deployment") actions.push(...deployActions(ctx, position));
  if (position.phase === "fire" || position.phase === "melee") actions.push(...combatActions(ctx, position));
  if (position.phase === "movement") {
    const occ = sharedOccupancy(ctx.map, position);
    const moved = new Set(position.moved);
    for (const id of Object.keys(position.units)) {
      // The Phasing Player's units that have not moved (mover() would refuse the others).
      if (position.units[id]?.side !== position.phasing || moved.has(id)) continue;
      const m = moverIfAble(ctx, position, id);
      if (!m) continue;
      moveActions(ctx, memoReach(ctx, occ, m), stopGuard(ctx, position, occ, m), m.unit.limbered, actions);
    }
    actions.push(...dismountActions(position));
    actions.push(...squareActions(ctx, position));
    actions.push(...reorderActions(position));
  }
  if (!endPhaseError(ctx, position)) actions.push({ type: "end-phase" });
  return actions;
}

/**
 * A Movement Phase's choices that change the board, counted and picked
 * rather than listed: the moves, dismounts and squares of `legalActions`,
 * in its order, leaving out what follows them there (stack reorders and
 * end-phase). `at(k)` builds only the k-th, the same action legalActions
 * lists at k. A random playout picks one of thousands of moves per step;
 * listing them all (each with its path) was most of its time.
 */
export interface MovementChoices {
  readonly count: number;
  at(index: number): Action | undefined;
}

interface UnitChoices {
  readonly reach: Reachability;
  readonly stoppable: (hex: number) => boolean;
  readonly limbered: boolean;
  readonly count: number;
}

export function movementChoices(ctx: GameContext, position: Position): MovementChoices {
  if (position.phase !== "movement" || position.decision) return { count: 0, at: () => undefined };
  const units: UnitChoices[] = [];
  let count = 0;
  eachUnitChoices(ctx, position, (u) => {
    units.push(u);
    count += u.count;
    return true;
  });
  const rest = [...dismountActions(position), ...squareActions(ctx, position)];
  return {
    count: count + rest.length,
    at(index) {
      let left = index;
      for (const u of units) {
        if (left < u.count) return moveActionAt(ctx, u.reach, u.stoppable, u.limbered, left);
        left -= u.count;
      }
      return rest[left];
    },
  };
}

/**
 * Whether `movementChoices` would count any choice, asked without counting
 * them all: it stops at the first unit with a move. A random player that
 * may end the phase decides that first, and counts only when it moves on.
 */
export function hasMovementChoice(ctx: GameContext, position: Position): boolean {
  if (position.phase !== "movement" || position.decision) return false;
  let found = false;
  eachUnitChoices(ctx, position, () => {
    found = true;
    return false;
  });
  return found || dismountActions(position).length > 0 || squareActions(ctx, position).length > 0;
}

/**
 * The moves of each of the Phasing Player's units that has any, in
 * legalActions' order, until `visit` says stop (returns false).
 */
function eachUnitChoices(ctx: GameContext, position: Position, visit: (u: UnitChoices) => boolean): void {
  const occ = sharedOccupancy(ctx.map, position);
  const moved = new Set(position.moved);
  const crowded = crowdedHexes(ctx, position, occ, position.phasing);
  for (const id of Object.keys(position.units)) {
    // As legalActions: the Phasing Player's units that have not moved and may move.
    if (position.units[id]?.side !== position.phasing || moved.has(id)) continue;
    const m = moverIfAble(ctx, position, id);
    if (!m) continue;
    const reach = memoReach(ctx, occ, m);
    const stoppable = stopGuard(ctx, position, occ, m);
    const limbered = m.unit.limbered;
    const n = moveActionCount(ctx, reach, crowded, stoppable, limbered);
    if (n > 0 && !visit({ reach, stoppable, limbered, count: n })) return;
  }
}

/**
 * A combat phase: while allocation is open, every (unit, target) allocation
 * the rules allow (fire: each hex in range and sight; melee: each adjacent
 * enemy hex, and each set of them for 6.2F) and the withdrawals; then the
 * resolution of each allocated attack.
 */
function combatActions(ctx: GameContext, position: Position): Action[] {
  const out: Action[] = [];
  const melee = position.phase === "melee";
  // 11.0 (optional): Reiter Cavalry may fire in the Melee Combat Phase, before any melee is resolved.
  const caracolla = melee && position.options.optionalRules.includes("caracolla");
  const meleeOpen = melee && !position.attacks.some((a) => a.resolved && a.kind === "melee");
  const fireOpen = (!melee || caracolla) && !position.attacks.some((a) => a.resolved);
  if (meleeOpen || fireOpen) {
    const hexes = unitHexIndex(position);
    const allocated = new Set(position.attacks.flatMap((a) => a.attackers));
    const enemyHexes = Object.keys(position.stacks).filter(
      (hex) => position.units[position.stacks[hex]?.[0] ?? ""]?.side !== position.phasing,
    );
    for (const [id, unit] of Object.entries(position.units)) {
      // Units off the map are left out here, not refused one by one (attackingUnit, 4.2).
      if (unit.side !== position.phasing || allocated.has(id) || !hexes.has(id)) continue;
      if (fireOpen && (!caracolla || caracollaAllowed(ctx, position, id))) {
        out.push(...fireAllocations(ctx, position, id, enemyHexes, hexes));
      }
      if (meleeOpen) out.push(...meleeAllocations(ctx, position, id, enemyHexes, hexes));
    }
    for (const a of position.attacks) {
      const open = a.kind === "melee" ? meleeOpen : fireOpen;
      if (!a.resolved && open) for (const id of a.attackers) out.push({ type: "withdraw", unit: id });
    }
  }
  const fireFirst = position.attacks.some((a) => a.kind === "fire" && !a.resolved);
  for (const a of position.attacks) {
    const target = a.targets[0];
    if (a.resolved || target === undefined || (melee && a.kind === "melee" && fireFirst)) continue;
    out.push({ type: "resolve", target });
  }
  return out;
}

/** Every hex a unit may fire at now (7.1C range, 7.3G sight). */
function fireAllocations(
  ctx: GameContext,
  position: Position,
  id: UnitId,
  enemyHexes: readonly string[],
  hexes: ReadonlyMap<UnitId, string>,
): Action[] {
  const c = attackingUnit(ctx, position, id, "fire", hexes);
  if ("code" in c || c.stats.range === null) return [];
  const out: Action[] = [];
  for (const target of enemyHexes) {
    const to = indexOfId(ctx.map.grid, target);
    if (distance(ctx.map.grid, c.at, to) > c.stats.range) continue;
    if (!allocationError(ctx, position, "fire", id, [target], hexes))
      out.push({ type: "fire", unit: id, target });
  }
  return out;
}

/** Every adjacent enemy hex a unit may attack, alone or together (6.2F). */
function meleeAllocations(
  ctx: GameContext,
  position: Position,
  id: UnitId,
  enemyHexes: readonly string[],
  hexes: ReadonlyMap<UnitId, string>,
): Action[] {
  const c = attackingUnit(ctx, position, id, "melee", hexes);
  if ("code" in c || c.stats.meleeParenthesised) return [];
  const adjacent = enemyHexes.filter((h) => distance(ctx.map.grid, c.at, indexOfId(ctx.map.grid, h)) === 1);
  const out: Action[] = [];
  for (const targets of subsets(adjacent)) {
    if (!allocationError(ctx, position, "melee", id, targets, hexes))
      out.push({ type: "attack", unit: id, targets });
  }
  return out;
}

/** The answers to a pending retreat (8.2) or advance (8.3). */
function decisionActions(ctx: GameContext, position: Position): Action[] {
  const decision = position.decision;
  if (decision?.kind === "retreat") {
    const unit = decision.units[0];
    if (unit === undefined) return [];
    const spent = decision.leftRoadMode?.includes(unit) ? ROAD_MODE_HALF_COST : 0;
    return retreatOptions(ctx, position, unit, spent).map((o) => ({ type: "retreat", unit, to: o.to }));
  }
  if (decision?.kind === "advance") {
    return subsets(decision.candidates, 0)
      .filter((s) => s.length <= decision.max)
      .map((units) => ({ type: "advance", units }));
  }
  return [];
}

/** Every subset of at least `min` items, smallest first (at most 2^6 for the hexes around one). */
function subsets<T>(items: readonly T[], min = 1): T[][] {
  const out: T[][] = [];
  for (let mask = 0; mask < 1 << items.length; mask++) {
    const pick = items.filter((_, i) => (mask & (1 << i)) !== 0);
    if (pick.length >= min) out.push(pick);
  }
  return out.sort((a, b) => a.length - b.length);
}

function deployActions(ctx: GameContext, position: Position): Action[] {
  const out: Action[] = [];
  for (const [id, status] of Object.entries(position.offMap)) {
    const unit = position.units[id];
    if (status !== "undeployed" || !unit || unit.side !== position.phasing) continue;
    const zone = ctx.zones.get(zoneKey(unit.side, unit.force));
    if (zone?.kind !== "deploy") continue;
    for (const h of zone.hexes) {
      const hex = idOf(ctx.map.grid, h);
      const holder = position.units[position.stacks[hex]?.[0] ?? ""]?.side;
      if ((holder === undefined || holder === unit.side) && !groundError(ctx, id, unit, h)) {
        out.push({ type: "deploy", unit: id, hex });
      }
    }
  }
  // 16.0: a unit placed may be taken back while its player deploys. Listed, so that a placement that
  // leaves no room for the rest is never a dead end (the end of deployment waits for every unit).
  for (const ids of Object.values(position.stacks))
    for (const id of ids)
      if (position.units[id]?.side === position.phasing) out.push({ type: "undeploy", unit: id });
  return out;
}

/**
 * 12.0 (optional): forming a square in any hex that may; removing one before
 * any unit moves (12.2 errata); guns inside a square limbering or unlimbering
 * where they stand (12.2B).
 */
function squareActions(ctx: GameContext, position: Position): Action[] {
  if (!position.options.optionalRules.includes("infantry-squares")) return [];
  const out: Action[] = [];
  for (const [hex, ids] of Object.entries(position.stacks)) {
    if (position.units[ids[0] ?? ""]?.side !== position.phasing) continue;
    if (!position.squares.includes(hex)) {
      if (!formSquareError(ctx, position, hex)) out.push({ type: "form-square", hex });
      continue;
    }
    if (position.moved.length === 0) out.push({ type: "remove-square", hex });
    for (const id of ids) {
      const unit = position.units[id];
      if (!unit || position.moved.includes(id)) continue;
      const steps: MoveStep[] = [unit.limbered ? "unlimber" : "limber"];
      if (applyMove(ctx, position, id, steps).ok) out.push({ type: "move", unit: id, steps });
    }
  }
  return out;
}

/** 14.0 (optional): Dragoons that have not moved may dismount, or remount. */
function dismountActions(position: Position): Action[] {
  if (!position.options.optionalRules.includes("dismounting-cavalry")) return [];
  const out: Action[] = [];
  for (const ids of Object.values(position.stacks)) {
    for (const id of ids) {
      const unit = position.units[id];
      if (unit?.type !== "DR" || unit.side !== position.phasing || position.moved.includes(id)) continue;
      if (unit.dismounted) out.push({ type: "remount", unit: id });
      else if (!unit.disrupted) out.push({ type: "dismount", unit: id });
    }
  }
  return out;
}

function reorderActions(position: Position): Action[] {
  const out: Action[] = [];
  for (const [hex, ids] of Object.entries(position.stacks)) {
    if (ids.length < 2 || position.units[ids[0] ?? ""]?.side !== position.phasing) continue;
    // 12.2(B): units in a square may not change their places.
    if (position.squares.includes(hex)) continue;
    // 8.4: disrupted units keep their places; permute the others among the free places.
    const free = ids.map((id, i) => (position.units[id]?.disrupted ? -1 : i)).filter((i) => i >= 0);
    for (const perm of permutations(free.map((i) => ids[i] as string))) {
      const order = [...ids];
      free.forEach((slot, k) => {
        order[slot] = perm[k] as string;
      });
      // 13.0(E): a unit in Road Movement Mode stays on top.
      const marching = order.findIndex((id) => position.units[id]?.roadMode);
      if (order.some((id, i) => id !== ids[i]) && marching <= 0) out.push({ type: "reorder", hex, order });
    }
  }
  return out;
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) out.push([item, ...rest]);
  });
  return out;
}
