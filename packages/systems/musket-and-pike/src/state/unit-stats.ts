import type { RulesContext } from "../rules-data/rules-context.js";
import type { Scenario } from "../scenarios/schema.js";
import type { UnitClass, UnitType } from "../vocabulary.js";
import type { UnitRecord } from "./position.js";

/** A unit's values as they apply in play: its counter, or the type it stands in for, with scenario changes. */
export interface UnitStats {
  /** The type whose values apply (an EA of the Nieuport fleet plays as HA). */
  readonly type: UnitType;
  readonly class: UnitClass;
  readonly melee: number;
  readonly meleeParenthesised: boolean;
  readonly fire: number | null;
  readonly range: number | null;
  /** Movement Allowance in Movement Points. */
  readonly movement: number;
}

export function unitStats(rules: RulesContext, scenario: Scenario, unit: UnitRecord): UnitStats {
  // Unit records are replaced, never changed, so a record's values are worked out once (per rules and scenario).
  const known = statsOf.get(unit);
  if (known?.rules === rules && known.scenario === scenario) return known.stats;
  const stats = computeStats(rules, scenario, unit);
  statsOf.set(unit, { rules, scenario, stats });
  return stats;
}

const statsOf = new WeakMap<
  UnitRecord,
  { readonly rules: RulesContext; readonly scenario: Scenario; readonly stats: UnitStats }
>();

function computeStats(rules: RulesContext, scenario: Scenario, unit: UnitRecord): UnitStats {
  // 14.0(A): a dismounted Dragoon is the Militia Musket on top of it, infantry for all purposes.
  const type = unit.dismounted ? "MM" : (unit.as ?? unit.type);
  const data = rules.data.unitTypes[type];
  // 16.51: "all English PM units have a Melee Strength of (3) rather than (1)".
  const override = scenario.unitOverrides.find((o) => o.side === unit.side && o.type === unit.type);
  return {
    type,
    class: data.class,
    melee: override?.melee ?? data.melee,
    meleeParenthesised: data.meleeParenthesised,
    fire: data.fire,
    range: data.range,
    movement: data.movement,
  };
}
