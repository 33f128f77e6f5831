import { seedPrng } from "@tercio/core";
import {
  type Ctx,
  contextOf,
  defaultRules,
  openingPosition,
  type Position,
  type UnitState,
} from "@tercio/horse-and-musket-ch11";

/** A built-in scenario's opening for the board's tests (Node only). */
export function opening(
  scenario: string,
  options: Record<string, string> = {},
): { ctx: Ctx; position: Position } {
  const rules = defaultRules();
  const made = contextOf(rules, {
    scenario,
    options: { ...rules.data.readings, ...options } as never,
  });
  if (!made.ok) throw new Error(made.error.message);
  return { ctx: made.value, position: openingPosition(made.value, scenario, seedPrng(1)) };
}

/** The position with one unit changed. */
export function withUnit(position: Position, id: string, change: Partial<UnitState>): Position {
  const u = position.units[id];
  if (!u) throw new Error(`no unit ${id}`);
  return { ...position, units: { ...position.units, [id]: { ...u, ...change } } };
}
