import { PIECE_ID } from "@tercio/tabletop";
import { z } from "zod";
import { FORMATIONS } from "./vocabulary.js";

/**
 * The actions of 003, validated strictly at the wire. A unit's Action is
 * fire or move (Play Sequence 1). A move begins by rolling its Dx
 * (`roll-move`, 1.2), which the player sees before choosing what the move
 * is: a program of advances and wheels (`move`), a charge, or a fall back
 * of that Dx. A reform (Maneuvering ii) is a move of its own of at most 2",
 * which no die measures.
 */
const UnitId = z.string().regex(PIECE_ID);
const Ticks = z.number().int().min(1).max(4_194_304);
const Signed = z.number().int().min(-4_194_304).max(4_194_304);
const Swing = z.number().int().min(1).max(18000);

export const MoveOpSchema = z.discriminatedUnion("op", [
  /** Straight ahead: every corner travels its ticks (1.2: keeps the Bonus). */
  z.strictObject({ op: z.literal("advance"), ticks: Ticks }),
  /** Maneuvering i: the named front corner pinned, the other swung FORWARD by cdeg (a left pin turns left). */
  z.strictObject({ op: z.literal("wheel"), corner: z.enum(["left", "right"]), cdeg: Swing }),
  /** Terrain vi: straight ahead along a road, the centre staying on it (a column only). */
  z.strictObject({ op: z.literal("road"), ticks: Ticks }),
]);
export type ProgramOp = z.infer<typeof MoveOpSchema>;

export const ActionSchema = z.discriminatedUnion("type", [
  /** 1.1: fire at the priority target; `target` names one where the priority ties (1.1 A). */
  z.strictObject({ type: z.literal("fire"), unit: UnitId, target: UnitId.optional() }),
  /** 1.2: roll the move's Dx (the Bonus is the move's to keep or lose). */
  z.strictObject({ type: z.literal("roll-move"), unit: UnitId }),
  z.strictObject({ type: z.literal("move"), unit: UnitId, program: z.array(MoveOpSchema).min(1).max(16) }),
  /** Maneuvering ii: a slide of at most 2" in any direction, into or out of column (or skirmish order, ACW 2). */
  z.strictObject({
    type: z.literal("reform"),
    unit: UnitId,
    dx: Signed,
    dy: Signed,
    formation: z.enum(FORMATIONS).optional(),
  }),
  /** Maneuvering iii: straight back the rolled Dx; Cavalry may keep their facing. */
  z.strictObject({ type: z.literal("fall-back"), unit: UnitId, keepFacing: z.boolean().optional() }),
  /** Charging: to the centre of the target's side that the charger's front-centre point is in. */
  z.strictObject({ type: z.literal("charge"), unit: UnitId, target: UnitId }),
  /** 3: Routs and Rallies. */
  z.strictObject({ type: z.literal("rally"), unit: UnitId }),
  /** Ends the phase; ending Actions resolves the Melee (melee.ts). */
  z.strictObject({ type: z.literal("end-phase") }),
]);

export type Action = z.infer<typeof ActionSchema>;
export type FireAction = Extract<Action, { type: "fire" }>;
export type MoveAction = Extract<Action, { type: "move" }>;
export type ReformAction = Extract<Action, { type: "reform" }>;
export type ChargeAction = Extract<Action, { type: "charge" }>;
export type FallBackAction = Extract<Action, { type: "fall-back" }>;
