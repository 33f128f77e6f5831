import { z } from "zod";

/**
 * The per-game options of 003: the die (Dice), how a measurement too close
 * to call is settled (Grey Areas), the optional rules (Variable Quality,
 * Ammunition Supply, the American Civil War modifications, Charging
 * Infantry), each combinable, and one reading the text leaves open (a point
 * exactly on a corner ray). Every option is a choice of strings (positions
 * hold integers and strings only); the rules data gives each its default.
 * docs/rules/horse-and-musket-nt.md gives the reasoning.
 */
export const OPTIONS = {
  /** Dice: "standard six-sided, D6, or D5 [six sides of 2, 3, 3, 4, 4, 5]". */
  dice: ["d6", "average"],
  /** Grey Areas: a measurement within the rules data's band of a limit goes to a roll-off ("exact": it never does). */
  greyAreas: ["roll-off", "exact"],
  /** Front, Left, Right & Rear Sides: a front-centre point exactly on a corner ray is in the front/rear side, or the flank. */
  onRay: ["front-rear", "flank"],
  variableQuality: ["off", "on"],
  ammunition: ["off", "on"],
  acw: ["off", "on"],
  chargingInfantry: ["off", "on"],
} as const;

export type OptionId = keyof typeof OPTIONS;
export type OptionValues = { readonly [K in OptionId]: (typeof OPTIONS)[K][number] };

export const OPTION_IDS = Object.keys(OPTIONS) as OptionId[];

export const OPTION_TEXT: Record<OptionId, { name: string; summary: string }> = {
  dice: { name: "Dice (Dx)", summary: "a d6, or the average die D5 (2, 3, 3, 4, 4, 5)" },
  greyAreas: {
    name: "Too close to call",
    summary:
      "a measurement within 1/16 inch of a limit is settled by a roll-off, the winner's way (Grey Areas), or measured exactly",
  },
  onRay: {
    name: "On a corner ray",
    summary:
      "a front-centre point exactly on a target's corner ray is in its front or rear side, or its flank",
  },
  variableQuality: {
    name: "Variable quality (optional rule)",
    summary: "stubborn (removed at 18), reluctant (12), elite (+1 to dice) and militia (-1) units",
  },
  ammunition: {
    name: "Ammunition supply (optional rule)",
    summary: "a fire roll of the die's top face leaves the unit without ammunition until it rallies",
  },
  acw: {
    name: "American Civil War modifications (optional rule)",
    summary:
      "infantry reform into column or skirmish order, Minié long range 16 inches, guns 48 inches, dismounted cavalry skirmish, fire in column at -2",
  },
  chargingInfantry: {
    name: "Charging infantry (optional rule)",
    summary: "regiments the scenario names may charge like cavalry, at the infantry move rate",
  },
};

type OptionEnum<K extends OptionId> = z.ZodEnum<{ [V in (typeof OPTIONS)[K][number]]: V }>;

/** Each option as a zod enum: the shape of the options in a position and the rules data. */
export const OPTIONS_SHAPE = Object.fromEntries(
  OPTION_IDS.map((id) => [id, z.enum(OPTIONS[id])]),
) as unknown as {
  [K in OptionId]: OptionEnum<K>;
};

/** Each option as an optional zod enum: a setup's or a scenario's choices. */
export const OPTIONAL_OPTIONS_SHAPE = Object.fromEntries(
  OPTION_IDS.map((id) => [id, z.enum(OPTIONS[id]).optional()]),
) as unknown as { [K in OptionId]: z.ZodOptional<OptionEnum<K>> };

/** A setup's options: any option (the rest from the rules data's defaults) and a random table's size and seed. */
export const SetupOptionsSchema = z.strictObject({
  ...OPTIONAL_OPTIONS_SHAPE,
  units: z.number().int().min(2).max(12).optional(),
  tableSeed: z.number().int().min(0).max(0xffffffff).optional(),
});
export type SetupOptions = z.infer<typeof SetupOptionsSchema>;

/** The options a game is played with. */
export interface NtOptions extends OptionValues {
  readonly units?: number;
  readonly tableSeed?: number;
}

export const OptionValuesSchema = z.strictObject(OPTIONS_SHAPE);
