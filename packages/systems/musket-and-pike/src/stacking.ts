import { type GameContext, playerOf } from "./context.js";
import { idOf } from "./hex/grid.js";
import type { HexId } from "./hex/offset.js";
import type { Occupancy } from "./movement/occupancy.js";
import type { Position } from "./state/position.js";
import { occupant } from "./state/stacks.js";
import { SIDES, type Side } from "./vocabulary.js";

/** 10.0: the scenario's stacking limit for a side (two or three units). */
export function stackingLimit(ctx: GameContext, side: Side): number {
  return playerOf(ctx, side).stacking;
}

export interface OverStack {
  readonly hex: HexId;
  readonly count: number;
  readonly limit: number;
}

/** 12.1(A): "Regardless of a Player's stacking limit ... he may still have four units in a 'square' hex." */
export const SQUARE_LIMIT = 4;

/** 10.0: hexes where a side has more units than its stacking limit (four in a square, 12.1A). */
export function overStacked(ctx: GameContext, position: Position, side: Side): OverStack[] {
  const out: OverStack[] = [];
  const sideLimit = stackingLimit(ctx, side);
  for (const [hex, ids] of Object.entries(position.stacks)) {
    const limit = position.squares.includes(hex) ? SQUARE_LIMIT : sideLimit;
    if (ids.length > limit && occupant(position, hex) === side) out.push({ hex, count: ids.length, limit });
  }
  return out.sort((a, b) => (a.hex < b.hex ? -1 : 1));
}

/**
 * `overStacked` read off the position's occupancy: asked at every step of a
 * Movement Phase (may it end?), where the stacks record is slower to walk.
 * `overStacked` stays the stacks' own reading, for positions read from
 * files (parse.ts), whose hexes and units are checked with it; the property
 * test holds the two to the same answers in play.
 * Hex numbers run column by column, as hex ids sort, so the list comes out
 * in `overStacked`'s order.
 */
export function overStackedIn(ctx: GameContext, occ: Occupancy, side: Side): OverStack[] {
  const out: OverStack[] = [];
  const own = SIDES.indexOf(side);
  const sideLimit = stackingLimit(ctx, side);
  for (let h = 0; h < occ.count.length; h++) {
    const count = occ.count[h] as number;
    if (count <= 2 || occ.side[h] !== own) continue;
    const limit = occ.square[h] === 1 ? SQUARE_LIMIT : sideLimit;
    if (count > limit) out.push({ hex: idOf(ctx.map.grid, h), count, limit });
  }
  return out;
}

/**
 * 10.1(A): only the top two units of a hex attack out of it or defend it in
 * melee; for fire defence the stack does not matter. Markers are not units
 * (10.3C), so they never take a place.
 */
export function topTwo(position: Position, hex: HexId): readonly string[] {
  return (position.stacks[hex] ?? []).slice(0, 2);
}
