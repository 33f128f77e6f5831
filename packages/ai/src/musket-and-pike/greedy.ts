import {
  type Action,
  type Assessment,
  assessAttack,
  type Destination,
  endPhase,
  type GameContext,
  indexOfId,
  legalActions,
  legalMoves,
  neighbourOf,
  ODDS,
  overStacked,
  type Position,
  type Side,
  stackingLimit,
  unitHexes,
} from "@tercio/musket-and-pike";
import { distanceField } from "./distance-field.js";
import { deadEnd, deploymentAction, END_PHASE, type MpPolicy, where } from "./policy.js";

/**
 * A simple, fast, deterministic player, one rule of thumb per phase:
 *
 * - Fire (7.0): every unit that can fire is allocated, one per call, to the
 *   hex where the combined attack gets the best odds (then the best expected
 *   result, then a hex already fired at); then every attack is resolved.
 * - Movement (5.0): each unit moves once, to the reachable hex nearest an
 *   objective (the victory hexes where the scenario has control conditions,
 *   the exit edge where it scores exits, else the nearest enemy) that is not
 *   already at the stacking limit; a unit next to an enemy, or with no way
 *   nearer, stays.
 * - Melee (6.0): attackers are combined against the weakest adjacent enemy
 *   hex first, and an attack is declared only at 1-1 or better (checked
 *   before allocating); then every attack is resolved.
 * - Retreats (8.2): the first legal option; advances (8.3): as many as allowed.
 *
 * Each call makes progress, so a game never loops. The policy's generator is
 * not used: ties are broken by hex and unit ids.
 */
export const greedyPolicy: MpPolicy = {
  name: "greedy",
  choose(ctx, position) {
    if (position.decision) return decide(ctx, position);
    switch (position.phase) {
      case "deployment":
        return deploymentAction(ctx, position);
      case "fire":
        return fireAction(ctx, position);
      case "movement":
        return moveAction(ctx, position);
      case "melee":
        return meleeAction(ctx, position);
      case "game-over":
        throw new Error(`greedy: the game is over (${where(ctx, position)})`);
    }
  },
};

const ONE_TO_ONE = ODDS.indexOf("1-1");
const RESULT_WEIGHT = { "-": 0, D: 1, E1: 2, E2: 3 } as const;

/** The expected harm of an attack to the defender: D 1, E1 2, E2 3. */
function expectedHarm(a: Assessment): number {
  return a.outcomes.reduce((t, o) => t + o.probability * RESULT_WEIGHT[o.result], 0);
}

function decide(ctx: GameContext, position: Position): Action {
  const legal = legalActions(ctx, position);
  if (position.decision?.kind === "advance") {
    // Subsets come smallest first: the last is the largest allowed.
    const most = legal.filter((a) => a.type === "advance").at(-1);
    if (most) return most;
  }
  const first = legal[0];
  if (!first) throw new Error(`greedy: no legal answer to the decision (${where(ctx, position)})`);
  return first;
}

/** The next unresolved attack in declaration order (6.3G: the attacker chooses the order), else end the phase. */
function resolveOrEnd(position: Position): Action {
  const open = position.attacks.find((a) => !a.resolved);
  const target = open?.targets[0];
  return target === undefined ? END_PHASE : { type: "resolve", target };
}

function allocationOpen(position: Position): boolean {
  return !position.attacks.some((a) => a.resolved);
}

function fireAction(ctx: GameContext, position: Position): Action {
  if (allocationOpen(position)) {
    const fires = legalActions(ctx, position).filter((a) => a.type === "fire");
    const unit = fires[0]?.unit;
    if (unit !== undefined) {
      let best: { action: Action; key: readonly number[]; target: string } | undefined;
      for (const a of fires) {
        if (a.unit !== unit) continue;
        const existing = position.attacks.find((x) => x.kind === "fire" && x.targets[0] === a.target);
        const assessed = assessAttack(ctx, position, {
          kind: "fire",
          attackers: [...(existing?.attackers ?? []), unit],
          targets: [a.target],
        });
        const key = assessed.ok
          ? [ODDS.indexOf(assessed.value.odds), expectedHarm(assessed.value), existing ? 1 : 0]
          : [-1, 0, 0];
        if (!best || better(key, best.key) || (same(key, best.key) && a.target < best.target))
          best = { action: a, key, target: a.target };
      }
      if (best) return best.action;
    }
  }
  return resolveOrEnd(position);
}

/** Lexicographic comparison of score keys, higher first. */
function better(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
}

function same(a: readonly number[], b: readonly number[]): boolean {
  return a.every((x, i) => x === b[i]);
}

/** Hexes held by the other side of `side`, as grid indices. */
function enemyHexes(ctx: GameContext, position: Position, side: Side): number[] {
  const out: number[] = [];
  for (const [hex, ids] of Object.entries(position.stacks)) {
    const top = position.units[ids[0] ?? ""];
    if (top && top.side !== side) out.push(indexOfId(ctx.map.grid, hex));
  }
  return out;
}

/** The hexes a side makes for (16.0): victory hexes, else its exit hexes, else the enemy. */
function objectives(ctx: GameContext, side: Side, enemies: readonly number[]): number[] {
  const victory: number[] = [];
  ctx.victoryHexes.forEach((v, h) => {
    if (v === 1) victory.push(h);
  });
  if (victory.length > 0) return victory;
  const exits: number[] = [];
  ctx.exitHexes[side].forEach((v, h) => {
    if (v === 1) exits.push(h);
  });
  if (exits.length > 0) return exits;
  return [...enemies];
}

/**
 * 5.0: the next unit to move, one per call (units in id order), to the
 * reachable hex nearest the objective, by the cheapest path, never to a hex
 * already at the stacking limit (10.0); artillery unlimbers there when it
 * has the Movement Points left (5.4L).
 *
 * A unit stays where it is when it is next to an enemy, on an objective, or
 * when no neighbouring hex nearer the objective has room and no enemy in it
 * (it waits for the units ahead to move on). That cheap test spares a
 * reachability search (legalMoves) for every waiting unit at every call,
 * which was most of a game's time.
 */
function moveAction(ctx: GameContext, position: Position): Action {
  const side = position.phasing;
  const grid = ctx.map.grid;
  const limit = stackingLimit(ctx, side);
  const enemies = enemyHexes(ctx, position, side);
  const blocked = new Uint8Array(grid.size);
  const nextToEnemy = new Uint8Array(grid.size);
  for (const e of enemies) {
    blocked[e] = 1;
    for (let dir = 0; dir < 6; dir++) {
      const n = neighbourOf(grid, e, dir as 0);
      if (n >= 0) nextToEnemy[n] = 1;
    }
  }
  const count = new Int32Array(grid.size);
  for (const [hex, ids] of Object.entries(position.stacks)) count[indexOfId(grid, hex)] = ids.length;
  const goal = objectives(ctx, side, enemies);
  const field = distanceField(ctx, goal);
  // No objective at all: every hex is as good as any other, so nobody moves.
  if (goal.length === 0) field.fill(0);
  const exiting = goal.length > 0 && goal.every((h) => ctx.exitHexes[side][h] === 1);
  const hexes = unitHexes(position);
  const moved = new Set(position.moved);
  const movers: { id: string; current: number }[] = [];
  const ids = Object.keys(position.units)
    .filter((id) => position.units[id]?.side === side && !moved.has(id))
    .sort();
  for (const id of ids) {
    const status = position.offMap[id];
    if (status !== undefined && status !== "awaiting-entry") continue;
    const at = hexes.get(id);
    if (at === undefined) {
      // Awaiting entry (legalMoves says whether it may enter now): anywhere on the map is nearer.
      movers.push({ id, current: Number.POSITIVE_INFINITY });
      continue;
    }
    const h = indexOfId(grid, at);
    const current = field[h] as number;
    if (nextToEnemy[h] === 1 || (current === 0 && !exiting)) continue;
    let open = exiting && current === 0;
    for (let dir = 0; dir < 6 && !open; dir++) {
      const n = neighbourOf(grid, h, dir as 0);
      open = n >= 0 && (field[n] as number) < current && blocked[n] === 0 && (count[n] as number) < limit;
    }
    if (open) movers.push({ id, current });
  }
  const room = (hex: string) => (count[indexOfId(grid, hex)] as number) < limit;
  for (const { id, current } of movers) {
    const moves = legalMoves(ctx, position, id);
    if (!moves.ok) continue;
    if (exiting && moves.value.exit) return { type: "move", unit: id, steps: [...moves.value.exit.steps] };
    let best: Destination | undefined;
    let bestDistance = current;
    for (const d of moves.value.destinations) {
      if (!room(d.hex)) continue;
      const dist = field[indexOfId(grid, d.hex)] as number;
      if (
        dist < bestDistance ||
        (best && dist === bestDistance && (d.cost < best.cost || (d.cost === best.cost && d.hex < best.hex)))
      ) {
        best = d;
        bestDistance = dist;
      }
    }
    if (best) {
      return { type: "move", unit: id, steps: [...best.steps, ...(best.canUnlimber ? ["unlimber"] : [])] };
    }
  }
  if (endPhase(ctx, position).ok) return END_PHASE;
  const out = unstack(ctx, position, count, limit);
  if (!out) throw deadEnd(ctx, position, "greedy");
  return out;
}

/**
 * 10.0: the phase cannot end with a hex over the stacking limit (a retreat
 * can leave one): move a unit out of such a hex, to a hex with room if it
 * can, else anywhere. Undefined when none of those units may move.
 */
function unstack(ctx: GameContext, position: Position, count: Int32Array, limit: number): Action | undefined {
  let fallback: Action | undefined;
  for (const over of overStacked(ctx, position, position.phasing)) {
    for (const id of position.stacks[over.hex] ?? []) {
      if (position.moved.includes(id)) continue;
      const moves = legalMoves(ctx, position, id);
      if (!moves.ok) continue;
      if (moves.value.exit) return { type: "move", unit: id, steps: [...moves.value.exit.steps] };
      const d = moves.value.destinations.find(
        (x) => (count[indexOfId(ctx.map.grid, x.hex)] as number) < limit,
      );
      if (d) return { type: "move", unit: id, steps: [...d.steps] };
      const any = moves.value.destinations[0];
      if (any) fallback ??= { type: "move", unit: id, steps: [...any.steps] };
    }
  }
  return fallback;
}

function meleeAction(ctx: GameContext, position: Position): Action {
  if (allocationOpen(position)) {
    const next = nextMeleeAllocation(ctx, position);
    if (next) return next;
  }
  return resolveOrEnd(position);
}

/**
 * 6.2(C): the next attacker to allocate. For each adjacent enemy hex, the
 * units that may attack it are added to what is already allocated there, one
 * by one, as long as the combination stays legal (6.4K); the hexes where that
 * gives at least 1-1 are taken weakest defence first. Recomputing this after
 * each allocation gives the same combination, so the plan is followed
 * through one unit per call.
 */
function nextMeleeAllocation(ctx: GameContext, position: Position): Action | undefined {
  const candidates = new Map<string, string[]>();
  for (const a of legalActions(ctx, position)) {
    const target = a.type === "attack" && a.targets.length === 1 ? a.targets[0] : undefined;
    if (a.type !== "attack" || target === undefined) continue;
    candidates.set(target, [...(candidates.get(target) ?? []), a.unit]);
  }
  let best: { target: string; unit: string; defence: number } | undefined;
  for (const [target, units] of candidates) {
    const existing = position.attacks.find(
      (x) => x.kind === "melee" && x.targets.length === 1 && x.targets[0] === target,
    );
    const combo = [...(existing?.attackers ?? [])];
    let first: string | undefined;
    let assessment: Assessment | undefined;
    for (const unit of units) {
      const trial = assessAttack(ctx, position, {
        kind: "melee",
        attackers: [...combo, unit],
        targets: [target],
      });
      if (!trial.ok) continue;
      combo.push(unit);
      first ??= unit;
      assessment = trial.value;
    }
    if (first === undefined || !assessment || ODDS.indexOf(assessment.odds) < ONE_TO_ONE) continue;
    const { defence } = assessment;
    if (!best || defence < best.defence || (defence === best.defence && target < best.target))
      best = { target, unit: first, defence };
  }
  return best ? { type: "attack", unit: best.unit, targets: [best.target] } : undefined;
}
