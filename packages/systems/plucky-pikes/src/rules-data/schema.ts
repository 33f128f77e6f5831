import { LengthSchema } from "@tercio/tabletop";
import { z } from "zod";
import { FractionSchema } from "../fraction.js";
import {
  ARMOUR,
  CLASSES,
  COVER,
  FOOT_FORMATIONS,
  GUNS,
  HORSE_FORMATIONS,
  MELEE_WEAPONS,
  MISSILE_WEAPONS,
  OFFICERS,
} from "../vocabulary.js";

/**
 * The rules data of 001 as a validated document. The text's tables are on
 * "Combat Cards A and B", which the text does not include: every number it
 * does print is here (the ½ and ⅓ URTs, +3 for a wooden building, −2
 * moving, +3 and ×2 enfilade, −5 counter-battery and 86+ on d%, "6 or
 * less" for the flag, 20+ to pursue, the 1" and 4" charges), and the 22
 * missing tables are reconstructed around them. `provenance` says of every
 * value whether it is printed, reconstructed or designed (the load refuses a
 * value it does not cover), and docs/rules/plucky-pikes.md gives each
 * table's reasoning. A player who owns the cards replaces the file.
 * Lengths are inches in the file and ticks once loaded (@tercio/tabletop);
 * fractions are written "3/2", "1/3" or "1.5".
 */
/** A length: inches in the file, ticks (1/6096 inch) once loaded, as the geometry kernel counts. */
const Inches = LengthSchema.refine((t) => t >= 0, "must not be negative");
const Modifier = z.number().int().min(-20).max(20);
const Percent = z.number().int().min(0).max(100);
const d100 = z.number().int().min(1).max(100);

function byKey<const K extends readonly string[], T extends z.ZodType>(keys: K, value: T) {
  return z.strictObject(Object.fromEntries(keys.map((k) => [k, value])) as { [P in K[number]]: T });
}

const ClassSchema = z.strictObject({
  name: z.string().min(1),
  /** Preliminaries: "d10 modifiers for combat and morale". */
  d10: Modifier,
  /** Movement: the Unit Reaction Time as a fraction of the move ("elite ... 1/3 move", "line ... ½ move"). */
  urt: FractionSchema,
});

/** Each activity's cost in URTs (Movement: "Some activities take more than 1 URT"). */
const UrtSchema = z.strictObject({
  changeFormation: z.number().int().min(0),
  pivot: z.number().int().min(0),
  reorganise: z.number().int().min(0),
  untangle: z.number().int().min(0),
  reloadMusket: z.number().int().min(0),
  reloadSkirmisher: z.number().int().min(0),
  reloadHandgun: z.number().int().min(0),
  reloadPistol: z.number().int().min(0),
  reloadCrossbow: z.number().int().min(0),
  limberLight: z.number().int().min(0),
  limberHeavy: z.number().int().min(0),
  formOrLeaveHedgehog: z.number().int().min(0),
  aboutFace: z.number().int().min(0),
  mountOrDismount: z.number().int().min(0),
  enterOrLeaveBuilding: z.number().int().min(0),
});

const MovementSchema = z.strictObject({
  foot: z.strictObject({ pike: Inches, hedgehog: Inches, open: Inches, skirmish: Inches }),
  horse: z.strictObject({ close: Inches, open: Inches, skirmish: Inches }),
  limberedGuns: byKey(GUNS, Inches),
  officer: Inches,
  /** A charge or a run, as a multiple of the move. */
  chargeOrRun: FractionSchema,
  /** Movement: "allowed to charge every 4th move". */
  chargeEvery: z.number().int().min(1),
  /** Terrain, as a fraction of the move. */
  terrain: z.strictObject({ lightWoods: FractionSchema, heavyWoods: FractionSchema, stream: FractionSchema }),
});

const PositiveInches = LengthSchema.refine((t) => t > 0, "must be positive");

const Formed = z.strictObject({
  ranks: z.union([z.number().int().min(1).max(12), z.literal("square")]),
  spacing: FractionSchema,
});

const Multiplied = z.strictObject({ multiplier: FractionSchema, d10: Modifier });

/** The upper bounds of the short, medium and long bands, ascending (inches). */
const Bands = z.tuple([Inches, Inches, Inches]);

export const RulesDataSchema = z.strictObject({
  format: z.literal("tercio/ppss-rules@1"),
  version: z.string().min(1).max(80),
  classes: byKey(CLASSES, ClassSchema),
  urt: UrtSchema,
  /** Movement: degrees a line pivots about one end in one URT. */
  pivot: z.strictObject({
    battalion: z.number().int().min(1).max(90),
    brigade: z.number().int().min(1).max(90),
  }),
  movement: MovementSchema,
  /** Attack Values: per firing or fighting figure; guns in points. */
  attackValues: z.strictObject({
    missile: byKey(MISSILE_WEAPONS, FractionSchema),
    melee: byKey(MELEE_WEAPONS, FractionSchema),
    guns: byKey(GUNS, z.number().int().min(1)),
  }),
  /** Defense Values: "Cavalry, infantry and artillery all have a DV of 10." */
  defence: z.strictObject({ dv: z.number().int().min(1) }),
  artillery: z.strictObject({
    bands: byKey(GUNS, Bands),
    bandModifiers: z.strictObject({ short: Modifier, medium: Modifier, long: Modifier }),
    hailshot: z.strictObject({ range: Inches, d10: Modifier, avMultiplier: FractionSchema }),
    counterBattery: z.strictObject({ d10: Modifier, gunsHitFrom: d100, avLost: FractionSchema }),
    hill: z.strictObject({ down: Modifier, up: Modifier }),
    teamsWithin: Inches,
    /** The points of each gun's horse or ox team (designed, P-4: the text says teams lose points, not how many they have). */
    teamPoints: byKey(GUNS, z.number().int().min(1)),
  }),
  /** The greatest range of each small arm (inches). */
  smallArms: byKey(MISSILE_WEAPONS, Inches),
  fire: z.strictObject({
    moving: Modifier,
    handgunMoving: Modifier,
    stationaryMusketeers: Multiplied,
    swedes: Multiplied,
    heavyCrossbowStationary: FractionSchema,
    enfilade: Multiplied,
    /** "When the d10 roll is a natural 1 the LF is halved." */
    naturalOne: FractionSchema,
    reactiveWithin: Inches,
    pistols: z.number().int().min(1),
  }),
  woods: z.strictObject({
    protectionDepth: Inches,
    visibility: z.strictObject({ light: Inches, heavy: Inches }),
  }),
  cover: byKey(COVER, Modifier),
  armour: byKey(ARMOUR, Modifier),
  firingFirst: z.strictObject({
    stationary: Modifier,
    loaded: Modifier,
    moving: Modifier,
    disordered: Modifier,
    inCover: Modifier,
    twoRankMusketeers: Modifier,
  }),
  /** The score (d10 + class) each option needs, by how far the attacker came in the target's URTs. */
  counterRolls: z.strictObject({
    /** Upper bounds of every column but the last, ascending: [2, 3] is "up to 2", "up to 3", "more". */
    urtColumns: z.array(z.number().int().min(1)).min(1).max(6),
    needed: z.strictObject({
      face: z.array(z.number().int()),
      changeFormation: z.array(z.number().int()),
      counterCharge: z.array(z.number().int()),
      withdraw: z.array(z.number().int()),
    }),
  }),
  meleeMatrix: z.strictObject({
    ranks: z.strictObject({
      pikeOrHedgehogVsCavalry: z.number().int().min(1),
      flankOrRear: z.number().int().min(1),
      otherwise: z.number().int().min(1),
    }),
    d10: z.strictObject({
      closeCavalryVsOpenFoot: Modifier,
      cavalryVsPikeFront: Modifier,
      cavalryVsHedgehog: Modifier,
      pikeVsShot: Modifier,
      skirmishOrder: Modifier,
      gunCrew: Modifier,
      openVsCloseCavalry: Modifier,
    }),
  }),
  meleeModifiers: z.strictObject({
    charge: z.strictObject({ foot: Modifier, horse: Modifier, lance: Modifier }),
    chargeMinimum: z.strictObject({ foot: Inches, horse: Inches }),
    flank: Modifier,
    rear: Modifier,
    uphill: Modifier,
    barrier: z.strictObject({ hedge: Modifier, wall: Modifier }),
    assaultingBuilding: Modifier,
    disordered: Modifier,
    /** "A unit attacking a disordered enemy doubles its LF." */
    vsDisordered: z.number().int().min(1),
  }),
  /** Fatigue points per move in melee. */
  fatigue: z.strictObject({
    ...byKey(CLASSES, z.number().int().min(0)).shape,
    pikeOrHedgehog: z.number().int().min(0),
  }),
  /** Percent of the original figures a unit keeps above which it is at each level (routed at or below the last). */
  effectiveness: z.strictObject({
    steadyAbove: Percent,
    shakenAbove: Percent,
    brokenAbove: Percent,
    fallBack: Inches,
  }),
  rally: z.strictObject({
    /** Upper bounds of every column but the last (the modified d10), ascending. */
    columns: z.array(z.number().int()).min(1).max(12),
    /** Original size -> figures back in each column. */
    rows: z.record(
      z.string().regex(/^[1-9]\d*$/, "an original size in figures"),
      z.array(z.number().int().min(0)),
    ),
    /** Victory Points: the table read for points, one per column. */
    points: z.array(z.number().int().min(0)),
  }),
  rallyModifiers: z.strictObject({
    ...byKey(OFFICERS, Modifier).shape,
    leaderLost: Modifier,
    /** Leadership: "For brigaded units there are 6 leaders worth 1 point each." */
    brigadeLeaderLost: Modifier,
    generalDeath: z.strictObject({ general: Modifier, "commanding-general": Modifier }),
  }),
  leadership: z.strictObject({
    leaders: z.number().int().min(1),
    brigadeLeaders: z.number().int().min(1),
    casualtyFrom: d100,
    generalReach: Inches,
  }),
  melee: z.strictObject({
    flagLostAtOrBelow: z.number().int(),
    pursuitFrom: z.number().int(),
    fallBack: Inches,
  }),
  buildings: z.record(z.string().regex(/^[a-z][a-z-]*$/), z.number().int().min(1)),
  /** Percent of units and guns remaining (at least `from`) -> points, `from` descending to 0. */
  armyEffectiveness: z.array(z.strictObject({ from: Percent, points: z.number().int() })).min(1),
  armyModifiers: z.strictObject({
    objective: z.strictObject({ min: z.number().int(), max: z.number().int() }),
    commandingGeneralLost: Modifier,
    generalLost: Modifier,
    flagTaken: Modifier,
    flagLost: Modifier,
    gunCaptured: Modifier,
  }),
  /** Campaigns: the winning margin (at least) -> what follows, margins descending to 0. */
  coursesOfAction: z
    .array(z.strictObject({ margin: z.number().int().min(0), outcome: z.string().min(1) }))
    .min(1),
  /**
   * How units stand on the table (designed, B-1): each figure's frontage and
   * each rank's depth by arm; a gun's stand; an officer's stand. The text
   * is for "5mm-28mm figures" and leaves basing to the player.
   */
  basing: z.strictObject({
    foot: z.strictObject({ frontage: PositiveInches, rankDepth: PositiveInches }),
    horse: z.strictObject({ frontage: PositiveInches, rankDepth: PositiveInches }),
    gun: z.strictObject({ frontage: PositiveInches, depth: PositiveInches }),
    officer: z.strictObject({ frontage: PositiveInches, depth: PositiveInches }),
    team: z.strictObject({ frontage: PositiveInches, depth: PositiveInches }),
  }),
  /**
   * Formations: each formation's ranks ("square": as many ranks as files, the
   * hedgehog's all-round square) and the space each figure takes across the
   * front, as a multiple of its frontage (B-2; "Formed musketeers in 2 ranks" is printed).
   */
  formations: z.strictObject({
    foot: byKey(FOOT_FORMATIONS, Formed),
    horse: byKey(HORSE_FORMATIONS, Formed),
  }),
  /** Cover and Armor: a hedge or wall covers a unit it lies within this distance of, when the fire crosses it (designed, P-3). */
  barriers: z.strictObject({ coverWithin: PositiveInches }),
  /** Victory Points: a side holds an objective with a unit within this distance of it and no enemy unit (designed, P-2). */
  objectives: z.strictObject({ holdWithin: PositiveInches }),
  /** Part 4, Army Morale: an army at or below this Army Effectiveness (percent) withdraws (designed). */
  armyMorale: z.strictObject({ withdrawAtOrBelow: Percent }),
  /**
   * Of every value above, by its path or the nearest path above it: printed
   * in the text (and its paragraph), reconstructed (the missing table's
   * number) or designed (a procedure the text names and never gives).
   */
  provenance: z.record(
    z.string().min(1),
    z.union([
      z.strictObject({ source: z.literal("printed"), rule: z.string().min(1) }),
      z.strictObject({ source: z.enum(["reconstructed", "designed"]), table: z.string().min(1) }),
    ]),
  ),
});

export type RulesData = z.infer<typeof RulesDataSchema>;
