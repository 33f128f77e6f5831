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

/** Hex of each unit on the map (a fresh map the caller may change; see `unitHexIndex`). */
export function unitHexes(position: Position): Map<UnitId, HexId> {
  return new Map(unitHexIndex(position));
}

/**
 * Hex of each unit on the map, built once per stacks record and shared:
 * positions are never changed in place, so the index of a `stacks` object
 * stays true, and positions that share their stacks (after an allocation or
 * a phase change) share it too. Read only.
 */
export function unitHexIndex(position: Position): ReadonlyMap<UnitId, HexId> {
  const known = hexIndexes.get(position.stacks);
  if (known) return known;
  const index = new Map<UnitId, HexId>();
  for (const hex in position.stacks) for (const id of position.stacks[hex] ?? []) index.set(id, hex);
  hexIndexes.set(position.stacks, index);
  return index;
}

const hexIndexes = new WeakMap<Position["stacks"], ReadonlyMap<UnitId, HexId>>();

export function hexOfUnit(position: Position, unit: UnitId): HexId | undefined {
  return unitHexIndex(position).get(unit);
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

/**
 * The stacks with those of some hexes replaced (an emptied one dropped), in
 * hex-id order: one copy, where taking a unit out, putting it on top
 * elsewhere and sorting would make three.
 */
export function withStacks(
  stacks: Readonly<Record<HexId, readonly UnitId[]>>,
  changed: Readonly<Record<HexId, readonly UnitId[]>>,
): Record<HexId, readonly UnitId[]> {
  const hexes = Object.keys(stacks);
  for (const hex in changed) if (!Object.hasOwn(stacks, hex)) hexes.push(hex);
  hexes.sort();
  const out: Record<HexId, readonly UnitId[]> = {};
  for (const hex of hexes) {
    const ids = Object.hasOwn(changed, hex) ? changed[hex] : stacks[hex];
    if (ids && ids.length > 0) out[hex] = ids;
  }
  return out;
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
