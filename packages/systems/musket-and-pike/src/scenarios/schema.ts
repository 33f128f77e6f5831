import { z } from "zod";
import { EDGES } from "../hex/grid.js";
import { OPTIONAL_RULES, SIDES, UNIT_TYPES } from "../vocabulary.js";

/**
 * The scenarios of section 16 as data, with the errata of 30 April 1973
 * applied (directions reversed, Nieuport's forces and victory, Lutzen's
 * deployment, Aberdeen's victory, Killiecrankie's first player).
 *
 * Key hexes are the numbers 1-16 printed on the map (16.0); the map data
 * says where each one lies.
 */

export const KeyHexSchema = z.number().int().min(1).max(16);

/** "within N hexes of hex K" is distance <= N from K, K itself included. */
const withinKeyHex = z.strictObject({ of: KeyHexSchema, hexes: z.number().int().nonnegative() });

export const DeploymentSchema = z.discriminatedUnion("kind", [
  /** "within five hexes of hex 11" */
  z.strictObject({ kind: z.literal("within"), ...withinKeyHex.shape }),
  /** 16.35: "within two hexes of hex 13 or 15" */
  z.strictObject({
    kind: z.literal("within-any"),
    of: z.array(KeyHexSchema).min(2),
    hexes: z.number().int().nonnegative(),
  }),
  /** 16.24 errata: "within three hexes of road running from hex 12 to hex 15" */
  z.strictObject({
    kind: z.literal("within-road"),
    road: z.string(),
    from: KeyHexSchema,
    to: KeyHexSchema,
    hexes: z.number().int().nonnegative(),
  }),
  /** 16.37: "within two hexes of row of hexes from hex 8 to hex 3", optionally one unit on every row hex. */
  z.strictObject({
    kind: z.literal("within-row"),
    from: KeyHexSchema,
    to: KeyHexSchema,
    hexes: z.number().int().nonnegative(),
    occupyEveryRowHex: z.boolean(),
  }),
  /** 16.13: the Dutch fleet "deployed west of the stream" (errata direction), a named map region. */
  z.strictObject({ kind: z.literal("region"), region: z.string() }),
  /** Reinforcements: "enters map on east edge on Game-Turn 1, within eight hexes of hex 14". */
  z.strictObject({
    kind: z.literal("enter"),
    edge: z.enum(EDGES),
    gameTurn: z.number().int().positive(),
    near: withinKeyHex,
    /** 16.22: "may enter in Road Movement Mode" (13.0). */
    roadMode: z.boolean(),
  }),
]);

export const UnitGroupSchema = z.strictObject({
  type: z.enum(UNIT_TYPES),
  count: z.number().int().positive(),
  /** Nieuport errata: EA counters used "as HA" for movement and combat. */
  as: z.enum(UNIT_TYPES).optional(),
  /** 16.13: these units are the fleet. */
  role: z.literal("fleet").optional(),
});

export const ForceSchema = z.strictObject({
  /** "a", "b" where the scenario divides a side's units into forces, else "main". */
  id: z.string().min(1),
  units: z.array(UnitGroupSchema).min(1),
  deployment: DeploymentSchema,
});

export const PlayerSchema = z.strictObject({
  side: z.enum(SIDES),
  /** "Spanish", "Parliamentarians" */
  name: z.string().min(1),
  /** 16.0: the First Player uses the blue counters, the Second the green. */
  colour: z.enum(["blue", "green"]),
  /** 10.0: two or three units per hex at the end of a Movement Phase. */
  stacking: z.union([z.literal(2), z.literal(3)]),
  forces: z.array(ForceSchema).min(1),
  /** The units line as printed (after errata), for people. */
  text: z.string(),
});

/** A hex a victory condition refers to: a key hex, or every hex of the town around one. */
export const HexRefSchema = z.union([
  z.strictObject({ hex: KeyHexSchema }),
  z.strictObject({ townOf: KeyHexSchema }),
]);

const endOfGame = z.strictObject({ kind: z.literal("end-of-game") });
const endOfPlayerTurn = z.strictObject({ kind: z.literal("end-of-player-turn"), side: z.enum(SIDES) });
const whenAchieved = z.strictObject({ kind: z.literal("when-achieved") });
const Timing = z.discriminatedUnion("kind", [endOfGame, endOfPlayerTurn, whenAchieved]);

export const ConditionSchema = z.discriminatedUnion("kind", [
  /** Occupy, or be the last to occupy, every listed hex (16.0). */
  z.strictObject({
    kind: z.literal("control"),
    hexes: z.array(HexRefSchema).min(1),
    at: Timing,
    /** 16.41: the controlling player needs this many units on the map, or the game is a draw. */
    drawUnlessUnitsOnMap: z.number().int().positive().optional(),
  }),
  /** 16.22: exit units off an edge within N hexes of a road. */
  z.strictObject({
    kind: z.literal("exit"),
    count: z.number().int().positive(),
    edge: z.enum(EDGES),
    road: z.string(),
    withinOfRoad: z.number().int().nonnegative(),
    at: Timing,
  }),
  /** 16.23: destroy every enemy unit of a class. */
  z.strictObject({ kind: z.literal("destroy-all"), unitClass: z.literal("artillery"), at: Timing }),
  /** 16.24: N units in a named map region (on or west of the road). */
  z.strictObject({
    kind: z.literal("units-in-region"),
    count: z.number().int().positive(),
    region: z.string(),
    at: Timing,
  }),
  /** 16.37: N units within M hexes of a key hex. */
  z.strictObject({
    kind: z.literal("units-within"),
    count: z.number().int().positive(),
    of: KeyHexSchema,
    hexes: z.number().int().nonnegative(),
    at: Timing,
  }),
  /** 16.21: any of the side's units survive to the end of the game. */
  z.strictObject({ kind: z.literal("survive"), at: Timing }),
  /** 16.21: eliminate every enemy unit, graded by the Game-Turn by which it is done. */
  z.strictObject({
    kind: z.literal("eliminate-all"),
    levels: z
      .array(
        z.strictObject({
          byGameTurn: z.number().int().positive(),
          level: z.enum(["decisive", "substantive", "marginal"]),
        }),
      )
      .min(1),
    at: Timing,
  }),
]);

export const VictorySchema = z.strictObject({
  /** Who plays for what: "either" marks a shared condition (16.0: only one player may win it). */
  conditions: z
    .array(z.strictObject({ side: z.enum([...SIDES, "either"]), condition: ConditionSchema }))
    .min(1),
  /** The result when no player fulfils his condition. */
  otherwise: z.enum([...SIDES, "draw"]),
  /** 16.0: "if both Players fulfill their conditions, the game is a draw". */
  both: z.literal("draw"),
  /** The victory text as printed, after errata. */
  text: z.string(),
});

export const SPECIAL_RULES = [
  /** 16.13: the Dutch fleet, the North Sea and the stream. */
  "nieuport-fleet",
  /** 16.24: the Swedes become ferocious after an SC is disrupted or eliminated. */
  "lutzen-ferocity",
  /** 16.33: Parliamentarian force (a) may not move until provoked. */
  "staverton-force-a-hold",
] as const;

export const ScenarioSchema = z.strictObject({
  /** The rule number, "16.24". */
  id: z.string().regex(/^16\.\d\d$/),
  /** A short lower-case name for commands: "lutzen". */
  slug: z.string().regex(/^[a-z-]+$/),
  name: z.string().min(1),
  /** "Gustavus' Last Charge" */
  subtitle: z.string().optional(),
  /** ISO date of the battle. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** "The Thirty Years' Wars, 1618-1659" */
  war: z.string().min(1),
  /** 16.0: 1 (very simple) to 9 (very complex). */
  complexity: z.number().int().min(1).max(9),
  balance: z.strictObject({
    favours: z.enum([...SIDES, "neither"]),
    degree: z.enum(["even", "slightly", "moderately", "heavily"]),
    text: z.string(),
  }),
  gameLength: z.number().int().positive(),
  players: z.tuple([PlayerSchema, PlayerSchema]),
  victory: VictorySchema,
  specialRules: z.array(z.enum(SPECIAL_RULES)),
  /** Optional rules this scenario imposes (16.24: Caracolla). */
  requiredOptionalRules: z.array(z.enum(OPTIONAL_RULES)),
  /** Scenario changes to unit values (16.51: English PM melee (3)). */
  unitOverrides: z.array(
    z.strictObject({ side: z.enum(SIDES), type: z.enum(UNIT_TYPES), melee: z.number().int().nonnegative() }),
  ),
  /** The historical note (17.0). */
  historicalNote: z.string(),
  /** Each erratum of 30 April 1973 applied to this scenario, in words. */
  errata: z.array(z.string()),
});

export const ScenarioCatalogSchema = z.strictObject({
  format: z.literal("tercio/scenarios@1"),
  game: z.literal("musket-and-pike"),
  scenarios: z.array(ScenarioSchema).length(18),
});

export type Deployment = z.infer<typeof DeploymentSchema>;
export type UnitGroup = z.infer<typeof UnitGroupSchema>;
export type Force = z.infer<typeof ForceSchema>;
export type Player = z.infer<typeof PlayerSchema>;
export type HexRef = z.infer<typeof HexRefSchema>;
export type Condition = z.infer<typeof ConditionSchema>;
export type Victory = z.infer<typeof VictorySchema>;
export type SpecialRule = (typeof SPECIAL_RULES)[number];
export type Scenario = z.infer<typeof ScenarioSchema>;
export type ScenarioCatalog = z.infer<typeof ScenarioCatalogSchema>;
