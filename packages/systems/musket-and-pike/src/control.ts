import type { GameContext } from "./context.js";
import type { GameEvent } from "./events.js";
import { idOf } from "./hex/grid.js";
import type { Position } from "./state/position.js";
import type { Side } from "./vocabulary.js";

/**
 * 16.0: a victory hex is controlled by the side occupying it, or the side
 * that last occupied it. A unit occupies a hex where it ends a move (or is
 * set up); passing through does not count (docs/rules).
 */
export function occupy(
  ctx: GameContext,
  position: Position,
  hex: number,
  side: Side,
): { control: Position["control"]; events: GameEvent[] } {
  return occupyControl(ctx, position.control, hex, side);
}

/** `occupy` on a control record alone. */
export function occupyControl(
  ctx: GameContext,
  current: Position["control"],
  hex: number,
  side: Side,
): { control: Position["control"]; events: GameEvent[] } {
  if (ctx.victoryHexes[hex] !== 1) return { control: current, events: [] };
  const id = idOf(ctx.map.grid, hex);
  if (current[id] === side) return { control: current, events: [] };
  const control = Object.fromEntries(
    Object.entries({ ...current, [id]: side }).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return { control, events: [{ type: "control-changed", hex: id, side }] };
}
