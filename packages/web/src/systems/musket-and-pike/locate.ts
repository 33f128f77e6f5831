import type { GameContext, GameEvent, Position } from "@tercio/musket-and-pike";
import { unitHexes } from "@tercio/musket-and-pike";

const HEX = /^\d{4}$/;

/**
 * The hexes a log line is about, for the log's "show on the map": where a
 * unit went from and to, the hexes attacked and (still on the map) the
 * attackers, the hex a unit was disrupted or lost in. Units named without a
 * hex are found where they stand now in `position`. Empty for lines with no
 * place (a die, a phase).
 */
export function locateEvent(_ctx: GameContext, event: GameEvent, position: Position): string[] {
  const now = (units: readonly string[]) => {
    const at = unitHexes(position);
    return units.flatMap((u) => at.get(u) ?? []);
  };
  const hexes = ((): readonly string[] => {
    switch (event.type) {
      case "unit-deployed":
      case "stack-reordered":
      case "control-changed":
      case "unit-disrupted":
      case "result-ignored":
      case "unit-eliminated":
      case "unit-captured":
      case "square-formed":
      case "square-removed":
        return [event.hex];
      case "unit-moved":
      case "unit-retreated":
      case "unit-advanced":
        return [event.from, event.to];
      case "attack-declared":
        return [...now([event.unit]), ...event.targets];
      case "combat-resolved":
        return [...now(event.attackers), ...event.targets];
      case "attack-lapsed":
        return event.targets;
      case "attack-withdrawn":
      case "unit-recovered":
      case "unit-dismounted":
      case "unit-remounted":
        return now([event.unit]);
      default:
        return [];
    }
  })();
  return [...new Set(hexes.filter((h) => HEX.test(h)))];
}
