import { z } from "zod";

/**
 * A game's options. 001 has no optional rules of its own (no-quarter wars
 * are the scenario's); a random table takes its size and seed.
 */
export const SetupOptionsSchema = z.strictObject({
  units: z.number().int().min(2).max(16).optional(),
  tableSeed: z.number().int().min(0).max(0xffffffff).optional(),
});

export type PpssOptions = z.infer<typeof SetupOptionsSchema>;
