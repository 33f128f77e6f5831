import type { NtPolicy } from "./policy.js";
import { randomPolicy } from "./random.js";

/** Horse and Musket (003)'s AI levels by name, weakest first; each call makes a player for one game. */
export const HMNT_LEVELS: Readonly<Record<string, () => NtPolicy>> = {
  random: () => randomPolicy,
};
