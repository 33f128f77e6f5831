import { z } from "zod";
import {
  COMBAT_RESULTS,
  DIE_ROLLS,
  ELEVATIONS,
  ODDS,
  TERRAINS,
  UNIT_CLASSES,
  UNIT_TYPES,
} from "../vocabulary.js";

/**
 * The rules data of Musket & Pike: unit types (3.3), the Range Effects Chart
 * (7.4), the Terrain Effects Chart (9.0) and both Combat Results Tables (8.0).
 * Every value the printed copy lacks is flagged as reconstructed, so a user
 * who owns the printed charts can see what to replace.
 */

const movementPoints = z
  .number()
  .nonnegative()
  .refine((n) => Number.isInteger(n * 2), "movement points come in halves (the road rate is 1/2 MP)");

const UnitTypeFields = ["name", "class", "melee", "meleeParenthesised", "fire", "range", "movement"] as const;

export const UnitTypeDataSchema = z
  .strictObject({
    name: z.string().min(1),
    class: z.enum(UNIT_CLASSES),
    /** 3.34 Melee Combat Strength. */
    melee: z.number().int().nonnegative(),
    /** 6.6(N): printed in parentheses. */
    meleeParenthesised: z.boolean(),
    /** 3.34 Fire Attack Strength, or null for a melee unit. */
    fire: z.number().int().positive().nullable(),
    /** 3.34 Range Allowance in hexes, or null for a melee unit. */
    range: z.number().int().positive().nullable(),
    /** 3.34 Movement Allowance; 0 for artillery that never moves (5.4). */
    movement: z.number().int().nonnegative(),
    reconstructed: z.array(z.enum(UnitTypeFields)),
    note: z.string().optional(),
  })
  .refine((u) => (u.fire === null) === (u.range === null), {
    message: "a fire unit has both a Fire Strength and a Range Allowance (3.34); a melee unit has neither",
    path: ["range"],
  });

const perClassCost = z.union([movementPoints.positive(), z.literal("prohibited")]);

const TerrainFields = [
  "movement",
  "fireProtection",
  "meleeDefenceDoubled",
  "cavalryAttackHalved",
  "elevation",
  "blocksLineOfSight",
] as const;

export const TerrainDataSchema = z.strictObject({
  name: z.string().min(1),
  /** 9.0 Movement Point cost to enter, by unit class. */
  movement: z.strictObject({ infantry: perClassCost, cavalry: perClassCost, artillery: perClassCost }),
  /** 9.0 Fire Protection Strength. */
  fireProtection: z.number().int().positive(),
  /** 9.0: "Melee Strength for defense is doubled." */
  meleeDefenceDoubled: z.boolean(),
  /** 9.0 Ploughed Land: "Cavalry units attacking units in Ploughed Land are halved." */
  cavalryAttackHalved: z.boolean(),
  elevation: z.enum(ELEVATIONS),
  /** 7.3(G): woods, villages, hilltops (and occupied hexes) block line of sight. */
  blocksLineOfSight: z.boolean(),
  reconstructed: z.array(z.enum(TerrainFields)),
  note: z.string().optional(),
});

const resultCell = z.enum(COMBAT_RESULTS);
const crtRow = z
  .array(resultCell)
  .length(ODDS.length, `a row has one result for each of the ${ODDS.length} odds columns`);
const printedRow = z.array(z.boolean()).length(ODDS.length);
const byDieRoll = <T extends z.ZodType>(row: T) =>
  z.strictObject(
    Object.fromEntries(DIE_ROLLS.map((d) => [String(d), row])) as Record<`${(typeof DIE_ROLLS)[number]}`, T>,
  );

export const CombatResultsTableSchema = z.strictObject({
  /** Rows by die roll 1-7 (errata: the 0 row is ignored), columns by odds 1-4 .. 5-1. */
  rows: byDieRoll(crtRow),
  /** true where the cell is printed in the 1973 copy, false where reconstructed. */
  printed: byDieRoll(printedRow),
});

const rangeCell = z.number().int().positive().nullable();

export const RangeChartSchema = z.strictObject({
  /** 7.4 column headings: inclusive ranges in hexes. */
  bands: z
    .array(z.strictObject({ from: z.number().int().positive(), to: z.number().int().positive() }))
    .min(1),
  /** Effective Fire Strength per band; null is the chart's dash (beyond the Range Allowance). */
  rows: z.partialRecord(
    z.enum(UNIT_TYPES),
    z.strictObject({ strengths: z.array(rangeCell), reconstructed: z.array(z.boolean()) }),
  ),
});

/**
 * 7.3(G) with its errata: how a line of sight between two hilltop hexes is
 * read (docs/rules/line-of-sight.md). "terrain-blocks": the errata's
 * "Regardless of elevation, units may never fire through ... Woods, Village,
 * or Hilltop Blocking Hexes" governs, and only lower occupied hexes are seen
 * over. "always-clear": 7.3(G)'s "Units on hilltop hexes may always fire at
 * other hilltop hexes, anywhere on the map" read alone, as engines before
 * 0.4.0 did.
 */
export const HILLTOP_SIGHT_READINGS = ["terrain-blocks", "always-clear"] as const;
export type HilltopSightReading = (typeof HILLTOP_SIGHT_READINGS)[number];

export const LineOfSightDataSchema = z.strictObject({
  hilltopToHilltop: z.enum(HILLTOP_SIGHT_READINGS),
  note: z.string().optional(),
});

export const RulesDataSchema = z.strictObject({
  format: z.literal("tercio/rules-data@1"),
  game: z.literal("musket-and-pike"),
  /** Free-form version label; positions and saved games carry it with the data's hash. */
  version: z.string().min(1),
  source: z.string(),
  unitTypes: z.record(z.enum(UNIT_TYPES), UnitTypeDataSchema),
  terrain: z.record(z.enum(TERRAINS), TerrainDataSchema),
  /** 9.0 Road hex, 5.3(K): the road rate and the road's Fire Protection Strength. */
  road: z.strictObject({
    movement: movementPoints.positive(),
    fireProtection: z.number().int().positive(),
    reconstructed: z.array(z.enum(["movement", "fireProtection"])),
  }),
  /** 5.4(L): Movement Points to limber or to unlimber an artillery unit. */
  limberCost: movementPoints.positive(),
  /** 7.3(G) readings; a rules file without it takes the errata's. */
  lineOfSight: LineOfSightDataSchema.default({ hilltopToHilltop: "terrain-blocks" }),
  crt: z.strictObject({
    melee: CombatResultsTableSchema,
    fire: CombatResultsTableSchema,
  }),
  rangeChart: RangeChartSchema,
});

export type RulesData = z.infer<typeof RulesDataSchema>;
export type UnitTypeData = z.infer<typeof UnitTypeDataSchema>;
export type TerrainData = z.infer<typeof TerrainDataSchema>;
export type LineOfSightData = z.infer<typeof LineOfSightDataSchema>;
export type CombatResultsTableData = z.infer<typeof CombatResultsTableSchema>;
