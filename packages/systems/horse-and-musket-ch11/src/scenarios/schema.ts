import { SEATS } from "@tercio/core";
import { LengthSchema, PositiveLengthSchema } from "@tercio/tabletop";
import { z } from "zod";
import { OPTIONAL_READINGS_SHAPE } from "../options.js";
import { UNIT_TYPES } from "../vocabulary.js";

/**
 * A scenario as data. The text has none: every scenario is designed by
 * Tercio (`designed: true`). Lengths and coordinates are inches (length.ts),
 * x east and y north from the table's south-west corner; facings are
 * centidegrees (0 north, clockwise). Terrain areas are CONVEX polygons
 * (a wood of another shape is two pieces), so every terrain test is exact
 * and simple.
 */
const PointSchema = z.tuple([LengthSchema, LengthSchema]).transform(([x, y]) => ({ x, y }));
const PolygonSchema = z.array(PointSchema).min(3).max(64);
const PolylineSchema = z.array(PointSchema).min(2).max(64);
const SideSchema = z.enum(SEATS);
const ID = /^[A-Za-z][A-Za-z0-9-]{0,31}$/;

const TerrainPieceSchema = z.strictObject({
  id: z.string().regex(ID),
  kind: z.enum(["woods", "town", "marsh", "lake", "hill"]),
  name: z.string().min(1).max(60),
  polygon: PolygonSchema,
  /** A hill's top (004 Hand-to-Hand Combat: Terrain); absent: the whole hill is its top. */
  hilltop: PolygonSchema.optional(),
});

const RiverSchema = z.strictObject({
  id: z.string().regex(ID),
  name: z.string().min(1).max(60),
  line: PolylineSchema,
  /** 004 Movement: Terrain: Rivers: each crossing is one whole segment of the line (segment i joins points i and i + 1). */
  crossings: z.array(
    z.strictObject({
      kind: z.enum(["bridge", "ford"]),
      segment: z.number().int().min(0),
      name: z.string().min(1).max(60),
    }),
  ),
});

const RoadSchema = z.strictObject({
  id: z.string().regex(ID),
  name: z.string().min(1).max(60),
  line: PolylineSchema,
  /** The road's full width: a unit is on the road while its centre is within half of it of the line. */
  width: PositiveLengthSchema,
});

const UnitSetupSchema = z.strictObject({
  id: z.string().regex(ID),
  type: z.enum(UNIT_TYPES),
  frontage: PositiveLengthSchema,
  x: LengthSchema,
  y: LengthSchema,
  facing: z.number().int().min(0).max(35999),
});

const FractionSchema = z.strictObject({ num: z.number().int().min(1), den: z.number().int().min(1) });

const SuddenDeathSchema = z.discriminatedUnion("kind", [
  /** The side wins at once when it has eliminated at least `fraction` of the enemy's starting units. */
  z.strictObject({ kind: z.literal("destroy"), side: SideSchema, fraction: FractionSchema }),
  /** The side wins at the end of its player turn when `count` of its units have their centres in the zone. */
  z.strictObject({
    kind: z.literal("reach"),
    side: SideSchema,
    name: z.string().min(1).max(60),
    zone: PolygonSchema,
    count: z.number().int().min(1),
  }),
]);

/** At the end: a side holds an area when one of its units has its centre in it and no enemy unit does. */
const HoldSchema = z.strictObject({
  kind: z.literal("hold"),
  name: z.string().min(1).max(60),
  /** A terrain piece's polygon (a town, a hill), or `zone`. */
  piece: z.string().regex(ID).optional(),
  zone: PolygonSchema.optional(),
  points: z.number().int().min(1).default(1),
});

const ForcedOptionsSchema = z.strictObject(OPTIONAL_READINGS_SHAPE);

export const ScenarioSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]{1,47}$/),
  name: z.string().min(1).max(80),
  summary: z.string().min(1).max(400),
  /** Every scenario here is Tercio's design: the text has none. */
  designed: z.literal(true),
  /** Up to 144" a side: the field-of-fire polygons then stay within the kernel's exact coordinate range. */
  table: z.strictObject({
    width: PositiveLengthSchema.refine((t) => t <= 144 * 6096, "at most 144 inches"),
    height: PositiveLengthSchema.refine((t) => t <= 144 * 6096, "at most 144 inches"),
  }),
  sides: z.strictObject({
    first: z.strictObject({ name: z.string().min(1).max(60) }),
    second: z.strictObject({ name: z.string().min(1).max(60) }),
  }),
  firstPlayer: SideSchema,
  turns: z.number().int().min(1).max(50),
  terrain: z.array(TerrainPieceSchema).max(64),
  rivers: z.array(RiverSchema).max(8),
  roads: z.array(RoadSchema).max(8),
  deployment: z.strictObject({ first: PolygonSchema, second: PolygonSchema }),
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
  /** Options the scenario imposes (e.g. squares on). */
  options: ForcedOptionsSchema.default({}),
});

export const ScenarioListSchema = z.strictObject({
  format: z.literal("tercio/hm11-scenarios@1"),
  scenarios: z.array(ScenarioSchema).min(1),
});

export type ScenarioInput = z.input<typeof ScenarioSchema>;
export type Scenario = z.output<typeof ScenarioSchema>;
export type TerrainPiece = Scenario["terrain"][number];
export type River = Scenario["rivers"][number];
export type Road = Scenario["roads"][number];
export type UnitSetup = Scenario["forces"]["first"][number];
export type SuddenDeath = Scenario["victory"]["suddenDeath"][number];
export type Hold = Scenario["victory"]["atEnd"][number];
