import {
  LengthSchema,
  PIECE_ID,
  PolygonSchema,
  PolylineSchema,
  PositiveLengthSchema,
} from "@tercio/tabletop";
import { z } from "zod";
import {
  ARMOUR,
  CLASSES,
  FOOT_FORMATIONS,
  GUNS,
  HORSE_FORMATIONS,
  MELEE_WEAPONS,
  MISSILE_WEAPONS,
  OFFICERS,
} from "../vocabulary.js";

/**
 * A scenario of 001 as data. The text has none ("Establish the number of
 * units/guns in each army and assign 1-4 points to each valuable
 * objective"): every scenario is designed by Tercio from the period's
 * armies (`designed: true`). Lengths and coordinates are inches, x east
 * and y north from the table's south-west corner; facings are whole
 * degrees (0 north, clockwise). Area pieces are CONVEX polygons.
 */
const Facing = z
  .number()
  .int()
  .min(0)
  .max(359)
  .transform((deg) => deg * 100);

/** What a unit is for the whole game. */
const UnitSetupSchema = z.strictObject({
  id: z.string().regex(PIECE_ID),
  name: z.string().min(1).max(60),
  arm: z.enum(["foot", "horse", "guns"]),
  class: z.enum(CLASSES),
  /** Figures (foot and horse) or the battery's points (guns, its Attack Value: Artillery). */
  strength: z.number().int().min(1).max(96),
  /** The figures on one stand (skirmishers count the stands in range: Firearms). */
  perStand: z.number().int().min(1).max(12).default(4),
  formation: z.enum([...FOOT_FORMATIONS, ...HORSE_FORMATIONS, "limbered", "unlimbered"]),
  /** Foot in open order: "Formed musketeers in 2 ranks", or a single rank (Firearms). */
  ranks: z.number().int().min(1).max(2).optional(),
  /** Movement: "Brigades in line may pivot only 15⁰ per URT"; Leadership: "6 leaders". */
  brigade: z.boolean().default(false),
  melee: z.enum(MELEE_WEAPONS).optional(),
  missile: z.enum(MISSILE_WEAPONS).optional(),
  gun: z.enum(GUNS).optional(),
  armour: z.enum(ARMOUR).default("unarmoured"),
  /** Firearms: "Swedes in the mid-17th century 2(AV+2)". */
  swedish: z.boolean().default(false),
  /** The general whose corps it is (Leadership: "his units within 18""). */
  general: z.string().regex(PIECE_ID).optional(),
  x: LengthSchema,
  y: LengthSchema,
  facing: Facing,
});

const OfficerSetupSchema = z.strictObject({
  id: z.string().regex(PIECE_ID),
  name: z.string().min(1).max(60),
  rank: z.enum(OFFICERS),
  /** The unit whose stand his stand touches at the start, if any. */
  with: z.string().regex(PIECE_ID).optional(),
  x: LengthSchema,
  y: LengthSchema,
});

const ForceSchema = z.strictObject({
  name: z.string().min(1).max(60),
  units: z.array(UnitSetupSchema).min(1).max(40),
  officers: z.array(OfficerSetupSchema).max(12).default([]),
});

export const AREA_KINDS = ["light-woods", "heavy-woods", "hill", "building", "field"] as const;

const AreaSchema = z.strictObject({
  id: z.string().regex(PIECE_ID),
  kind: z.enum(AREA_KINDS),
  name: z.string().min(1).max(60),
  polygon: PolygonSchema,
  /** A hill's contour level (Firepower modifiers: "a contour higher"), from 1. */
  level: z.number().int().min(1).max(5).optional(),
  /** A building's kind on the Buildings Chart (its points) and its cover (Cover and Armor). */
  building: z
    .string()
    .regex(/^[a-z][a-z-]*$/)
    .optional(),
  cover: z.enum(["wooden-building", "stone-building"]).optional(),
});

export const LINEAR_KINDS = ["stream", "hedge", "wall"] as const;

const LinearSchema = z.strictObject({
  id: z.string().regex(PIECE_ID),
  kind: z.enum(LINEAR_KINDS),
  name: z.string().min(1).max(60),
  line: PolylineSchema,
});

const ObjectiveSchema = z.strictObject({
  id: z.string().regex(PIECE_ID),
  name: z.string().min(1).max(60),
  x: LengthSchema,
  y: LengthSchema,
  /** Victory Points: "assign 1-4 points to each valuable objective". */
  points: z.number().int().min(1).max(4),
});

export const ScenarioSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]{1,47}$/),
  name: z.string().min(1).max(80),
  summary: z.string().min(1).max(400),
  /** The war the scenario is set in (its forces follow it). */
  period: z.string().min(1).max(80),
  year: z.number().int().min(1450).max(1660),
  designed: z.literal(true),
  table: z.strictObject({
    width: PositiveLengthSchema.refine((t) => t <= 144 * 6096, "at most 144 inches"),
    height: PositiveLengthSchema.refine((t) => t <= 144 * 6096, "at most 144 inches"),
  }),
  turns: z.number().int().min(1).max(30),
  /** Fatigue & Pursuit: "In wars where no quarter is given such as religious wars". */
  noQuarter: z.boolean().default(false),
  areas: z.array(AreaSchema).max(64).default([]),
  linears: z.array(LinearSchema).max(32).default([]),
  objectives: z.array(ObjectiveSchema).max(12).default([]),
  forces: z.strictObject({ first: ForceSchema, second: ForceSchema }),
});

export const ScenarioListSchema = z.strictObject({
  format: z.literal("tercio/ppss-scenarios@1"),
  scenarios: z.array(ScenarioSchema).min(1),
});

export type ScenarioInput = z.input<typeof ScenarioSchema>;
export type Scenario = z.output<typeof ScenarioSchema>;
export type UnitSetup = Scenario["forces"]["first"]["units"][number];
export type OfficerSetup = Scenario["forces"]["first"]["officers"][number];
export type Area = Scenario["areas"][number];
export type Linear = Scenario["linears"][number];
export type Objective = Scenario["objectives"][number];
