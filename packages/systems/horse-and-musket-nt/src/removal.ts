import type { Ctx } from "./context.js";
import type { GameEvent } from "./events.js";
import type { Position, UnitState } from "./position.js";
import { removedAt } from "./unit-class.js";

/**
 * "If a Unit has 15+ Hits it is removed" (1.1, 2; Variable Quality:
 * Stubborn 18+, Reluctant 12+), at once: after each shot, each melee.
 * Removed units leave the table and the position's units, in order into
 * `removed`; their contacts stay until the Melee, where a charger whose
 * target is gone stands.
 */
export function removeBroken(ctx: Ctx, position: Position): { position: Position; events: GameEvent[] } {
  const events: GameEvent[] = [];
  let units: Record<string, UnitState> | undefined;
  const removed = [...position.removed];
  for (const id of Object.keys(position.units).sort()) {
    const u = position.units[id] as UnitState;
    if (u.hits < removedAt(ctx, id)) continue;
    units ??= { ...position.units };
    delete units[id];
    removed.push(id);
    events.push({ type: "removed", unit: id, hits: u.hits });
  }
  return units ? { position: { ...position, units, removed }, events } : { position, events };
}
