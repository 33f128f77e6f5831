import type { Position, UnitId } from "@tercio/musket-and-pike";

/**
 * The units spent in the phase being played, as the engine's position
 * records them (nothing is inferred here): in the Movement Phase those in
 * `moved` (5.1C), in a combat phase those allocated to an attack of that
 * phase, resolved or not (`attacks`: 7.0 fire, 6.0 melee). Outside those
 * phases nobody is spent. The board fades them.
 */
export function spentUnits(position: Position): ReadonlySet<UnitId> {
  switch (position.phase) {
    case "movement":
      return new Set(position.moved);
    case "fire":
    case "melee": {
      const kind = position.phase;
      return new Set(position.attacks.filter((a) => a.kind === kind).flatMap((a) => a.attackers));
    }
    default:
      return new Set();
  }
}
