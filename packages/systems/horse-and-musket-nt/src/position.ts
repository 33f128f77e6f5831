import { PRNG_STATE_PATTERN, SEATS } from "@tercio/core";
import { PIECE_ID } from "@tercio/tabletop";
import { z } from "zod";
import { OPTIONS_SHAPE } from "./options.js";
import { ACTED, FORMATIONS, PHASES, SIDES, UNIT_TYPES } from "./vocabulary.js";

/**
 * A position of 003: plain data, integers and strings only, so its
 * canonical JSON and hash are the same on every platform. The terrain and
 * each unit's fixed attributes (quality, Minié, charging infantry) are in
 * the context (the scenario). Contacts are state, recorded by the charge
 * and read by the melee, never re-inferred from coordinates.
 */
export const POSITION_FORMAT = "tercio/hmnt-position@1";

const Int = z.number().int();

export const UnitStateSchema = z.strictObject({
  side: z.enum(SEATS),
  type: z.enum(UNIT_TYPES),
  /** The centre of the base in ticks, and its facing in centidegrees [0, 36000). */
  x: Int,
  y: Int,
  facing: Int.min(0).max(35999),
  formation: z.enum(FORMATIONS),
  hits: Int.min(0),
  acted: z.enum(ACTED),
  /** 1.2: the Dx face rolled for this half-turn's move (0: not rolled); its quality modifier is the context's. */
  roll: Int.min(0).max(6),
  /** Ammunition Supply: out of ammunition until it rallies. */
  outOfAmmunition: z.boolean(),
  /** Terrain iii: the town it holds, having Reformed entirely within it (its defensive Bonus, its 360º sight). */
  holds: z.string().regex(PIECE_ID).optional(),
});

export const ContactSchema = z.strictObject({
  attacker: z.string().min(1),
  defender: z.string().min(1),
  /** The defender's side the charger contacted (Charging ii-iii, Melee iii). */
  side: z.enum(SIDES),
});

const OptionsSchema = z.strictObject({
  ...OPTIONS_SHAPE,
  units: Int.min(2).max(12).optional(),
  tableSeed: Int.min(0).max(0xffffffff).optional(),
});

export const PositionSchema = z.strictObject({
  format: z.literal(POSITION_FORMAT),
  rules: z.strictObject({ version: z.string().min(1), hash: z.string().regex(/^[0-9a-f]{16}$/) }),
  scenario: z.string().min(1).max(200),
  options: OptionsSchema,
  /** The game turn, from 1. */
  turn: Int.min(1),
  /** The seat whose half of the turn it is. */
  toMove: z.enum(SEATS),
  phase: z.enum(PHASES),
  units: z.record(z.string().regex(PIECE_ID), UnitStateSchema),
  contacts: z.array(ContactSchema),
  /**
   * Grey Areas: questions settled by a roll-off this phase ("allowance:B2"),
   * true when the acting player won. A question asked again gets the same
   * answer, so a lost roll-off cannot be rolled again by asking again.
   */
  settled: z.record(z.string().min(1).max(120), z.boolean()),
  /** Units removed so far, in order. */
  removed: z.array(z.string().min(1)),
  result: z
    .strictObject({ winner: z.enum(["first", "second", "draw"]), reason: z.string().min(1) })
    .optional(),
  prng: z.string().regex(PRNG_STATE_PATTERN),
});

export type UnitState = z.infer<typeof UnitStateSchema>;
export type ContactState = z.infer<typeof ContactSchema>;
export type Position = z.infer<typeof PositionSchema>;
export type PositionResult = NonNullable<Position["result"]>;
