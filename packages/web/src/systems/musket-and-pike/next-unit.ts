import { type Position, type UnitId, unitHexes } from "@tercio/musket-and-pike";
import type { Options } from "./interaction.js";

/**
 * The player's units that can still act now, by the engine's legal actions:
 * the units to deploy, those with a move left, those that may fire or
 * attack, those to retreat. On the map first, column by column (the hex id's
 * order), then those off it (reinforcements, the deployment tray).
 */
export function actingUnits(position: Position, options: Options): UnitId[] {
  const units =
    position.decision?.kind === "retreat"
      ? [...options.retreats.keys()]
      : position.decision
        ? []
        : position.phase === "deployment"
          ? [...options.deploy.keys()]
          : position.phase === "movement"
            ? [...options.movable]
            : [...options.allocations.keys()];
  const at = unitHexes(position);
  const where = (u: UnitId) => at.get(u) ?? "9999";
  const off = (u: UnitId) => (at.has(u) ? 0 : 1);
  return units.sort((a, b) => off(a) - off(b) || where(a).localeCompare(where(b)) || a.localeCompare(b));
}

/** The unit after `current` in the list (the first if `current` is not in it), round and round; undefined for none. */
export function nextUnit(units: readonly UnitId[], current: UnitId | undefined): UnitId | undefined {
  if (units.length === 0) return undefined;
  const i = current === undefined ? -1 : units.indexOf(current);
  return units[(i + 1) % units.length];
}
