import type { Action, MoveStep } from "../actions.js";
import type { GameContext } from "../context.js";
import { idOf } from "../hex/grid.js";
import type { UnitId } from "../state/position.js";
import { type Reachability, stepsTo } from "./reachability.js";
import type { CrowdedHexes } from "./stacking-guard.js";

/**
 * A unit's destinations for the phase, read off its reachability (the
 * search, reachability.ts): for the UI and the AI (`legalMoves`), and as
 * move actions (`legalActions`).
 */

/** One place a unit can move to this phase, by its cheapest path. */
export interface Destination {
  readonly hex: string;
  /** Movement Points spent, halves allowed. */
  readonly cost: number;
  readonly steps: readonly MoveStep[];
  /** 5.4(L): whether the artillery unit has the 3 MP left to unlimber there. */
  readonly canUnlimber: boolean;
  /** 13.0 (optional): whether the unit ends in Road Movement Mode. */
  readonly roadMode: boolean;
}

export interface UnitMoves {
  readonly unit: UnitId;
  readonly destinations: readonly Destination[];
  /** 16.22: leaving the map, where the scenario allows it. */
  readonly exit?: { readonly cost: number; readonly steps: readonly MoveStep[] };
}

/**
 * The destinations of a reachability, keeping the hexes `stoppable` allows
 * (10.0). With Road Mode in play (13.0) a hex reachable both in and out of
 * Road Mode is listed once for each, and converting where the unit stands
 * is listed too.
 */
export function unitMoves(ctx: GameContext, r: Reachability, stoppable: (hex: number) => boolean): UnitMoves {
  const destinations: Destination[] = [];
  const pathTo = pathsOf(ctx, r);
  eachDestination(r, stoppable, (h, layer, c, slot) => {
    destinations.push({
      hex: idOf(ctx.map.grid, h),
      cost: c / 2,
      steps: pathTo(h, layer, slot, false),
      canUnlimber: mayUnlimberAt(ctx, r, c),
      roadMode: layer === 1,
    });
  });
  const exit = r.exitCost >= 0 ? { cost: r.exitCost / 2, steps: exitSteps(ctx, r) } : undefined;
  return { unit: r.unit, destinations, ...(exit ? { exit } : {}) };
}

/**
 * Calls `visit` with each state a unit may end its move in: hex by hex in
 * ascending order, out of Road Mode before in it, the hexes `stoppable`
 * refuses and standing still left out. `cost` is in half MP; `slot` numbers
 * the state among the search's reached states (see `pathsOf`).
 */
function eachDestination(
  r: Reachability,
  stoppable: (hex: number) => boolean,
  visit: (hex: number, layer: number, cost: number, slot: number) => void,
): void {
  const size = r.cost.length;
  for (let i = 0; i < r.hexes.length; i++) {
    const h = r.hexes[i] as number;
    if (!stoppable(h)) continue;
    for (let layer = 0; layer < r.layers; layer++) {
      const c = r.stateCost[layer * size + h] as number;
      if (c < 0 || (h === r.start && layer === r.startLayer)) continue;
      visit(h, layer, c, i * r.layers + layer);
    }
  }
}

/**
 * The steps to each destination state of a search, by its cheapest path,
 * with unlimbering at the end or without: worked out once per search and
 * handed out frozen, the same array to every listing (a Movement Phase
 * lists thousands of moves and plays one; copying each path per listing
 * was most of the listing's time). Searches are reused from position to
 * position (reach-memo.ts), and entering units of one kind share theirs,
 * so the paths are kept with them (by the search's `statePrev`, which its
 * copies share), each in the slot `eachDestination` gives its state.
 */
function pathsOf(
  ctx: GameContext,
  r: Reachability,
): (hex: number, layer: number, slot: number, unlimber: boolean) => readonly MoveStep[] {
  let known = paths.get(r.statePrev);
  if (!known) {
    known = new Array(r.hexes.length * r.layers * 2);
    paths.set(r.statePrev, known);
  }
  const book = known;
  return (hex, layer, slot, unlimber) => {
    const at = slot * 2 + (unlimber ? 1 : 0);
    let steps = book[at];
    if (!steps) {
      steps = Object.freeze(stepsTo(ctx, r, hex, unlimber, r.layers === 2 ? layer === 1 : undefined));
      book[at] = steps;
    }
    return steps;
  };
}

const paths = new WeakMap<Int32Array, (readonly MoveStep[] | undefined)[]>();

/**
 * A move action on a shared path. The action's type says its steps may be
 * changed, as an action parsed from a file may be; these are frozen, so a
 * caller that changes one is stopped at once rather than changing the
 * listing of every later call.
 */
function moveOn(unit: UnitId, steps: readonly MoveStep[]): Action {
  return { type: "move", unit, steps: steps as MoveStep[] };
}

/** 16.22: the steps off the map, by the cheapest way. */
function exitSteps(ctx: GameContext, r: Reachability): MoveStep[] {
  const steps = stepsTo(ctx, r, r.exitFrom);
  steps.push("exit");
  return steps;
}

/**
 * A unit's move actions (5.0), in the order of its destinations: each by
 * its cheapest path, then with unlimbering at the end where the MP allow
 * (5.4L); leaving the map (16.22); unlimbering where it stands.
 */
export function moveActions(
  ctx: GameContext,
  r: Reachability,
  stoppable: (hex: number) => boolean,
  limbered: boolean,
  out: Action[],
): void {
  const unit = r.unit;
  const pathTo = pathsOf(ctx, r);
  eachDestination(r, stoppable, (h, layer, c, slot) => {
    out.push(moveOn(unit, pathTo(h, layer, slot, false)));
    if (mayUnlimberAt(ctx, r, c)) out.push(moveOn(unit, pathTo(h, layer, slot, true)));
  });
  if (r.exitCost >= 0) out.push({ type: "move", unit, steps: exitSteps(ctx, r) });
  if (limbered && r.start >= 0) out.push({ type: "move", unit, steps: ["unlimber"] });
}

/**
 * How many actions `moveActions` would list, without listing them: the
 * count half of count-and-pick (a random choice among a phase's moves
 * builds the one it picks, not the thousands it could have). `crowded`
 * holds every hex 10.0 may close (crowdedHexes): the search's tally is
 * kept, and the actions of the crowded hexes it reaches that are closed
 * are taken off (the unit's own hex asked about alone).
 */
export function moveActionCount(
  ctx: GameContext,
  r: Reachability,
  crowded: CrowdedHexes,
  stoppable: (hex: number) => boolean,
  limbered: boolean,
): number {
  const perHex = tallyOf(ctx, r);
  let count = perHex.total;
  for (const h of crowded.hexes) {
    const n = perHex.actions[h] as number;
    if (n > 0 && (h === r.start ? !stoppable(h) : crowded.closedToOthers(h))) count -= n;
  }
  if (r.exitCost >= 0) count++;
  if (limbered && r.start >= 0) count++;
  return count;
}

/** A search's move actions in each hex, before 10.0 refuses any (1 per state, 2 where the unit may also unlimber), and their sum. */
interface Tally {
  readonly actions: Uint8Array;
  readonly total: number;
}

/** By the search's `stateCost`, which the copies of one search share (see `pathsOf`). */
const tallies = new WeakMap<Int16Array, Tally>();

function tallyOf(ctx: GameContext, r: Reachability): Tally {
  const known = tallies.get(r.stateCost);
  if (known) return known;
  const actions = new Uint8Array(r.cost.length);
  let total = 0;
  eachDestination(
    r,
    () => true,
    (h, _layer, c) => {
      const n = mayUnlimberAt(ctx, r, c) ? 2 : 1;
      actions[h] = (actions[h] as number) + n;
      total += n;
    },
  );
  const tally = { actions, total };
  tallies.set(r.stateCost, tally);
  return tally;
}

/**
 * The action `moveActions` would list at `index` (0 <= index < moveActionCount),
 * built alone: the pick half of count-and-pick. Undefined past the end.
 */
export function moveActionAt(
  ctx: GameContext,
  r: Reachability,
  stoppable: (hex: number) => boolean,
  limbered: boolean,
  index: number,
): Action | undefined {
  const unit = r.unit;
  const pathTo = pathsOf(ctx, r);
  let left = index;
  let found: Action | undefined;
  eachDestination(r, stoppable, (h, layer, c, slot) => {
    if (found || left < 0) return;
    const unlimbers = mayUnlimberAt(ctx, r, c);
    if (left === 0) found = moveOn(unit, pathTo(h, layer, slot, false));
    else if (unlimbers && left === 1) found = moveOn(unit, pathTo(h, layer, slot, true));
    left -= unlimbers ? 2 : 1;
  });
  if (found) return found;
  if (r.exitCost >= 0 && left-- === 0) return { type: "move", unit, steps: exitSteps(ctx, r) };
  if (limbered && r.start >= 0 && left === 0) return { type: "move", unit, steps: ["unlimber"] };
  return undefined;
}

/** 5.4(L): whether artillery that stops having spent `cost` (half MP) has the MP left to unlimber there. */
function mayUnlimberAt(ctx: GameContext, r: Reachability, cost: number): boolean {
  return r.canUnlimber && cost + ctx.rules.limberHalfCost <= r.allowance;
}
