import { err, ok, type Result } from "@tercio/core";
import { type DiceBox, roll } from "./combat/dice.js";
import type { GameContext } from "./context.js";
import type { GameEvent } from "./events.js";
import type { RuleError } from "./rule-error.js";
import type { Position, UnitRecord } from "./state/position.js";
import { unitHexIndex } from "./state/stacks.js";
import { unitStats } from "./state/unit-stats.js";

/**
 * 8.4: at the end of his Player-Turn the owning player removes the
 * Disruption markers of his infantry and cavalry; each disrupted artillery
 * unit, limbered or not, recovers on a roll of 1 or 2 (rolled unit by unit,
 * in unit-id order, so that a game replays the same).
 */
export function recoverDisrupted(
  ctx: GameContext,
  position: Position,
  dice: DiceBox,
): Result<{ position: Position; events: GameEvent[] }, RuleError> {
  const side = position.phasing;
  // Copied when a unit recovers: most Player-Turns end with none disrupted.
  let units: Record<string, UnitRecord> | undefined;
  const events: GameEvent[] = [];
  const onMap = unitHexIndex(position);
  const disrupted: string[] = [];
  for (const id in position.units) {
    const unit = position.units[id];
    if (unit?.side === side && unit.disrupted && onMap.has(id)) disrupted.push(id);
  }
  for (const id of disrupted.sort()) {
    const unit = position.units[id] as UnitRecord;
    if (unitStats(ctx.rules, ctx.scenario, unit).class === "artillery") {
      const r = roll(dice, `recovery of ${id}`, "8.4");
      if (!r.ok) return err(r.error);
      events.push(...dice.events.splice(0));
      if (r.value > 2) continue;
    }
    units ??= { ...position.units };
    units[id] = { ...unit, disrupted: false };
    events.push({ type: "unit-recovered", unit: id, rule: "8.4" });
  }
  if (!units) return ok({ position, events });
  return ok({ position: { ...position, units }, events });
}
