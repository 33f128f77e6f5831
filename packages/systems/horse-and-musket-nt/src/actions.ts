import { PIECE_ID } from "@tercio/tabletop";
import { z } from "zod";
import { FORMATIONS, SIDES } from "./vocabulary.js";

/**
 * The actions of 003, validated strictly at the wire. A unit's Action is
 * fire or move (Play Sequence 1): a move begins by rolling its allowance
 * (`roll-move`, 1.2), which the player sees before choosing the move's
 * program, its charge or its fall back.
 */
const UnitId = z.string().regex(PIECE_ID);
const Ticks = z.number().int().min(1).max(4_194_304);
const Signed = z.number().int().min(-4_194_304).max(4_194_304);
const Swing = z.number().int().min(1).max(18000);

export const MoveOpSchema = z.discriminatedUnion("op", [
  /** Straight ahead, every corner's travel in ticks (1.2: keeps the Bonus). */
  z.strictObject({ op: z.literal("advance"), ticks: Ticks }),
  /** Maneuvering i: the named front corner pinned, the other swung FORWARD by cdeg (so a left pin turns left). */
  z.strictObject({ op: z.literal("wheel"), corner: z.enum(["left", "right"]), cdeg: Swing }),
  /** Maneuvering ii: a slide of at most 2" in any direction, optionally into or out of column (about the front centre). */
  z.strictObject({
    op: z.literal("reform"),
    dx: Signed,
    dy: Signed,
    formation: z.enum(FORMATIONS).optional(),
  }),
  /** Terrain vi: straight ahead along a road, the centre staying on it (columns only). */
  z.strictObject({ op: z.literal("road"), ticks: Ticks }),
]);
export type ProgramOp = z.infer<typeof MoveOpSchema>;

export const ActionSchema = z.discriminatedUnion("type", [
  /** 1.1: fire at the priority target (the target names one where the priority ties). */
  z.strictObject({ type: z.literal("fire"), unit: UnitId, target: UnitId.optional() }),
  /** 1.2: roll the move allowance, 1Dx (the Bonus is added by the move). */
  z.strictObject({ type: z.literal("roll-move"), unit: UnitId }),
  z.strictObject({ type: z.literal("move"), unit: UnitId, program: z.array(MoveOpSchema).min(1).max(16) }),
  /** Maneuvering iii: straight back the rolled Dx; cavalry may keep their facing. */
  z.strictObject({ type: z.literal("fall-back"), unit: UnitId, keepFacing: z.boolean().optional() }),
  /** Charging: to the centre of one side of the target. */
  z.strictObject({ type: z.literal("charge"), unit: UnitId, target: UnitId, side: z.enum(SIDES) }),
  /** 3: Routs and Rallies. */
  z.strictObject({ type: z.literal("rally"), unit: UnitId }),
  /** Ends the phase; ending Melee resolves every charge (melee.ts). */
  z.strictObject({ type: z.literal("end-phase") }),
]);

export type Action = z.infer<typeof ActionSchema>;
export type FireAction = Extract<Action, { type: "fire" }>;
export type MoveAction = Extract<Action, { type: "move" }>;
export type ChargeAction = Extract<Action, { type: "charge" }>;
export type FallBackAction = Extract<Action, { type: "fall-back" }>;
