import type { HexId } from "../hex/offset.js";
import type { Side } from "../vocabulary.js";
import type { Position, UnitId } from "./position.js";

/** Units in a hex, top first (10.2). */
export function stackAt(position: Position, hex: HexId): readonly UnitId[] {
  return position.stacks[hex] ?? [];
}

/** The side holding a hex, or undefined when it is empty (5.2F: sides never share a hex). */
export function occupant(position: Position, hex: HexId): Side | undefined {
  const top = stackAt(position, hex)[0];
  return top === undefined ? undefined : position.units[top]?.side;
}

/** Hex of each unit on the map. */
export function unitHexes(position: Position): Map<UnitId, HexId> {
  const out = new Map<UnitId, HexId>();
  for (const [hex, ids] of Object.entries(position.stacks)) for (const id of ids) out.set(id, hex);
  return out;
}

export function hexOfUnit(position: Position, unit: UnitId): HexId | undefined {
  for (const [hex, ids] of Object.entries(position.stacks)) if (ids.includes(unit)) return hex;
  return undefined;
}

/** A copy of the stacks with a unit taken out of its hex (empty stacks dropped). */
export function withoutUnit(stacks: Position["stacks"], unit: UnitId): Record<HexId, readonly UnitId[]> {
  const out: Record<HexId, readonly UnitId[]> = {};
  for (const [hex, ids] of Object.entries(stacks)) {
    const rest = ids.includes(unit) ? ids.filter((id) => id !== unit) : ids;
    if (rest.length > 0) out[hex] = rest;
  }
  return out;
}

/** A copy of the stacks with a unit placed on top of a hex (a unit entering a hex goes on top). */
export function withUnitOnTop(
  stacks: Readonly<Record<HexId, readonly UnitId[]>>,
  hex: HexId,
  unit: UnitId,
): Record<HexId, readonly UnitId[]> {
  return { ...stacks, [hex]: [unit, ...(stacks[hex] ?? [])] };
}

/** Stacks in hex-id order, so that serialised positions are canonical. */
export function sortedStacks(
  stacks: Readonly<Record<HexId, readonly UnitId[]>>,
): Record<HexId, readonly UnitId[]> {
  const out: Record<HexId, readonly UnitId[]> = {};
  for (const hex of Object.keys(stacks).sort()) {
    const ids = stacks[hex];
    if (ids && ids.length > 0) out[hex] = ids;
  }
  return out;
}
