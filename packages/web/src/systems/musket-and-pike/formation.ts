import {
  axialOf,
  type GameContext,
  type HexGrid,
  idOf,
  indexOfAxial,
  indexOfId,
  type Position,
  stackingLimit,
  type UnitId,
  type UnitMoves,
  unitHexes,
} from "@tercio/musket-and-pike";
import { type GroupPlan, type GroupPreferences, type MoveOrder, planMoves } from "./group-move.js";
import { destinationsOf } from "./interaction.js";

/**
 * Moving a formation: several stacks that keep their places, as a line of
 * battle advances. The player sends the lead unit's stack to a hex; every
 * other stack goes to the hex that keeps it where it stood from the lead's
 * (the same step along the grid's axes). 5.1(C) still moves each unit by
 * itself, within its own Movement Allowance and by its own path: a
 * formation's move is the engine's ordinary move actions, one per unit, and
 * a unit that cannot reach its place stays where it is, with the engine's
 * reason. Headless: the board asks, the engine decides.
 */

/** A group moves as a formation when all its units are on the map, in two hexes or more. */
export function isFormation(position: Position, units: readonly UnitId[]): boolean {
  const hexes = unitHexes(position);
  const held = new Set<string>();
  for (const u of units) {
    const h = hexes.get(u);
    if (h === undefined) return false;
    held.add(h);
  }
  return held.size > 1;
}

/**
 * `hex` moved by the step that takes `from` to `to` (axial coordinates: the
 * same number of hexes along each axis), or undefined where that falls off
 * the map.
 */
export function shifted(grid: HexGrid, hex: string, from: string, to: string): string | undefined {
  const [h, a, b] = [indexOfId(grid, hex), indexOfId(grid, from), indexOfId(grid, to)];
  if (h < 0 || a < 0 || b < 0) return undefined;
  const [ph, pa, pb] = [axialOf(grid, h), axialOf(grid, a), axialOf(grid, b)];
  const i = indexOfAxial(grid, { q: ph.q + pb.q - pa.q, r: ph.r + pb.r - pa.r });
  return i < 0 ? undefined : idOf(grid, i);
}

/**
 * How far forward a hex lies along the step from `from` to `to` (a dot
 * product on the flat-topped layout, scaled to integers): the front of the
 * formation moves first, so that no unit is sent into a hex a friend of the
 * formation has not yet left.
 */
function ahead(grid: HexGrid, hex: string, from: string, to: string): number {
  const [h, a, b] = [indexOfId(grid, hex), indexOfId(grid, from), indexOfId(grid, to)];
  const [ph, pa, pb] = [axialOf(grid, h), axialOf(grid, a), axialOf(grid, b)];
  const [dq, dr] = [pb.q - pa.q, pb.r - pa.r];
  // x = 3q/2, y = √3(r + q/2); 4 (x·x' + y·y') = 9qq' + 3(2r + q)(2r' + q').
  return 9 * ph.q * dq + 3 * (2 * ph.r + ph.q) * (2 * dr + dq);
}

/**
 * Each unit's place when the lead (the group's first unit) goes to `to`,
 * front first; a unit whose place is off the map has no hex, with the reason.
 */
export function formationOrders(
  ctx: GameContext,
  position: Position,
  units: readonly UnitId[],
  to: string,
): MoveOrder[] {
  const grid = ctx.map.grid;
  const hexes = unitHexes(position);
  const from = hexes.get(units[0] ?? "");
  if (from === undefined) return units.map((unit) => ({ unit, hex: undefined, why: offMap(unit) }));
  const placed = units.map((unit, i) => {
    const at = hexes.get(unit);
    const hex = at === undefined ? undefined : shifted(grid, at, from, to);
    return { unit, hex, i, rank: at === undefined ? 0 : ahead(grid, at, from, to) };
  });
  // Front first; within a rank (a stack), the group's order, so each stack keeps its order.
  placed.sort((x, y) => y.rank - x.rank || x.i - y.i);
  return placed.map(({ unit, hex }) =>
    hex === undefined ? { unit, hex, why: offMap(unit) } : { unit, hex },
  );
}

const offMap = (unit: UnitId) => `3.1: ${unit}'s place in the formation is off the map.`;

/**
 * The formation's move, planned: each unit to its place, front first. A
 * stack never runs into one of the formation's units left behind: where a
 * unit of the formation could not move and a unit behind it would make its
 * hex hold more than the stacking limit, the one behind stays too (10.0:
 * the phase could not end so), and so on down the file.
 */
export function planFormation(
  ctx: GameContext,
  position: Position,
  units: readonly UnitId[],
  to: string,
  prefs: GroupPreferences,
  before: ReadonlyMap<UnitId, UnitMoves | string> = new Map(),
): GroupPlan {
  const limit = stackingLimit(ctx, position.phasing);
  const guard = (p: Position, unit: UnitId, hex: string, refused: readonly UnitId[]) => {
    const there = p.stacks[hex] ?? [];
    const stuck = there.find((u) => refused.includes(u));
    if (!stuck || there.length < limit || p.squares.includes(hex)) return undefined;
    return `10.0: ${unit} would make ${hex} hold more than ${limit} units, where ${stuck} of the formation stays.`;
  };
  return planMoves(ctx, position, formationOrders(ctx, position, units, to), prefs, before, guard);
}

/** Each unit's cheapest cost to each hex it can reach this phase. */
function cheapest(moves: UnitMoves | string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (moves === undefined || typeof moves === "string") return out;
  for (const [hex, ds] of destinationsOf(moves)) out.set(hex, Math.min(...ds.map((d) => d.cost)));
  return out;
}

export interface FormationReach {
  /**
   * Where the lead may go with every unit reaching its place, each with the
   * dearest of their cheapest costs. Each unit is weighed alone: a place the
   * move of another unit spoils (a road a friend now stands on, 5.3K) is the
   * plan's to refuse.
   */
  readonly all: Map<string, number>;
  /** Where the lead may be sent with at least one unit reaching its place. */
  readonly any: Set<string>;
}

/** The hexes to send the formation's lead to, from each unit's own moves (groupMoves). */
export function formationReach(
  ctx: GameContext,
  position: Position,
  units: readonly UnitId[],
  moves: ReadonlyMap<UnitId, UnitMoves | string>,
): FormationReach {
  const grid = ctx.map.grid;
  const hexes = unitHexes(position);
  const lead = hexes.get(units[0] ?? "");
  const all = new Map<string, number>();
  const any = new Set<string>();
  if (lead === undefined) return { all, any };
  const costs = new Map(units.map((u) => [u, cheapest(moves.get(u))]));
  // Any: each unit's reachable hexes, taken back to where the lead would be sent for the unit to go there.
  for (const [unit, reach] of costs) {
    const at = hexes.get(unit);
    if (at === undefined) continue;
    for (const hex of reach.keys()) {
      const leadTo = shifted(grid, lead, at, hex);
      if (leadTo !== undefined) any.add(leadTo);
    }
  }
  // All: the lead's own reachable hexes where every other unit reaches its place too.
  for (const to of costs.get(units[0] ?? "")?.keys() ?? []) {
    let dearest = 0;
    for (const [unit, reach] of costs) {
      const at = hexes.get(unit);
      const place = at === undefined ? undefined : shifted(grid, at, lead, to);
      const cost = place === undefined ? undefined : reach.get(place);
      if (cost === undefined) {
        dearest = -1;
        break;
      }
      dearest = Math.max(dearest, cost);
    }
    if (dearest >= 0) all.set(to, dearest);
  }
  return { all, any };
}

/** One stack's place in a formation's move, for the board: whether all its units of the group can reach it. */
export interface Place {
  readonly hex: string;
  readonly reachable: boolean;
}

/** The formation's places when the lead goes to `to`: what the board outlines under the mouse. */
export function footprint(
  ctx: GameContext,
  position: Position,
  units: readonly UnitId[],
  moves: ReadonlyMap<UnitId, UnitMoves | string>,
  to: string,
): Place[] {
  const byHex = new Map<string, boolean>();
  for (const order of formationOrders(ctx, position, units, to)) {
    if (order.hex === undefined) continue;
    const m = moves.get(order.unit);
    const ok = typeof m === "object" && m.destinations.some((d) => d.hex === order.hex);
    byHex.set(order.hex, (byHex.get(order.hex) ?? true) && ok);
  }
  return [...byHex].map(([hex, reachable]) => ({ hex, reachable }));
}
