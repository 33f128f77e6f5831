import { z } from "zod";

/**
 * What a player does, as plain data. Every action is checked by `apply`,
 * which returns the next position or a RuleError citing the rule.
 */

const hexId = z.string().regex(/^\d{4}$/, "a four-digit hex id, column then row (e.g. 1204)");
const unitId = z.string().min(1);

/**
 * One step of a unit's move: the next hex entered, a change of formation
 * (5.4L limbering; 13.0 converting into or out of Road Movement Mode), or
 * leaving the map where the scenario allows it (16.22).
 */
export const MoveStepSchema = z.union([
  hexId,
  z.enum(["limber", "unlimber", "exit", "road-mode", "leave-road-mode"]),
]);

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
  /** 14.0 (optional): a Dragoon dismounts (it may not move this phase), or remounts after a phase without moving (14.0B). */
  z.strictObject({ type: z.literal("dismount"), unit: unitId }),
  z.strictObject({ type: z.literal("remount"), unit: unitId }),
  /** 12.0 (optional): all units in a hex form a square, in their Movement Phase. */
  z.strictObject({ type: z.literal("form-square"), hex: hexId }),
  /** 12.2 errata: a square's marker is removed at the beginning of its owner's Movement Phase. */
  z.strictObject({ type: z.literal("remove-square"), hex: hexId }),
  /** 10.2(B): new order of the units in a hex, top first. */
  z.strictObject({ type: z.literal("reorder"), hex: hexId, order: z.array(unitId).min(1) }),
  /** 7.0, 7.2(D): allocate a fire unit to fire at a hex; units firing at the same hex combine. */
  z.strictObject({ type: z.literal("fire"), unit: unitId, target: hexId }),
  /**
   * 6.0, 6.2: allocate a unit to a melee attack on one adjacent hex, or on
   * several at once (6.2F); units allocated against the same hexes combine (6.2C).
   */
  z.strictObject({ type: z.literal("attack"), unit: unitId, targets: z.array(hexId).min(1).max(6) }),
  /** Takes a unit out of its allocated attack, before the first attack of the phase is resolved. */
  z.strictObject({ type: z.literal("withdraw"), unit: unitId }),
  /** 6.3(G): resolve the declared attack on this hex (attacks are resolved in the order the attacker chooses). */
  z.strictObject({ type: z.literal("resolve"), target: hexId }),
  /** 8.2: the enemy player's choice of the hex where a retreating unit ends its retreat. */
  z.strictObject({ type: z.literal("retreat"), unit: unitId, to: hexId }),
  /** 8.3: the involved attackers (at most two, possibly none) advancing into the vacated hex. */
  z.strictObject({ type: z.literal("advance"), units: z.array(unitId).max(2) }),
  /** Ends the current phase (or the player's deployment). */
  z.strictObject({ type: z.literal("end-phase") }),
]);

export type MoveStep = z.infer<typeof MoveStepSchema>;
export type Action = z.infer<typeof ActionSchema>;
export type ActionType = Action["type"];
