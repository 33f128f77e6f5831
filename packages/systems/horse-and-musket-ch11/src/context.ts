import type { Seat } from "@tercio/core";
import type { Hm11Options } from "./options.js";
import type { Rules } from "./rules-data/load.js";
import type { Scenario } from "./scenarios/schema.js";
import { compileTerrain, type TerrainIndex } from "./terrain-areas.js";

/**
 * What a game of 004 needs besides its position, built once per game: the
 * rules data, the scenario (with its terrain compiled), the options in
 * force. Move checks, charges and shots read it and never rebuild it.
 */
export interface Ctx {
  readonly rules: Rules;
  readonly scenario: Scenario;
  readonly options: Hm11Options;
  readonly terrain: TerrainIndex;
  readonly table: { readonly width: number; readonly height: number };
  /** Each side's starting number of units (for "destroy half the enemy"). */
  readonly strength: Readonly<Record<Seat, number>>;
  /** Every starting unit's side, eliminated ones included. */
  readonly sideOf: Readonly<Record<string, Seat>>;
  /** The field-of-fire polygons reach this far: beyond the table's diagonal. */
  readonly reach: number;
}

export function makeContext(rules: Rules, scenario: Scenario, options: Hm11Options): Ctx {
  const { width, height } = scenario.table;
  // A bound on the diagonal without a square root: w + h >= √(w² + h²).
  const reach = width + height;
  return {
    rules,
    scenario,
    options,
    terrain: compileTerrain(scenario, rules.data.terrain),
    table: { width, height },
    strength: { first: scenario.forces.first.length, second: scenario.forces.second.length },
    sideOf: Object.fromEntries([
      ...scenario.forces.first.map((u) => [u.id, "first"] as const),
      ...scenario.forces.second.map((u) => [u.id, "second"] as const),
    ]),
    reach,
  };
}
