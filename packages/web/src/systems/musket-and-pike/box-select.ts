import { distance, type GameContext, indexOfId, type Position, type UnitId } from "@tercio/musket-and-pike";
import { stackFighters } from "./allocation.js";
import { stackMovers } from "./group-move.js";
import type { Options } from "./interaction.js";

/**
 * Shift-drag on the map: the units of the player to act in the hexes of the
 * rectangle that may act in this phase (move; fire or attack) join the
 * selection. A new group is led by the stack nearest the rectangle's middle,
 * so that a formation (formation.ts) is sent by its centre; a group already
 * selected keeps its lead.
 */
export function boxSelection(
  ctx: GameContext,
  position: Position,
  options: Options,
  group: readonly UnitId[],
  hexes: readonly string[],
): UnitId[] {
  const actors = (hex: string) =>
    position.phase === "movement"
      ? stackMovers(position, options, hex)
      : stackFighters(position, options, hex);
  const held = hexes.filter((h) => actors(h).length > 0);
  if (held.length === 0) return [...group];
  const added = held.flatMap(actors).filter((u) => !group.includes(u));
  if (group.length > 0) return [...group, ...added];
  const grid = ctx.map.grid;
  const middle = indexOfId(grid, hexes[Math.floor(hexes.length / 2)] ?? "");
  const nearest = [...held].sort(
    (a, b) => distance(grid, indexOfId(grid, a), middle) - distance(grid, indexOfId(grid, b), middle),
  )[0];
  const lead = nearest ? actors(nearest) : [];
  return [...lead, ...added.filter((u) => !lead.includes(u))];
}
