import { LengthSchema, PositiveLengthSchema } from "@tercio/tabletop";
import { z } from "zod";
import { OptionValuesSchema } from "../options.js";
import { AREA_TERRAINS, LINEAR_TERRAINS, UNIT_TYPES } from "../vocabulary.js";

/**
 * The rules data of 003 as a validated document: every number the text
 * prints (bases, bonuses, ranges, the modifier sequences, 15 hits, the 12"
 * double move, the 4" threat zone, gap and plateau, the 1" protection, the
 * rally) and the values Tercio designs where the text is silent (column
 * footprints, the Poor Drill rule, the army composition chart, how finely a
 * side is judged half visible), each of those listed in `designed`.
 * Lengths are inches (@tercio/tabletop) and become ticks at load.
 */
const SizeSchema = z.strictObject({ frontage: PositiveLengthSchema, depth: PositiveLengthSchema });
const FractionSchema = z.strictObject({ num: z.number().int().min(1), den: z.number().int().min(1) });

const FireSchema = z.strictObject({
  /** 1.1 B. Range. */
  pointBlank: PositiveLengthSchema,
  effective: PositiveLengthSchema,
  /** 1.1 ii: Skirmishers and Artillery subtract 2 from the amount rolled. */
  subtract: z.number().int().min(0),
});

const UnitTypeSchema = z.strictObject({
  name: z.string().min(1),
  /** 1.2 i-iii: Class 1 (Infantry & Guns), 2 (Skirmishers), 3 (Cavalry). */
  moveClass: z.number().int().min(1).max(3),
  /** Figures & Basing. */
  base: SizeSchema,
  /** Maneuvering iv, a single base marked as column: its footprint (designed). */
  column: SizeSchema,
  /** ACW 2, skirmish order: the bases shifted half an inch apart (designed; infantry only). */
  skirmish: SizeSchema.optional(),
  /** 1.2: the move Bonus added to 1Dx. */
  bonus: LengthSchema,
  /** Foot (1.1 i: +2 at a Foot unit's flank or rear). */
  foot: z.boolean(),
  /** Line of Sight: the figures' height ("cavalry are higher than any other Unit type"). */
  height: z.number().int().min(1),
  /** 1.1 B; null for a type that does not fire (Cavalry). */
  fire: FireSchema.nullable(),
  /** Charging: only Cavalry may move into contact. */
  charges: z.boolean(),
  /** Maneuvering i: Foot may wheel once, all others twice. */
  wheels: z.number().int().min(0),
  /** Terrain ii, iii: the area pieces this type may enter. */
  enters: z.array(z.enum(AREA_TERRAINS)),
  /** Interpenetration: moves through, and is moved through by, any unit. */
  interpenetrates: z.boolean(),
});

export const RulesDataSchema = z.strictObject({
  format: z.literal("tercio/hmnt-rules@1"),
  version: z.string().min(1).max(80),
  unitTypes: z.strictObject(
    Object.fromEntries(UNIT_TYPES.map((t) => [t, UnitTypeSchema])) as Record<
      (typeof UNIT_TYPES)[number],
      typeof UnitTypeSchema
    >,
  ),
  /** 1.1 D and 2: a unit with this many hits is removed. */
  removedAt: z.number().int().min(1),
  greyAreas: z.strictObject({
    /** Grey Areas: a measurement this close to a limit is "too close to call" (designed). */
    tooCloseToCall: LengthSchema,
  }),
  sides: z.strictObject({
    /** Front, Left, Right & Rear Sides: mutual front-corner distance that protects a flank. */
    protection: LengthSchema,
  }),
  sight: z.strictObject({
    /** Line of Sight I. */
    gap: PositiveLengthSchema,
    /** Line of Sight III: seeing into and out of woods, towns and hills. */
    plateau: LengthSchema,
    /** Line of Sight IV: a unit this close to a piece's edge is lining it (designed). */
    lining: LengthSchema,
    /** Line of Sight II: a side is judged in this many equal parts, each at its midpoint (designed). */
    sideParts: z.number().int().min(2).max(64),
  }),
  fire: z.strictObject({
    /** 1.1 i. */
    flankRearOrCavalry: z.number().int().min(0),
    /** 1.1 iii. */
    pointBlank: z.number().int().min(1),
    /** 1.1 iv and v. */
    halve: FractionSchema,
    /** 1.1 vi: the most any unit's protection reduces hits to. */
    cap: FractionSchema,
  }),
  move: z.strictObject({
    /** 1.2: moves that begin and remain more than this from all enemies may move double. */
    doubleBeyond: PositiveLengthSchema,
    doubleFactor: z.number().int().min(1),
    /** Maneuvering ii: Reform. */
    reform: LengthSchema,
    /** Interpenetration: enemy units' threat zone in their Front Arc. */
    threatZone: LengthSchema,
  }),
  melee: z.strictObject({
    /** 2: roll 1Dx + 2. */
    add: z.number().int(),
    /** i, ii (cavalry targets) and the cap. */
    halve: FractionSchema,
    /** ii (gun targets) and iii (cavalry on a flank or rear). */
    double: z.number().int().min(1),
    cap: FractionSchema,
  }),
  rally: z.strictObject({
    /** 3: remove half a Dx, rounded up. */
    divide: z.number().int().min(1),
    /** 3: one more with a terrain bonus. */
    terrainExtra: z.number().int().min(0),
    /** 3: a unit with more hits may not rally below this. */
    floor: z.number().int().min(0),
  }),
  terrain: z.strictObject({
    /** 1.1 v: units within these area pieces halve hits. */
    coverIn: z.array(z.enum(AREA_TERRAINS)),
    /** 1.1 v, Terrain v: units behind these linear pieces in full edge contact halve hits. */
    coverBehind: z.array(z.enum(LINEAR_TERRAINS)),
    /** 2 i: units defending these halve melee hits (besides uphill). */
    meleeDefence: z.array(z.enum([...AREA_TERRAINS, ...LINEAR_TERRAINS])),
    /** Terrain iv: impassable area pieces. */
    impassable: z.array(z.enum(AREA_TERRAINS)),
  }),
  quality: z.strictObject({
    /** Variable Quality: stubborn removed at 18, reluctant at 12, elite +1 and militia -1 to all dice. */
    stubbornRemovedAt: z.number().int().min(1),
    reluctantRemovedAt: z.number().int().min(1),
    elite: z.number().int(),
    militia: z.number().int(),
    /** "For each army of six Units": at most this many advantages (and as many disadvantages) per six units. */
    perSix: z.number().int().min(0),
  }),
  acw: z.strictObject({
    /** ACW 3: a Minié rifle's long range, at which hits are halved. */
    minieLong: PositiveLengthSchema,
    /** ACW 4. */
    gunsEffective: PositiveLengthSchema,
    /** ACW 6: infantry shooting in column subtract this. */
    columnFire: z.number().int().min(0),
    /** The Poor Drill rule the text names but never gives (designed): a militia formation change needs this on a Dx. */
    poorDrill: z.number().int().min(1),
  }),
  /** The army composition chart the text names but never gives (designed): a d6 for each unit of a random army. */
  armyComposition: z
    .array(
      z.strictObject({
        faces: z.array(z.number().int().min(1).max(6)).min(1),
        type: z.enum(UNIT_TYPES),
        /** Charging Infantry: an Infantry regiment given the task of assaulting. */
        charges: z.boolean().optional(),
      }),
    )
    .min(1),
  /** The options' defaults (options.ts). */
  options: OptionValuesSchema,
  /** Paths of the values Tercio designed where the text is silent, with the reason. */
  designed: z.array(z.strictObject({ path: z.string().min(1), note: z.string().min(1) })),
});

export type RulesDataInput = z.input<typeof RulesDataSchema>;
export type RulesData = z.output<typeof RulesDataSchema>;
export type UnitTypeRules = RulesData["unitTypes"]["infantry"];
export type Fraction = z.output<typeof FractionSchema>;
