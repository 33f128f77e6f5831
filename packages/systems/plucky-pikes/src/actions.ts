import { PIECE_ID } from "@tercio/tabletop";
import { z } from "zod";
import { FORMATIONS } from "./position.js";

/**
 * The actions of 001, validated strictly at the wire. In its side's move a
 * unit has one move (The Game Turn): a program of activities (`move`: each
 * advance costs its length, each other activity its URTs, Movement) or a
 * straight advance into contact (`engage`, with or without the charge).
 * In a fire step each side declares its fire (`fire`), then passes
 * (`end-phase`); the fire then resolves. A target given a counter-roll
 * answers it (`react`). Officers attach to the unit their stand touches.
 */
const UnitId = z.string().regex(PIECE_ID);
const Ticks = z.number().int().min(1).max(4_194_304);
/** A point of the table in ticks, within the lengths a move may name (a hostile 1e300 is refused at the wire). */
const Coordinate = z.number().int().min(-4_194_304).max(4_194_304);

export const MoveOpSchema = z.discriminatedUnion("op", [
  /** Straight ahead along the facing. */
  z.strictObject({ op: z.literal("advance"), ticks: Ticks }),
  /**
   * Movement: "pivot 30⁰ with one end stationary in one URT. It may not pivot
   * on the center." `end` stays put; `cdeg` > 0 swings the other end forward,
   * < 0 back.
   */
  z.strictObject({
    op: z.literal("pivot"),
    end: z.enum(["left", "right"]),
    cdeg: z
      .number()
      .int()
      .min(-18000)
      .max(18000)
      .refine((c) => c !== 0, "a pivot turns"),
  }),
  /** The URT Table: about face, or a quarter turn to a flank (designed as the about face's URT). */
  z.strictObject({ op: z.literal("face"), to: z.enum(["about", "left", "right"]) }),
  /** Movement: "it takes 1 URT to change formation" (the hedgehog 2, the URT Table). */
  z.strictObject({ op: z.literal("form"), formation: z.enum(FORMATIONS as [string, ...string[]]) }),
  /** Formations: "It needs 1 URT without moving to reorganize." */
  z.strictObject({ op: z.literal("reorganise") }),
  /** Firearms, Bows & Crossbows: a reloading URT without moving. */
  z.strictObject({ op: z.literal("reload") }),
  /** Formations: "It takes 3 URTs of the lowest class to untangle a muddle." */
  z.strictObject({ op: z.literal("untangle") }),
  /** Artillery: limbered guns are formed, unlimbered in skirmish (the URT Table). */
  z.strictObject({ op: z.literal("limber") }),
  z.strictObject({ op: z.literal("unlimber") }),
  /**
   * Artillery: "Horse/ox models can be placed anywhere within 6" of an
   * unlimbered gun": the team model's centre, in ticks (no URT; research T-2).
   */
  z.strictObject({ op: z.literal("team"), x: Coordinate, y: Coordinate }),
  /** Bows & Crossbows: Asian horse archers dismount to fire as regular bowmen, and mount again (the URT Table). */
  z.strictObject({ op: z.literal("dismount") }),
  z.strictObject({ op: z.literal("mount") }),
]);
export type MoveOp = z.infer<typeof MoveOpSchema>;

export const REACTIONS = ["accept", "face", "change-formation", "counter-charge", "withdraw"] as const;
export type ReactionChoice = (typeof REACTIONS)[number];

export const ActionSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("move"),
    unit: UnitId,
    program: z.array(MoveOpSchema).min(1).max(16),
    /** Movement: "Light infantry and light cavalry in skirmish formation may run every 4th move". */
    run: z.boolean().optional(),
  }),
  /** Melee: straight ahead into contact with `target`; `charge` for the charge (every 4th move, half again as far). */
  z.strictObject({ type: z.literal("engage"), unit: UnitId, target: UnitId, charge: z.boolean() }),
  /** Leadership: the officer's stand to touch `unit` (within his move), or to stand alone where he is. */
  z.strictObject({ type: z.literal("officer"), officer: UnitId, unit: UnitId.optional() }),
  /** A fire step: the unit (or gun) fires at `target` (with `team`, at that gun's horse team); a gun may fire hailshot. */
  z.strictObject({
    type: z.literal("fire"),
    unit: UnitId,
    target: UnitId,
    hailshot: z.boolean().optional(),
    team: z.literal(true).optional(),
  }),
  /** Melee: the answer to a counter-roll; `formation` for a change of formation. */
  z.strictObject({
    type: z.literal("react"),
    choice: z.enum(REACTIONS),
    formation: z.enum(FORMATIONS as [string, ...string[]]).optional(),
  }),
  /** The Game Turn: "Each side rolls d%" for the first turn's initiative. */
  z.strictObject({ type: z.literal("initiative") }),
  /** Ends the side's move or its declaring of fire. */
  z.strictObject({ type: z.literal("end-phase") }),
]);

export type Action = z.infer<typeof ActionSchema>;
export type MoveAction = Extract<Action, { type: "move" }>;
export type EngageAction = Extract<Action, { type: "engage" }>;
export type FireAction = Extract<Action, { type: "fire" }>;
export type ReactAction = Extract<Action, { type: "react" }>;
