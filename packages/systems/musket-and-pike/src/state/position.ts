import { PRNG_STATE_PATTERN } from "@tercio/core";
import { z } from "zod";
import { OPTIONAL_RULES, PHASES, SIDES, UNIT_TYPES } from "../vocabulary.js";

/**
 * A position: everything needed to continue a game, as plain serialisable
 * data. Where each unit is has one source of truth: a unit on the map is in
 * exactly one stack (listed top first, 10.2), a unit off the map is in
 * `offMap` with its status. Unit records hold only the unit's own state.
 */

export const POSITION_FORMAT = "tercio/position@1";

const hexId = z.string().regex(/^\d{4}$/, "a four-digit hex id, column then row (e.g. 1204)");
export const UNIT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const unitId = z.string().regex(UNIT_ID, "a unit id: letters, digits, '.', '_' or '-'");

export const UnitRecordSchema = z.strictObject({
  side: z.enum(SIDES),
  type: z.enum(UNIT_TYPES),
  /** The scenario force the unit belongs to ("main", "a", "b", "fleet"). */
  force: z.string().min(1),
  /** Nieuport errata: an EA counter used as HA. */
  as: z.enum(UNIT_TYPES).optional(),
  /** 16.13: one of the ships of the Dutch fleet. */
  role: z.literal("fleet").optional(),
  /** 8.4: carries a Disrupted marker. */
  disrupted: z.boolean(),
  /** 5.4(L): artillery under a Limbered marker. */
  limbered: z.boolean(),
  /** 13.0 (optional): in Road Movement Mode (the counter inverted). */
  roadMode: z.boolean(),
  /** 14.0 (optional): a Dragoon unit dismounted under a Militia Musket counter. */
  dismounted: z.boolean(),
});

export const OFF_MAP_STATUSES = ["undeployed", "awaiting-entry", "eliminated", "exited"] as const;
export type OffMapStatus = (typeof OFF_MAP_STATUSES)[number];

/**
 * A decision the rules ask of a player in the middle of a phase, before play
 * goes on: where a retreating stack goes (8.2: the enemy of the retreating
 * units chooses), and whether attackers advance into a vacated hex (8.3).
 */
export const DecisionSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("retreat"),
    /** The player who chooses the path (8.2: "the Enemy Player determines the retreat"). */
    side: z.enum(SIDES),
    /** The units to retreat, all in `from`. */
    units: z.array(unitId).min(1),
    from: hexId,
    /** 13.0(F): units that left Road Mode on being disrupted, with 1 MP less to retreat. */
    leftRoadMode: z.array(unitId).optional(),
  }),
  z.strictObject({
    kind: z.literal("advance"),
    /** The attacking player (8.3). */
    side: z.enum(SIDES),
    /** The hex the defenders vacated. */
    into: hexId,
    /** The involved attackers, of whom up to `max` may advance. */
    candidates: z.array(unitId).min(1),
    max: z.number().int().min(1).max(2),
    /** 15.0 (optional): disrupted enemy artillery in `into`, captured by an advance. */
    capture: z.array(unitId).optional(),
    /** 6.2(F): further hexes of the same attack left vacant, offered in turn after this one. */
    next: z.array(hexId).optional(),
  }),
]);

/**
 * An attack declared in a combat phase (6.0, 7.0: the Phasing Player
 * allocates every attack first, then resolves them one by one in the order
 * he chooses, 6.3G).
 */
export const AttackSchema = z.strictObject({
  kind: z.enum(["fire", "melee"]),
  /** The attacking units, in the order they were allocated. */
  attackers: z.array(unitId).min(1),
  /** The attacked hex, or hexes (6.2F: one attack against several adjacent hexes). */
  targets: z.array(hexId).min(1),
  resolved: z.boolean(),
  /** Once resolved, the units that defended (6.1B: none may be attacked again this phase). */
  defenders: z.array(unitId),
});

/** What a scenario's special rules remember during play (absent until something happens). */
export const SpecialStateSchema = z.strictObject({
  /** 16.24: the Game-Turn from which the whole Swedish force is ferocious. */
  ferociousFrom: z.number().int().positive().optional(),
  /** 16.33: Parliamentarian force (a) has been set free to move. */
  released: z.literal(true).optional(),
});

export const VICTORY_LEVELS = ["decisive", "substantive", "marginal"] as const;

/** How a game ended: the winner (or a draw), the level where the scenario grades it (16.21), and why. */
export const GameResultSchema = z.strictObject({
  winner: z.enum([...SIDES, "draw"]),
  level: z.enum(VICTORY_LEVELS).optional(),
  reason: z.string().min(1),
  /** The Game-Turn in which the game ended. */
  gameTurn: z.number().int().positive(),
});

export const PositionSchema = z.strictObject({
  format: z.literal(POSITION_FORMAT),
  /** The rules data the position was made with: its version label and content hash. */
  rules: z.strictObject({ version: z.string().min(1), hash: z.string().regex(/^[0-9a-f]{16}$/) }),
  /** The scenario's rule number ("16.24"). */
  scenario: z.string().min(1),
  options: z.strictObject({ optionalRules: z.array(z.enum(OPTIONAL_RULES)) }),
  gameTurn: z.number().int().positive(),
  /** 4.2: the Phasing Player (the deploying player during deployment). */
  phasing: z.enum(SIDES),
  phase: z.enum(PHASES),
  units: z.record(unitId, UnitRecordSchema),
  /** Hex id -> unit ids, top of the stack first. */
  stacks: z.record(hexId, z.array(unitId).min(1, "an empty stack is not listed")),
  offMap: z.record(unitId, z.enum(OFF_MAP_STATUSES)),
  /** Units that have moved in this Movement Phase (5.1C, 5.2G). */
  moved: z.array(unitId),
  /** 16.0: the side that occupies, or last occupied, each victory hex. */
  control: z.record(hexId, z.enum(SIDES)),
  /** 12.0 (optional): hexes under a Square marker. */
  squares: z.array(hexId),
  /** The attacks declared in the current combat phase (6.0, 7.0), in declaration order. */
  attacks: z.array(AttackSchema),
  /** 11.0 (optional): units that fired in this Player-Turn's Fire Combat Phase (no caracolla for them). */
  fired: z.array(unitId),
  /** Scenario special rules' memory (16.24 ferocity, 16.33 release). */
  special: SpecialStateSchema.optional(),
  /** A decision the rules ask for before play goes on, if any. */
  decision: DecisionSchema.optional(),
  /** Once the game is over: who won and why (16.0). */
  result: GameResultSchema.optional(),
  /** The seeded PRNG's state, which names its generator (prng.ts): xoshiro128** or ChaCha20. */
  prng: z.string().regex(PRNG_STATE_PATTERN, "a xoshiro128** state (32 hex digits) or a ChaCha20 state"),
  /** Hash of everything above; checked on load when present. */
  hash: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
});

/**
 * What a position file may say: the full form, but with what a player
 * setting up a problem need not spell out made optional. Missing fields get
 * the obvious values: no markers, nobody moved or in control, the loaded
 * rules data, the scenario's compulsory optional rules, the PRNG of seed 0.
 */
export const PositionInputSchema = z.strictObject({
  format: z.literal(POSITION_FORMAT),
  rules: PositionSchema.shape.rules.optional(),
  scenario: PositionSchema.shape.scenario,
  options: PositionSchema.shape.options.optional(),
  gameTurn: PositionSchema.shape.gameTurn.default(1),
  phasing: PositionSchema.shape.phasing,
  phase: PositionSchema.shape.phase,
  units: z.record(
    unitId,
    UnitRecordSchema.extend({
      disrupted: z.boolean().default(false),
      limbered: z.boolean().default(false),
      roadMode: z.boolean().default(false),
      dismounted: z.boolean().default(false),
    }),
  ),
  stacks: PositionSchema.shape.stacks.default({}),
  offMap: PositionSchema.shape.offMap.default({}),
  moved: PositionSchema.shape.moved.default([]),
  control: PositionSchema.shape.control.default({}),
  squares: PositionSchema.shape.squares.default([]),
  attacks: PositionSchema.shape.attacks.default([]),
  fired: PositionSchema.shape.fired.default([]),
  special: PositionSchema.shape.special,
  decision: PositionSchema.shape.decision,
  result: PositionSchema.shape.result,
  prng: PositionSchema.shape.prng.optional(),
  hash: PositionSchema.shape.hash,
});

export type PositionInput = z.input<typeof PositionInputSchema>;

export type UnitId = string;
export type UnitRecord = Readonly<z.infer<typeof UnitRecordSchema>>;
type PositionShape = z.infer<typeof PositionSchema>;

/** A validated position (see `parsePosition`). Readonly: rule functions return new positions. */
export interface Position {
  readonly format: typeof POSITION_FORMAT;
  readonly rules: { readonly version: string; readonly hash: string };
  readonly scenario: string;
  readonly options: { readonly optionalRules: readonly PositionShape["options"]["optionalRules"][number][] };
  readonly gameTurn: number;
  readonly phasing: PositionShape["phasing"];
  readonly phase: PositionShape["phase"];
  readonly units: Readonly<Record<UnitId, UnitRecord>>;
  readonly stacks: Readonly<Record<string, readonly UnitId[]>>;
  readonly offMap: Readonly<Record<UnitId, OffMapStatus>>;
  readonly moved: readonly UnitId[];
  readonly control: Readonly<Record<string, PositionShape["phasing"]>>;
  readonly squares: readonly string[];
  readonly attacks: readonly Attack[];
  readonly fired: readonly UnitId[];
  readonly special?: SpecialState;
  readonly decision?: Decision;
  readonly result?: GameResult;
  readonly prng: string;
}

export type Decision = z.infer<typeof DecisionSchema>;
export type Attack = Readonly<z.infer<typeof AttackSchema>>;
export type SpecialState = Readonly<z.infer<typeof SpecialStateSchema>>;
export type GameResult = Readonly<z.infer<typeof GameResultSchema>>;
export type VictoryLevel = (typeof VICTORY_LEVELS)[number];

/** The player who acts now: the one a pending decision is asked of, else the Phasing Player. */
export function actor(position: Position): PositionShape["phasing"] {
  return position.decision?.side ?? position.phasing;
}
