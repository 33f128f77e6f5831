import type { GameContext } from "../context.js";
import { occupyControl } from "../control.js";
import type { GameEvent } from "../events.js";
import { indexOfId } from "../hex/grid.js";
import type { HexId } from "../hex/offset.js";
import type { OffMapStatus, Position, UnitId, UnitRecord } from "../state/position.js";
import { sortedStacks } from "../state/stacks.js";

/**
 * Mutable working copies of the parts of a position that combat results
 * change, for the length of one rule function; `commit` gives back a new
 * Position and the input is never touched.
 */
export interface Board {
  readonly stacks: Record<HexId, UnitId[]>;
  readonly units: Record<UnitId, UnitRecord>;
  readonly offMap: Record<UnitId, OffMapStatus>;
  control: Position["control"];
  readonly events: GameEvent[];
  /** 16.24: units that "may not be disrupted, only eliminated". */
  readonly undisruptable: ReadonlySet<UnitId>;
  /** 13.0(F): units that left Road Mode on being disrupted, 1 MP short for their retreat. */
  readonly leftRoadMode: Set<UnitId>;
}

export function openBoard(
  position: Position,
  undisruptable: ReadonlySet<UnitId> = new Set(),
  /** 13.0(F): units still to retreat that left Road Mode earlier (a retreat decision's). */
  leftRoadMode?: readonly UnitId[],
): Board {
  const stacks: Record<HexId, UnitId[]> = {};
  for (const [hex, ids] of Object.entries(position.stacks)) stacks[hex] = [...ids];
  return {
    stacks,
    units: { ...position.units },
    offMap: { ...position.offMap },
    control: position.control,
    events: [],
    undisruptable,
    leftRoadMode: new Set(leftRoadMode),
  };
}

export function commit(position: Position, board: Board): Position {
  return {
    ...position,
    stacks: sortedStacks(board.stacks),
    units: board.units,
    offMap: board.offMap,
    control: board.control,
    // 12.0: a square whose units have all gone (eliminated or retreated) is no more.
    squares: position.squares.filter((hex) => (board.stacks[hex]?.length ?? 0) > 0),
  };
}

export function hexOf(board: Board, unit: UnitId): HexId | undefined {
  for (const [hex, ids] of Object.entries(board.stacks)) if (ids.includes(unit)) return hex;
  return undefined;
}

function takeOut(board: Board, unit: UnitId, hex: HexId): void {
  const rest = (board.stacks[hex] ?? []).filter((id) => id !== unit);
  if (rest.length > 0) board.stacks[hex] = rest;
  else delete board.stacks[hex];
}

/** Removes a unit from the map (8.11, 8.12, 8.21, 8.4). */
export function eliminate(board: Board, unit: UnitId, rule: string, reason: string): void {
  const hex = hexOf(board, unit);
  if (hex === undefined) return;
  takeOut(board, unit, hex);
  board.offMap[unit] = "eliminated";
  board.events.push({ type: "unit-eliminated", unit, hex, rule, reason });
}

/**
 * 8.4: marks a unit Disrupted; a unit disrupted again is eliminated.
 * Returns whether it is now disrupted and still on the map (false for a
 * ferocious unit, 16.24, which ignores the result and stays as it was).
 */
export function disrupt(board: Board, unit: UnitId, rule: string): boolean {
  const record = board.units[unit];
  const hex = hexOf(board, unit);
  if (!record || hex === undefined) return false;
  if (board.undisruptable.has(unit)) {
    board.events.push({
      type: "result-ignored",
      unit,
      hex,
      rule: "16.24",
      reason: "ferocious: may not be disrupted",
    });
    return false;
  }
  if (record.disrupted) {
    eliminate(board, unit, "8.4", "disrupted while already disrupted");
    return false;
  }
  // 13.0(F): "When disrupted, the unit must first convert out of Road Movement Mode ... and then retreat."
  if (record.roadMode) board.leftRoadMode.add(unit);
  board.units[unit] = { ...record, disrupted: true, roadMode: false };
  board.events.push({ type: "unit-disrupted", unit, hex, rule });
  return true;
}

/** 8.12: a unit disrupted by fire goes to the bottom of its stack. */
export function toBottom(board: Board, unit: UnitId): void {
  const hex = hexOf(board, unit);
  if (hex === undefined) return;
  const ids = board.stacks[hex] ?? [];
  board.stacks[hex] = [...ids.filter((id) => id !== unit), unit];
}

/**
 * Moves a unit to another hex, on top (an advancing unit) or at the bottom (a
 * retreating one, which arrives disrupted behind the units already there);
 * the side gains control of a victory hex it enters (16.0).
 */
export function relocate(
  ctx: GameContext,
  board: Board,
  unit: UnitId,
  to: HexId,
  where: "top" | "bottom",
): void {
  const from = hexOf(board, unit);
  if (from !== undefined) takeOut(board, unit, from);
  const ids = board.stacks[to] ?? [];
  board.stacks[to] = where === "top" ? [unit, ...ids] : [...ids, unit];
  const side = board.units[unit]?.side;
  if (side === undefined) return;
  const held = occupyControl(ctx, board.control, indexOfId(ctx.map.grid, to), side);
  board.control = held.control;
  board.events.push(...held.events);
}
