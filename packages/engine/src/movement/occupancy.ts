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
  const side = new Int8Array(map.grid.size).fill(EMPTY);
  const count = new Uint8Array(map.grid.size);
  for (const [hex, ids] of Object.entries(position.stacks)) {
    const h = indexOfId(map.grid, hex);
    const owner = position.units[ids[0] ?? ""]?.side;
    if (h < 0 || owner === undefined) continue;
    side[h] = SIDES.indexOf(owner);
    count[h] = Math.min(255, ids.length);
  }
  const square = new Uint8Array(map.grid.size);
  for (const hex of position.squares) {
    const h = indexOfId(map.grid, hex);
    if (h >= 0) square[h] = 1;
  }
  return { side, count, square };
}
