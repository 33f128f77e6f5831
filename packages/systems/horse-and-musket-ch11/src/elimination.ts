import type { Ctx } from "./context.js";
import type { GameEvent } from "./events.js";
import type { Position, UnitState } from "./position.js";

/**
 * 004 Eliminating Units: "Units are eliminated upon the acquisition of 15
 * hits". Hits count at once (a unit at 15 from shooting is destroyed, and
 * a charge on it is not fought), but the unit leaves the table in the
 * Eliminating Units step, the last of the player turn.
 */
export function eliminate(ctx: Ctx, position: Position): { position: Position; events: GameEvent[] } {
  const limit = ctx.rules.data.hitsToEliminate;
  const events: GameEvent[] = [];
  const units: Record<string, UnitState> = {};
  const gone: string[] = [];
  for (const id of Object.keys(position.units).sort()) {
    const u = position.units[id] as UnitState;
    if (u.hits >= limit) {
      gone.push(id);
      events.push({ type: "eliminated", unit: id, hits: u.hits });
    } else units[id] = u;
  }
  if (gone.length === 0) return { position, events };
  return { position: { ...position, units, eliminated: [...position.eliminated, ...gone] }, events };
}
