import { PRNG_STATE_PATTERN, SEATS } from "@tercio/core";
import { z } from "zod";
import { READINGS_SHAPE } from "./options.js";
import { ACTED, CONTACT_SIDES, FORMATIONS, PHASES, UNIT_TYPES } from "./vocabulary.js";

/**
 * A position of 004: plain data, integers and strings only (zod `.int()`
 * everywhere), so its canonical JSON and hash are the same on every
 * platform. The table's terrain is in the context (the scenario), not here.
 * Contacts are state, recorded by the charge and read by hand-to-hand,
 * never re-inferred from coordinates (research §9.3.6).
 */
export const POSITION_FORMAT = "tercio/hm11-position@1";

const Int = z.number().int();

export const UnitStateSchema = z.strictObject({
  side: z.enum(SEATS),
  type: z.enum(UNIT_TYPES),
  /** The centre of the base in ticks, and its facing in centidegrees [0, 36000). */
  x: Int,
  y: Int,
  facing: Int.min(0).max(35999),
  /** Ticks, even. */
  frontage: Int.min(2),
  depth: Int.min(2),
  hits: Int.min(0),
  formation: z.enum(FORMATIONS),
  /** What it has done this player turn. */
  acted: z.enum(ACTED),
});

export const ContactSchema = z.strictObject({
  attacker: z.string().min(1),
  defender: z.string().min(1),
  /** The defender's side the attacker struck (004 Hand-to-Hand Combat: Flank or Rear Attacks). */
  side: z.enum(CONTACT_SIDES),
});

const OptionsSchema = z.strictObject({
  ...READINGS_SHAPE,
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
  /** The seat whose player turn it is. */
  toMove: z.enum(SEATS),
  phase: z.enum(PHASES),
  units: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,31}$/), UnitStateSchema),
  contacts: z.array(ContactSchema),
  /** Units eliminated so far, in order. */
  eliminated: z.array(z.string().min(1)),
  result: z
    .strictObject({ winner: z.enum(["first", "second", "draw"]), reason: z.string().min(1) })
    .optional(),
  prng: z.string().regex(PRNG_STATE_PATTERN),
});

export type UnitState = z.infer<typeof UnitStateSchema>;
export type ContactState = z.infer<typeof ContactSchema>;
export type Position = z.infer<typeof PositionSchema>;
export type PositionResult = NonNullable<Position["result"]>;
