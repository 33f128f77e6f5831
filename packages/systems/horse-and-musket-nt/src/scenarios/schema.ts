import { SEATS } from "@tercio/core";
import {
  LengthSchema,
  PIECE_ID,
  PolygonSchema,
  PolylineSchema,
  PositiveLengthSchema,
} from "@tercio/tabletop";
import { z } from "zod";
import { OPTIONAL_OPTIONS_SHAPE } from "../options.js";
import { AREA_TERRAINS, FORMATIONS, LINEAR_TERRAINS, QUALITIES, UNIT_TYPES } from "../vocabulary.js";

/**
 * A scenario of 003 as data. The text has none: every scenario is designed
 * by Tercio (`designed: true`). Lengths and coordinates are inches, x east
 * and y north from the table's south-west corner; facings are centidegrees
 * (0 north, clockwise). Area pieces are CONVEX polygons (a wood of another
 * shape is two pieces), so every terrain and sight test is exact.
 */
const SideSchema = z.enum(SEATS);

const AreaSchema = z.strictObject({
  id: z.string().regex(PIECE_ID),
  kind: z.enum(AREA_TERRAINS),
  name: z.string().min(1).max(60),
  polygon: PolygonSchema,
});

/** Terrain v: walls, gullies and river banks, a line with a width (1-3"). */
const LinearSchema = z.strictObject({
  id: z.string().regex(PIECE_ID),
  kind: z.enum(LINEAR_TERRAINS),
  name: z.string().min(1).max(60),
  line: PolylineSchema,
  width: PositiveLengthSchema,
});

const RiverSchema = z.strictObject({
  id: z.string().regex(PIECE_ID),
  name: z.string().min(1).max(60),
  line: PolylineSchema,
  /** Terrain iv: each crossing is one whole segment of the line (segment i joins points i and i + 1). */
  crossings: z.array(
    z.strictObject({
      kind: z.enum(["bridge", "ford"]),
      segment: z.number().int().min(0),
      name: z.string().min(1).max(60),
    }),
  ),
});

const RoadSchema = z.strictObject({
  id: z.string().regex(PIECE_ID),
  name: z.string().min(1).max(60),
  line: PolylineSchema,
  /** A column is following the road while its centre is within half of this of the line. */
  width: PositiveLengthSchema,
});

const UnitSetupSchema = z.strictObject({
  id: z.string().regex(PIECE_ID),
  type: z.enum(UNIT_TYPES),
  /** The centre of the base. */
  x: LengthSchema,
  y: LengthSchema,
  facing: z.number().int().min(0).max(35999),
  formation: z.enum(FORMATIONS).default("line"),
  /** Variable Quality (used when the option is on). */
  quality: z.array(z.enum(QUALITIES)).max(2).default([]),
  /** ACW 3: armed with a Minié rifle. */
  minie: z.boolean().default(false),
  /** Charging Infantry: a regiment given the task of assaulting. */
  charges: z.boolean().default(false),
});

const FractionSchema = z.strictObject({ num: z.number().int().min(1), den: z.number().int().min(1) });

const SuddenDeathSchema = z.discriminatedUnion("kind", [
  /** The side wins at once when it has removed at least `fraction` of the enemy's starting units. */
  z.strictObject({ kind: z.literal("destroy"), side: SideSchema, fraction: FractionSchema }),
  /** The side wins at the end of its half-turn when `count` of its units have their centres in the zone. */
  z.strictObject({
    kind: z.literal("reach"),
    side: SideSchema,
    name: z.string().min(1).max(60),
    zone: PolygonSchema,
    count: z.number().int().min(1),
  }),
]);

/** At the end: a side holds an objective when one of its units has its centre in it and no enemy unit does. */
const HoldSchema = z.strictObject({
  kind: z.literal("hold"),
  name: z.string().min(1).max(60),
  /** An area piece's polygon (a town, a hill), or `zone`. */
  piece: z.string().regex(PIECE_ID).optional(),
  zone: PolygonSchema.optional(),
  points: z.number().int().min(1).default(1),
});

export const ScenarioSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]{1,47}$/),
  name: z.string().min(1).max(80),
  summary: z.string().min(1).max(400),
  /** The war or period the scenario is set in (its forces follow it). */
  period: z.string().min(1).max(80),
  designed: z.literal(true),
  table: z.strictObject({
    width: PositiveLengthSchema.refine((t) => t <= 144 * 6096, "at most 144 inches"),
    height: PositiveLengthSchema.refine((t) => t <= 144 * 6096, "at most 144 inches"),
  }),
  sides: z.strictObject({
    first: z.strictObject({ name: z.string().min(1).max(60) }),
    second: z.strictObject({ name: z.string().min(1).max(60) }),
  }),
  /** Play Sequence: the attacker, player A, who acts first in each turn. */
  attacker: SideSchema,
  turns: z.number().int().min(1).max(50),
  areas: z.array(AreaSchema).max(64),
  linears: z.array(LinearSchema).max(32),
  rivers: z.array(RiverSchema).max(8),
  roads: z.array(RoadSchema).max(8),
  forces: z.strictObject({
    first: z.array(UnitSetupSchema).min(1).max(40),
    second: z.array(UnitSetupSchema).min(1).max(40),
  }),
  victory: z.strictObject({
    suddenDeath: z.array(SuddenDeathSchema),
    atEnd: z.array(HoldSchema),
    /** Who wins when the objectives at the end are level. */
    otherwise: z.enum(["draw", "first", "second", "fewer-losses"]),
  }),
  /** Options the scenario imposes (an ACW scenario's acw: "on"). */
  options: z.strictObject(OPTIONAL_OPTIONS_SHAPE).default({}),
});

export const ScenarioListSchema = z.strictObject({
  format: z.literal("tercio/hmnt-scenarios@1"),
  scenarios: z.array(ScenarioSchema).min(1),
});

export type ScenarioInput = z.input<typeof ScenarioSchema>;
export type Scenario = z.output<typeof ScenarioSchema>;
export type Area = Scenario["areas"][number];
export type Linear = Scenario["linears"][number];
export type River = Scenario["rivers"][number];
export type Road = Scenario["roads"][number];
export type UnitSetup = Scenario["forces"]["first"][number];
export type SuddenDeath = Scenario["victory"]["suddenDeath"][number];
export type Hold = Scenario["victory"]["atEnd"][number];
