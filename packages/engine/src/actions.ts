import { z } from "zod";

/**
 * What a player does, as plain data. Every action is checked by `apply`,
 * which returns the next position or a RuleError citing the rule.
 */

const hexId = z.string().regex(/^\d{4}$/, "a four-digit hex id, column then row (e.g. 1204)");
const unitId = z.string().min(1);

/**
 * One step of a unit's move: the next hex entered, a change of formation,
 * or leaving the map where the scenario allows it (16.22).
 */
export const MoveStepSchema = z.union([hexId, z.enum(["limber", "unlimber", "exit"])]);

export const ActionSchema = z.discriminatedUnion("type", [
  /** 16.0: set a unit up in its force's zone (or move it within the zone while deploying). */
  z.strictObject({ type: z.literal("deploy"), unit: unitId, hex: hexId, limbered: z.boolean().optional() }),
  /** Take a deployed unit back off the map before deployment ends. */
  z.strictObject({ type: z.literal("undeploy"), unit: unitId }),
  /**
   * 5.1: a unit's whole move for the phase, hex by hex (5.2G: it may not be
   * moved again). A unit awaiting entry starts with its entry hex.
   */
  z.strictObject({ type: z.literal("move"), unit: unitId, steps: z.array(MoveStepSchema).min(1) }),
  /** 10.2(B): new order of the units in a hex, top first. */
  z.strictObject({ type: z.literal("reorder"), hex: hexId, order: z.array(unitId).min(1) }),
  /** Ends the current phase (or the player's deployment). */
  z.strictObject({ type: z.literal("end-phase") }),
]);

export type MoveStep = z.infer<typeof MoveStepSchema>;
export type Action = z.infer<typeof ActionSchema>;
export type ActionType = Action["type"];
