import type { GameContext } from "../context.js";
import { indexOfId } from "../hex/grid.js";
import type { HexId } from "../hex/offset.js";
import { type RuleError, ruleError } from "../rule-error.js";
import type { Position, UnitId, UnitRecord } from "../state/position.js";
import { hexOfUnit } from "../state/stacks.js";
import { type UnitStats, unitStats } from "../state/unit-stats.js";
import type { Side } from "../vocabulary.js";

/** A unit that may take part in an attack, with where it stands and the values that apply. */
export interface Combatant {
  readonly id: UnitId;
  readonly unit: UnitRecord;
  readonly stats: UnitStats;
  readonly hex: HexId;
  /** Grid index of `hex`. */
  readonly at: number;
}

/** The phasing player's unit `id` on the map, or why it cannot attack at all. */
export function attackingUnit(
  ctx: GameContext,
  position: Position,
  id: UnitId,
  kind: "fire" | "melee",
  hexes?: ReadonlyMap<UnitId, HexId>,
): Combatant | RuleError {
  const unit = position.units[id];
  if (!unit) return ruleError("action/unknown-unit", "3.3", `there is no unit ${id}`, { unit: id });
  if (unit.side !== position.phasing) {
    return ruleError("combat/not-phasing", "4.2", `${id} belongs to the non-Phasing Player`, { unit: id });
  }
  const hex = hexes ? hexes.get(id) : hexOfUnit(position, id);
  if (hex === undefined) {
    return ruleError("combat/off-map", "4.2", `${id} is not on the map (${position.offMap[id] ?? "?"})`, {
      unit: id,
    });
  }
  const stack = position.stacks[hex] ?? [];
  // 6.1(A), 7.1(A), 10.1(A): only the top two units of a hex attack out of it.
  if (stack.indexOf(id) > 1) {
    return ruleError(
      "combat/not-top-two",
      kind === "fire" ? "7.1A" : "6.1A",
      `${id} is not one of the top two units in ${hex}; only they may attack`,
      { unit: id, hex },
    );
  }
  if (unit.disrupted) {
    return ruleError("combat/disrupted", "8.4", `${id} is disrupted and may not attack`, { unit: id, hex });
  }
  if (unit.roadMode) {
    return ruleError(
      "combat/road-mode",
      "13.0C",
      `${id} is in Road Movement Mode and must convert out of it before attacking`,
      { unit: id, hex },
    );
  }
  return { id, unit, stats: unitStats(ctx.rules, ctx.scenario, unit), hex, at: indexOfId(ctx.map.grid, hex) };
}

/** The side holding a hex, if any (5.2F: the two sides never share a hex). */
export function holder(position: Position, hex: HexId): Side | undefined {
  const top = position.stacks[hex]?.[0];
  return top === undefined ? undefined : position.units[top]?.side;
}

/** Whether some unit in one of the hexes is disrupted (8.4: the attacker then adds one to his die roll). */
export function holdsDisrupted(position: Position, hexes: readonly HexId[]): boolean {
  return hexes.some((hex) => (position.stacks[hex] ?? []).some((id) => position.units[id]?.disrupted));
}
