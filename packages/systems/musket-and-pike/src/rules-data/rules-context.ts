import { hashOf } from "@tercio/core";
import {
  type CombatResult,
  type DieRoll,
  ODDS,
  type Odds,
  TERRAINS,
  type Terrain,
  UNIT_CLASSES,
  type UnitClass,
  type UnitType,
} from "../vocabulary.js";
import type { RulesData } from "./schema.js";

/**
 * Rules data compiled for play: movement costs in half Movement Points in a
 * flat table (terrain x class), so that reachability never does a lookup by
 * name. Built once per game from validated data.
 */
export interface RulesContext {
  readonly data: RulesData;
  /** The data's own version label and a hash of its content. */
  readonly version: string;
  readonly hash: string;
  /** halfCost[terrainIndex * 3 + classIndex]: cost in half-MP to enter, or -1 when prohibited. */
  readonly halfCost: Int16Array;
  /** Half-MP cost of a hex entered at the road rate (5.3). */
  readonly roadHalfCost: number;
  /** 5.4(L): half-MP cost of limbering or unlimbering. */
  readonly limberHalfCost: number;
}

export const PROHIBITED = -1;

export function compileRules(data: RulesData): RulesContext {
  const halfCost = new Int16Array(TERRAINS.length * UNIT_CLASSES.length);
  TERRAINS.forEach((t, ti) => {
    UNIT_CLASSES.forEach((c, ci) => {
      const cost = data.terrain[t].movement[c];
      halfCost[ti * UNIT_CLASSES.length + ci] = cost === "prohibited" ? PROHIBITED : cost * 2;
    });
  });
  return {
    data,
    version: data.version,
    hash: hashOf(data),
    halfCost,
    roadHalfCost: data.road.movement * 2,
    limberHalfCost: data.limberCost * 2,
  };
}

export function terrainIndex(t: Terrain): number {
  return TERRAINS.indexOf(t);
}

export function classIndex(c: UnitClass): number {
  return UNIT_CLASSES.indexOf(c);
}

/** 9.0: half-MP cost for a unit of this class to enter terrain of this kind, or PROHIBITED. */
export function halfCostToEnter(rules: RulesContext, terrain: Terrain, cls: UnitClass): number {
  return rules.halfCost[terrainIndex(terrain) * UNIT_CLASSES.length + classIndex(cls)] as number;
}

/** 7.4: a fire unit's effective Fire Strength at a range, or null beyond its Range Allowance. */
export function fireStrengthAtRange(rules: RulesContext, type: UnitType, range: number): number | null {
  const row = rules.data.rangeChart.rows[type];
  if (!row || range < 1) return null;
  const band = rules.data.rangeChart.bands.findIndex((b) => range >= b.from && range <= b.to);
  if (band < 0) return null;
  const range_ = rules.data.unitTypes[type].range;
  if (range_ === null || range > range_) return null;
  return row.strengths[band] ?? null;
}

/** 8.0: the result for a die roll (1-7) in an odds column. */
export function combatResult(
  rules: RulesContext,
  table: "melee" | "fire",
  odds: Odds,
  roll: DieRoll,
): CombatResult {
  const row = rules.data.crt[table].rows[String(roll) as `${DieRoll}`];
  const cell = row[ODDS.indexOf(odds)];
  if (cell === undefined) throw new Error(`no CRT cell for ${table} ${odds} roll ${roll}`);
  return cell;
}
