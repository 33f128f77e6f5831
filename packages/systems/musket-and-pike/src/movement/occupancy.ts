import { indexOfId } from "../hex/grid.js";
import type { MapContext } from "../map/map-context.js";
import type { Position } from "../state/position.js";
import { SIDES } from "../vocabulary.js";

/**
 * Who holds each hex and how many units are there, in typed arrays indexed
 * by hex number: built once per position for the hot paths.
 */
export interface Occupancy {
  /** -1 empty, 0 First Player, 1 Second Player. */
  readonly side: Int8Array;
  readonly count: Uint8Array;
  /** 1 where a Square marker stands (12.2B: no unit moves through it). */
  readonly square: Uint8Array;
}

export const EMPTY = -1;

export function occupancy(map: MapContext, position: Position): Occupancy {
  return buildOccupancy(map, position);
}

/**
 * `occupancy`, built once and shared by the rule functions that look at the
 * same position (listing moves, checking one, the stacking guard), and by
 * positions that differ only in what it does not read (declaring an attack
 * changes only `attacks`): positions are never changed in place. The
 * arrays are read only.
 */
export function sharedOccupancy(map: MapContext, position: Position): Occupancy {
  const known = shared.get(position.stacks);
  if (known?.map === map && known.units === position.units && known.squares === position.squares)
    return known.occ;
  const occ = buildOccupancy(map, position);
  shared.set(position.stacks, { map, units: position.units, squares: position.squares, occ });
  return occ;
}

/** By stacks record: the occupancy and what else it was built from. */
const shared = new WeakMap<
  Position["stacks"],
  {
    readonly map: MapContext;
    readonly units: Position["units"];
    readonly squares: Position["squares"];
    readonly occ: Occupancy;
  }
>();

function buildOccupancy(map: MapContext, position: Position): Occupancy {
  // Three views on one buffer: one allocation of typed-array memory per position rather than three.
  const size = map.grid.size;
  const buffer = new ArrayBuffer(size * 3);
  const side = new Int8Array(buffer, 0, size).fill(EMPTY);
  const count = new Uint8Array(buffer, size, size);
  const square = new Uint8Array(buffer, size * 2, size);
  for (const [hex, ids] of Object.entries(position.stacks)) {
    const h = indexOfId(map.grid, hex);
    const owner = position.units[ids[0] ?? ""]?.side;
    if (h < 0 || owner === undefined) continue;
    side[h] = SIDES.indexOf(owner);
    count[h] = Math.min(255, ids.length);
  }
  for (const hex of position.squares) {
    const h = indexOfId(map.grid, hex);
    if (h >= 0) square[h] = 1;
  }
  return { side, count, square };
}
