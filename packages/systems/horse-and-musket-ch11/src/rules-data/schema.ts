import { LengthSchema, PositiveLengthSchema } from "@tercio/tabletop";
import { z } from "zod";
import { ReadingsSchema } from "../options.js";
import { UNIT_TYPES } from "../vocabulary.js";

/**
 * The rules data of 004 as a validated document: every number the text
 * prints (allowances, ranges, the die and its modifiers, 15 hits, the road
 * bonus, the 45º charge turn, the 6" retreat) and the values Tercio designs
 * where the text is silent (base depths), each of those listed in `designed`.
 * Lengths are inches (length.ts) and become ticks at load.
 */
const UnitTypeSchema = z.strictObject({
  name: z.string().min(1),
  /** 004 Unit Types: the frontage range a scenario's unit must fall within. */
  frontage: z.strictObject({ min: PositiveLengthSchema, max: PositiveLengthSchema }),
  /** Front to rear: not in the text (designed). */
  depth: PositiveLengthSchema,
  /** 004 Movement: Movement Allowances. */
  allowance: LengthSchema,
  /** 004 Shooting: Measure Range; null for a type that does not shoot. */
  range: PositiveLengthSchema.nullable(),
  /** 004 Shooting: Assess Casualties: added to the die (Skirmishers and Artillery −2). */
  shootingModifier: z.number().int(),
  /** 004 Movement: Charge Moves: only Cavalry may enter hand-to-hand. */
  canCharge: z.boolean(),
  /** 004 Movement: Terrain: Woods. */
  entersWoods: z.boolean(),
  /** 004 Movement: Terrain: Towns. */
  endsInTown: z.boolean(),
  /** 004 Movement: Interpenetration: passes through other units and is passed through. */
  passesThrough: z.boolean(),
  /** 004 Square Formation. */
  formsSquare: z.boolean(),
});

const FractionSchema = z.strictObject({ num: z.number().int().min(1), den: z.number().int().min(1) });

export const RulesDataSchema = z.strictObject({
  format: z.literal("tercio/hm11-rules@1"),
  /** A label for people ("004 as printed, Tercio 2026.1"); the content hash identifies the data. */
  version: z.string().min(1).max(80),
  dice: z.literal("d6"),
  unitTypes: z.strictObject(
    Object.fromEntries(UNIT_TYPES.map((t) => [t, UnitTypeSchema])) as Record<
      (typeof UNIT_TYPES)[number],
      typeof UnitTypeSchema
    >,
  ),
  terrain: z.strictObject({
    /** Cover (004 Shooting: Cover) for a target in woods or a town. */
    coverIn: z.array(z.enum(["woods", "town"])),
    /** 004 Shooting: Adjudge Field of Fire: Units in Towns fire all round. */
    allRoundFireIn: z.array(z.enum(["town"])),
    /** 004 Movement: Terrain: Marshland and Lakes. */
    impassable: z.array(z.enum(["marsh", "lake"])),
    /** 004 Movement: Terrain: Rivers: the crossings. */
    riverCrossings: z.array(z.enum(["bridge", "ford"])),
  }),
  /** 004 Movement: Terrain: Roads. */
  roadBonus: LengthSchema,
  /** 004 Movement: Charge Moves: Turning, in centidegrees. */
  chargeTurnLimit: z.number().int().min(0).max(18000),
  shooting: z.strictObject({
    /** The least a shot inflicts after its modifier (a score of 1 − 2 is no hits, not −1). */
    floor: z.number().int().min(0),
    cover: FractionSchema,
  }),
  handToHand: z.strictObject({
    /** 004 Hand-to-Hand Combat: Assess Casualties: the die plus 2. */
    add: z.number().int(),
    hilltop: FractionSchema,
    cavalryTarget: FractionSchema,
    flankOrRear: FractionSchema,
  }),
  /** 004 Hand-to-Hand Combat: Retreat. */
  retreat: LengthSchema,
  /** 004 Eliminating Units. */
  hitsToEliminate: z.number().int().min(1),
  /** The defaults of the readings the text leaves open (options.ts). */
  readings: ReadingsSchema,
  /** Paths of the values Tercio designed where the text is silent, with the reason. */
  designed: z.array(z.strictObject({ path: z.string().min(1), note: z.string().min(1) })),
});

export type RulesDataInput = z.input<typeof RulesDataSchema>;
export type RulesData = z.output<typeof RulesDataSchema>;
export type UnitTypeRules = RulesData["unitTypes"]["infantry"];
export type Fraction = z.output<typeof FractionSchema>;
