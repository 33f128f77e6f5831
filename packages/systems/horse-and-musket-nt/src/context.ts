import type { DiceFaces, Seat } from "@tercio/core";
import type { Point, Polygon } from "@tercio/geometry";
import { dieOf } from "./dice-source.js";
import type { NtOptions } from "./options.js";
import type { Rules } from "./rules-data/load.js";
import type { Area, Linear, River, Road, Scenario, UnitSetup } from "./scenarios/schema.js";

/** What a unit is for the whole game: its scenario attributes. */
export interface UnitTraits {
  readonly stubborn: boolean;
  readonly reluctant: boolean;
  readonly elite: boolean;
  readonly militia: boolean;
  readonly minie: boolean;
  readonly charges: boolean;
}

/**
 * What a game of 003 needs besides its position, built once per game: the
 * rules data, the scenario, the options in force, the game's die, each
 * unit's traits (Variable Quality only when that option is on).
 */
export interface Ctx {
  readonly rules: Rules;
  readonly scenario: Scenario;
  readonly options: NtOptions;
  readonly die: DiceFaces;
  readonly traits: Readonly<Record<string, UnitTraits>>;
  readonly areas: readonly Area[];
  readonly linears: readonly Linear[];
  readonly rivers: readonly River[];
  readonly roads: readonly Road[];
  readonly table: { readonly width: number; readonly height: number };
  /** Each side's starting number of units. */
  readonly strength: Readonly<Record<Seat, number>>;
  readonly sideOf: Readonly<Record<string, Seat>>;
}

function traitsOf(u: UnitSetup, options: NtOptions): UnitTraits {
  const q = options.variableQuality === "on" ? u.quality : [];
  return {
    stubborn: q.includes("stubborn"),
    reluctant: q.includes("reluctant"),
    elite: q.includes("elite"),
    militia: q.includes("militia"),
    minie: options.acw === "on" && u.minie,
    charges: options.chargingInfantry === "on" && u.charges,
  };
}

export function makeContext(rules: Rules, scenario: Scenario, options: NtOptions): Ctx {
  const all = [...scenario.forces.first, ...scenario.forces.second];
  return {
    rules,
    scenario,
    options,
    die: dieOf(options.dice),
    traits: Object.fromEntries(all.map((u) => [u.id, traitsOf(u, options)])),
    areas: scenario.areas,
    linears: scenario.linears,
    rivers: scenario.rivers,
    roads: scenario.roads,
    table: { width: scenario.table.width, height: scenario.table.height },
    strength: { first: scenario.forces.first.length, second: scenario.forces.second.length },
    sideOf: Object.fromEntries([
      ...scenario.forces.first.map((u) => [u.id, "first"] as const),
      ...scenario.forces.second.map((u) => [u.id, "second"] as const),
    ]),
  };
}

/** The table's outline, for "off the table" tests. */
export function tableOutline(ctx: Ctx): Polygon {
  const { width: w, height: h } = ctx.table;
  const corners: Point[] = [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: h },
    { x: 0, y: h },
  ];
  return corners;
}
