import { PRNG_STATE_PATTERN, SEATS } from "@tercio/core";
import { PIECE_ID } from "@tercio/tabletop";
import { z } from "zod";
import { EFFECTIVENESS, FOOT_FORMATIONS, HORSE_FORMATIONS, PARTS } from "./vocabulary.js";

/**
 * A position of 001: plain data, integers and strings only, so that its
 * canonical JSON and hash are the same on every platform. What a unit is
 * for the whole game (its class, arm, weapons, original strength) is in
 * the context (the scenario); what changes is here. Melees are state,
 * recorded when a stand touches an enemy (Melee) and read by the Melee
 * part, never re-inferred from coordinates.
 */
export const POSITION_FORMAT = "tercio/ppss-position@1";

const Int = z.number().int();
const Id = z.string().regex(PIECE_ID);
const Count = Int.min(0);

export const FORMATIONS = [...new Set([...FOOT_FORMATIONS, ...HORSE_FORMATIONS, "limbered", "unlimbered"])];

/**
 * Artillery: "Horse/ox models can be placed anywhere within 6" of an
 * unlimbered gun"; "guns, horse teams and buildings lose points"; "Horse
 * teams function fully until the points run out." Every gun has its team:
 * on the stand while limbered (no `at`), on the table at `at` (its model's
 * centre, in ticks) once the gun unlimbers. A team with no points left is
 * lost, and the gun can no longer limber.
 */
export const TeamSchema = z.strictObject({
  points: Count,
  at: z.strictObject({ x: Int, y: Int }).optional(),
});

export const UnitStateSchema = z.strictObject({
  side: z.enum(SEATS),
  /** The centre of the unit's footprint in ticks, and its facing in centidegrees [0, 36000). */
  x: Int,
  y: Int,
  facing: Int.min(0).max(35999),
  formation: z.enum(FORMATIONS as [string, ...string[]]),
  /** Figures left (guns: points left). Casualties are removed as they occur (The Game Turn). */
  strength: Count,
  /** The figures it had when it last formed its ranks: its files are theirs (ranks.ts). */
  formedWith: Count,
  /** Leadership: leaders lost (-2 to rally rolls each). */
  leadersLost: Count,
  /** Effectiveness now, and at the start of this turn (a unit that drops below a level makes a rally roll). */
  level: z.enum(EFFECTIVENESS),
  levelBefore: z.enum(EFFECTIVENESS),
  /** Movement: the part of its move used this turn, in thousandths rounded up (for display; a move is checked exactly). */
  used: Count,
  /** Ticks it advanced this turn (Melee: "has moved less than 1 URT of the target"). */
  travelled: Count,
  /** It advanced, pivoted, faced or changed formation this turn: it is "moving" when it fires. */
  stirred: z.boolean(),
  /** It has had its move this turn (moved, stood or acted). */
  moved: z.boolean(),
  fired: z.boolean(),
  /** Firearms, Bows & Crossbows: URTs still to take without moving before it may fire again. */
  reload: Count,
  /** Firearms: pistols fired since the last reload (three, then a URT each). */
  pistols: Count,
  disordered: z.boolean(),
  /** Formations: URTs still to untangle a muddle (0: not muddled). */
  muddle: Count,
  /** The last turn it charged (Movement: "every 4th move"), and the last it engaged (no charge the move after). */
  chargedOn: Count,
  engagedOn: Count,
  /** Melee: "A unit that lost a melee ... 6 or less means it lost its flag". */
  flagLost: z.boolean(),
  /** Bows & Crossbows: horse archers on foot ("If they dismount they fire as regular bowmen"). */
  dismounted: z.boolean(),
  /** Leadership: points lost for good when a general fell with it. */
  rallyLost: Count,
  /** Guns only: the battery's horse or ox team (TeamSchema). */
  team: TeamSchema.optional(),
  /** Off the table: routed (Effectiveness), destroyed, or gone after the enemy's baggage (Fatigue & Pursuit). */
  gone: z.enum(["routed", "destroyed", "pursued"]).optional(),
});

export const OfficerStateSchema = z.strictObject({
  side: z.enum(SEATS),
  x: Int,
  y: Int,
  /** The unit his stand touches (Leadership), which he moves with. */
  with: Id.optional(),
  moved: z.boolean(),
  lost: z.boolean(),
});

/** The charge that brought a unit into contact (Melee: the charge modifier's straight line and minimum). */
export const ChargeSchema = z.strictObject({
  length2: Count,
  straight: z.boolean(),
  firedPistols: z.boolean(),
});

export const MeleeSchema = z.strictObject({
  id: z.string().min(1).max(40),
  attackers: z.array(Id).min(1),
  defenders: z.array(Id).min(1),
  /** The move of the melee, from 1 (Melee: "On move 2 of a melee, all the troops ... are involved"). */
  round: Int.min(1),
  /** Where the attack struck the defenders (flank and rear last the first move). */
  struck: z.enum(["front", "flank", "rear"]),
  charges: z.record(Id, ChargeSchema),
  /** Units that entered the melee in progress (their charge bonus, no flank or rear). */
  joined: z.array(Id),
  /** Fatigue & Pursuit: points gathered in this melee. */
  fatigue: z.record(Id, Count),
  /** The barrier the attack crossed, which the defenders hold (Melee Modifier Table; "Units behind barriers won't pursue"). */
  barrier: z.enum(["hedge", "wall"]).optional(),
});

/** Melee: a target whose owner may answer the attack with a counter-roll (its score, rolled). */
export const ReactionSchema = z.strictObject({
  melee: z.string().min(1).max(40),
  unit: Id,
  score: Int,
  options: z.array(z.enum(["face", "changeFormation", "counterCharge", "withdraw"])),
  /** Whose move it was, to return to. */
  mover: z.enum(SEATS),
});

export const FireSchema = z.strictObject({
  unit: Id,
  target: Id,
  hailshot: z.boolean(),
  /** At the target gun's horse team rather than the gun. */
  team: z.literal(true).optional(),
});

const TallySchema = z.strictObject({ flagsTaken: Count, gunsCaptured: Count });

export const PositionSchema = z.strictObject({
  format: z.literal(POSITION_FORMAT),
  rules: z.strictObject({ version: z.string().min(1), hash: z.string().regex(/^[0-9a-f]{16}$/) }),
  scenario: z.string().min(1).max(200),
  options: z.strictObject({
    units: Int.min(2).max(16).optional(),
    tableSeed: Int.min(0).max(0xffffffff).optional(),
  }),
  turn: Int.min(1),
  part: z.enum(PARTS),
  /** The Game Turn: the high scorer on the d% moves first (player 1). */
  first: z.enum(SEATS),
  /** The seat to act now. */
  toMove: z.enum(SEATS),
  /** The fire declared in this fire step, and the seats that have finished declaring. */
  fire: z.array(FireSchema),
  declared: z.array(z.enum(SEATS)),
  reaction: ReactionSchema.optional(),
  units: z.record(Id, UnitStateSchema),
  officers: z.record(Id, OfficerStateSchema),
  /** Cover and Armor: building points left, by area id. */
  buildings: z.record(Id, Count),
  melees: z.array(MeleeSchema),
  tally: z.strictObject({ first: TallySchema, second: TallySchema }),
  /** Leadership: officers lost this turn, whose units within 18" lose points from this turn's rally rolls. */
  fallen: z.array(Id),
  /** A counter for melee ids, so that they stay unique in a game. */
  meleesBegun: Count,
  result: z
    .strictObject({
      winner: z.enum(["first", "second", "draw"]),
      reason: z.string().min(1),
      scores: z.strictObject({ first: Int, second: Int }),
    })
    .optional(),
  prng: z.string().regex(PRNG_STATE_PATTERN),
});

export type UnitState = z.infer<typeof UnitStateSchema>;
export type TeamState = z.infer<typeof TeamSchema>;
export type OfficerState = z.infer<typeof OfficerStateSchema>;
export type Melee = z.infer<typeof MeleeSchema>;
export type ChargeRecord = z.infer<typeof ChargeSchema>;
export type Reaction = z.infer<typeof ReactionSchema>;
export type DeclaredFire = z.infer<typeof FireSchema>;
export type Position = z.infer<typeof PositionSchema>;
export type PositionResult = NonNullable<Position["result"]>;
