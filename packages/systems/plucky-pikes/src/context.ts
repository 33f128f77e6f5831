import { D10, type Seat } from "@tercio/core";
import type { PpssOptions } from "./options.js";
import type { Rules } from "./rules-data/load.js";
import type { Area, Linear, Objective, OfficerSetup, Scenario, UnitSetup } from "./scenarios/schema.js";

/** A unit as the scenario made it, with its side. */
export type UnitTraits = UnitSetup & { readonly side: Seat };
export type OfficerTraits = OfficerSetup & { readonly side: Seat };

/**
 * What a game of 001 needs besides its position, built once per game: the
 * rules data, the scenario, each unit's and officer's fixed attributes,
 * the terrain and the objectives.
 */
export interface Ctx {
  readonly rules: Rules;
  readonly scenario: Scenario;
  readonly options: PpssOptions;
  readonly units: Readonly<Record<string, UnitTraits>>;
  readonly officers: Readonly<Record<string, OfficerTraits>>;
  readonly areas: readonly Area[];
  readonly linears: readonly Linear[];
  readonly objectives: readonly Objective[];
  readonly table: { readonly width: number; readonly height: number };
  /** Victory Points: "Establish the number of units/guns in each army". */
  readonly strength: Readonly<Record<Seat, number>>;
  readonly noQuarter: boolean;
}

/** The dice: "2 differently colored 10 sided dice"; d% is the two read as tens and units. */
export const DICE = D10;

export function makeContext(rules: Rules, scenario: Scenario, options: PpssOptions): Ctx {
  const units: Record<string, UnitTraits> = {};
  const officers: Record<string, OfficerTraits> = {};
  for (const side of ["first", "second"] as const) {
    for (const u of scenario.forces[side].units) units[u.id] = { ...u, side };
    for (const o of scenario.forces[side].officers) officers[o.id] = { ...o, side };
  }
  return {
    rules,
    scenario,
    options,
    units,
    officers,
    areas: scenario.areas,
    linears: scenario.linears,
    objectives: scenario.objectives,
    table: { width: scenario.table.width, height: scenario.table.height },
    strength: { first: scenario.forces.first.units.length, second: scenario.forces.second.units.length },
    noQuarter: scenario.noQuarter,
  };
}
