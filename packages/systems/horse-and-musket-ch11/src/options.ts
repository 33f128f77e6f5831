import { z } from "zod";

/**
 * The readings the text leaves open, and its one optional rule, as game
 * options. Every option is a choice of strings (positions hold integers and
 * strings only); the rules data gives each its default, and a setup may
 * choose another. docs/rules/horse-and-musket-ch11.md gives the reasoning.
 */
export const READINGS = {
  /** 004 Shooting: Adjudge Field of Fire: what "within 45º of their frontal facing" is. */
  fieldOfFire: ["corner-rays", "wedge-45", "wedge-22.5"],
  /** Whether a target touching only the edge of the field of fire (a ray) is in it. */
  fireOnRay: ["in", "out"],
  /** 004 Hand-to-Hand Combat: Flank or Rear Attacks: a charger exactly on a target's corner ray. */
  contactOnRay: ["front-rear", "flank"],
  /** 004 Shooting: Measure Range: where range is measured from (always to the nearest point of the target). */
  rangeFrom: ["front-edge", "front-centre", "centre"],
  /** The text has no line-of-sight rule; "simple" adds a minimal one. */
  lineOfSight: ["none", "simple"],
  /** 004 Movement: Moving and Shooting: whether a pivot in place is moving. */
  pivotCountsAsMove: ["yes", "no"],
  /** 004 Movement: Turning: the straight leg between the pivots goes ahead or back, or ahead only. */
  moveDirection: ["ahead-or-back", "ahead"],
  /** What "in" woods, a town or on a hilltop means for cover, all-round fire and the hilltop. */
  inTerrainBy: ["centre", "overlap"],
  /** 004 Hand-to-Hand Combat: Assess Casualties: round once at the end, or after each modifier. */
  modifierRounding: ["once", "each-step"],
  /** 004 Hand-to-Hand Combat: Retreat: "ending the move facing their erstwhile target". */
  retreatFacing: ["kept", "target-centre"],
  /** 004 Square Formation (Optional Rule). */
  squares: ["off", "on"],
} as const;

export type ReadingId = keyof typeof READINGS;
export type Readings = { readonly [K in ReadingId]: (typeof READINGS)[K][number] };

export const READING_IDS = Object.keys(READINGS) as ReadingId[];

export const READING_TEXT: Record<ReadingId, { name: string; summary: string }> = {
  fieldOfFire: {
    name: "Field of fire",
    summary: "corner rays at 45° from the front corners; or a ±45° or ±22.5° wedge from the front centre",
  },
  fireOnRay: {
    name: "Target on the edge of the arc",
    summary: "a target touching only the arc's edge is in it, or not",
  },
  contactOnRay: {
    name: "Charger on a corner ray",
    summary: "a charger exactly on the target's corner ray strikes its front or rear, or its flank",
  },
  rangeFrom: {
    name: "Range measured from",
    summary: "the shooter's front edge, its front centre or its centre, to the nearest point of the target",
  },
  lineOfSight: {
    name: "Line of sight",
    summary: "none (as printed), or blocked by woods, towns and units between",
  },
  pivotCountsAsMove: {
    name: "A pivot is a move",
    summary: "a unit that only pivoted may not shoot (yes), or may (no)",
  },
  moveDirection: {
    name: "Straight moves",
    summary:
      "the move between the pivots is straight ahead or straight back, the facing kept (ahead-or-back), or straight ahead only",
  },
  inTerrainBy: {
    name: "In terrain",
    summary: "a unit is in woods, a town or on a hilltop when its centre is, or when its base overlaps it",
  },
  modifierRounding: {
    name: "Rounding of combat modifiers",
    summary: "multiply exactly and round once, or round after each halving",
  },
  retreatFacing: {
    name: "Facing after a retreat",
    summary:
      "the retreating cavalry keeps its facing (it backed straight away), or pivots to face the target's centre",
  },
  squares: { name: "Square formation (optional rule)", summary: "infantry may form square against cavalry" },
};

type ReadingEnum<K extends ReadingId> = z.ZodEnum<{ [V in (typeof READINGS)[K][number]]: V }>;

/** Each reading as a zod enum: the shape of the readings in a position and the rules data. */
export const READINGS_SHAPE = Object.fromEntries(
  READING_IDS.map((id) => [id, z.enum(READINGS[id])]),
) as unknown as {
  [K in ReadingId]: ReadingEnum<K>;
};

/** Each reading as an optional zod enum: the shape of a setup's or a scenario's choices. */
export const OPTIONAL_READINGS_SHAPE = Object.fromEntries(
  READING_IDS.map((id) => [id, z.enum(READINGS[id]).optional()]),
) as unknown as { [K in ReadingId]: z.ZodOptional<ReadingEnum<K>> };

/** A setup's options: any readings (the rest from the rules data's defaults) and a random table's size and seed. */
export const SetupOptionsSchema = z.strictObject({
  ...OPTIONAL_READINGS_SHAPE,
  /** The random table's number of units a side (scenario "random" only). */
  units: z.number().int().min(2).max(12).optional(),
  /** The random table's seed (scenario "random" only). */
  tableSeed: z.number().int().min(0).max(0xffffffff).optional(),
});

export type SetupOptions = z.infer<typeof SetupOptionsSchema>;

/** The options a game is played with: every reading chosen, and the random table's parameters when random. */
export interface Hm11Options extends Readings {
  readonly units?: number;
  readonly tableSeed?: number;
}

export const ReadingsSchema = z.strictObject(READINGS_SHAPE);
