import type { GameContext } from "../context.js";
import { type HexGrid, idOf } from "../hex/grid.js";
import { firstCrossed } from "../hex/line.js";
import type { Position } from "../state/position.js";
import { elevationOf, terrainOf } from "../terrain.js";
import { ELEVATIONS } from "../vocabulary.js";

export type LineOfSight = { clear: true } | { clear: false; blockedBy: number; why: Blocking };

const CLEAR: LineOfSight = { clear: true };

/**
 * The first hex strictly between `from` and `to` that the line between
 * their centres crosses with positive length (hex/line.ts) and that
 * `blocks`, or -1 when there is none. 7.3(G): the line is blocked where it
 * "passes through two hexsides (or two junction points and a hexside)" of a
 * Blocking hex, that is through its interior or along one of its sides; a
 * single junction point does not block, and the two ends never do.
 */
export function firstBlocking(
  grid: HexGrid,
  from: number,
  to: number,
  blocks: (hex: number) => boolean,
): number {
  // Adjacent hexes meet along their common side; nothing lies between them,
  // and firstCrossed, which walks the line hex by hex, tests nothing there.
  return firstCrossed(grid, from, to, blocks);
}

/**
 * 7.3(G) with its errata: whether a unit in `from` may see `to`.
 *
 * - Woods, villages and hilltops (the terrain's `blocksLineOfSight`) block
 *   "regardless of elevation" (errata).
 * - Occupied hexes, by either side's units, block, except that units "may
 *   always fire into and through Occupied hexes which are on lower terrain"
 *   than their own hex (errata), with ground < slope < hilltop.
 * - "Units on hilltop hexes may always fire at other hilltop hexes, anywhere
 *   on the map": read with the errata, the later text, woods, villages and
 *   hilltops between still block and only lower occupied hexes are seen
 *   over, which the two rules above already say. The rules data may choose
 *   the printed 7.3(G) alone instead (`lineOfSight.hilltopToHilltop:
 *   "always-clear"`), where hilltop to hilltop is always clear.
 *
 * Range is checked by the caller (7.1C).
 */
export function lineOfSight(ctx: GameContext, position: Position, from: number, to: number): LineOfSight {
  if (hilltopsAlwaysSee(ctx, from, to)) return CLEAR;
  const own = ELEVATIONS.indexOf(elevationOf(ctx, from));
  let why: Blocking = "terrain";
  const blockedBy = firstBlocking(ctx.map.grid, from, to, (h) => {
    const b = blockingOf(ctx, position, own, h);
    if (b !== null) why = b;
    return b !== null;
  });
  return blockedBy < 0 ? CLEAR : { clear: false, blockedBy, why };
}

export type Blocking = "terrain" | "occupied";

/**
 * Why hex `h` is a Blocking hex for a firer at elevation index `own`
 * (ELEVATIONS), or null: its terrain blocks (woods, village, hilltop,
 * "regardless of elevation"), which wins when it is also occupied; or it is
 * occupied and not on lower terrain than the firer (errata).
 */
export function blockingOf(ctx: GameContext, position: Position, own: number, h: number): Blocking | null {
  if (ctx.rules.data.terrain[terrainOf(ctx, h)].blocksLineOfSight) return "terrain";
  const stack = position.stacks[idOf(ctx.map.grid, h)];
  if (stack !== undefined && stack.length > 0 && ELEVATIONS.indexOf(elevationOf(ctx, h)) >= own) {
    return "occupied";
  }
  return null;
}

/** Whether the rules data reads 7.3(G) alone and both ends are hilltops: then nothing between blocks. */
export function hilltopsAlwaysSee(ctx: GameContext, from: number, to: number): boolean {
  return (
    ctx.rules.data.lineOfSight.hilltopToHilltop === "always-clear" &&
    elevationOf(ctx, from) === "hilltop" &&
    elevationOf(ctx, to) === "hilltop"
  );
}
