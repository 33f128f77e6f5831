import { z } from "zod";

/**
 * The actions of 004, validated strictly at the wire. One move carries its
 * whole program: an optional pivot, one straight advance, an optional pivot
 * (004 Movement: Turning); a move by road is road legs, with pivots between
 * them where the road bends (movement/check-move.ts).
 */
const UnitId = z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,31}$/);
const Ticks = z.number().int().min(1).max(4_194_304);
const Turn = z.number().int().min(-18000).max(18000);

export const MoveOpSchema = z.discriminatedUnion("op", [
  /** About the centre; clockwise positive, centidegrees. */
  z.strictObject({ op: z.literal("pivot"), cdeg: Turn.refine((c) => c !== 0, "a pivot of 0 is no pivot") }),
  /** Straight ahead, the centre's travel in ticks. */
  z.strictObject({ op: z.literal("advance"), ticks: Ticks }),
  /** Straight back, the facing kept (the moveDirection reading "ahead-or-back"), the centre's travel in ticks. */
  z.strictObject({ op: z.literal("back"), ticks: Ticks }),
  /** Straight ahead along a road, the centre staying on it: claims the road bonus (004 Movement: Roads). */
  z.strictObject({ op: z.literal("road"), ticks: Ticks }),
]);
export type ProgramOp = z.infer<typeof MoveOpSchema>;

export const ActionSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("move"), unit: UnitId, program: z.array(MoveOpSchema).min(1).max(16) }),
  /** The engine finds the path: the turn (at most 45º) about the centre, then straight ahead to contact. */
  z.strictObject({ type: z.literal("charge"), unit: UnitId, target: UnitId, turn: Turn.optional() }),
  z.strictObject({ type: z.literal("shoot"), unit: UnitId, target: UnitId }),
  z.strictObject({ type: z.literal("form-square"), unit: UnitId }),
  z.strictObject({ type: z.literal("leave-square"), unit: UnitId }),
  /** Ends the phase; ending Shooting runs Hand-to-Hand Combat and Eliminating Units (sequence.ts). */
  z.strictObject({ type: z.literal("end-phase") }),
]);

export type Action = z.infer<typeof ActionSchema>;
export type MoveAction = Extract<Action, { type: "move" }>;
export type ChargeAction = Extract<Action, { type: "charge" }>;
export type ShootAction = Extract<Action, { type: "shoot" }>;
