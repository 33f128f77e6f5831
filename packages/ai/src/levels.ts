import { HORSE_AND_MUSKET_CH11 } from "@tercio/horse-and-musket-ch11";
import { HORSE_AND_MUSKET_NT } from "@tercio/horse-and-musket-nt";
import { MUSKET_AND_PIKE } from "@tercio/musket-and-pike";
import { PLUCKY_PIKES } from "@tercio/plucky-pikes";
import { HM11_LEVELS } from "./horse-and-musket-ch11/levels.js";
import { HMNT_LEVELS } from "./horse-and-musket-nt/levels.js";
import { MP_LEVELS, MP_VARIANTS } from "./musket-and-pike/levels.js";
import type { MpPolicy } from "./musket-and-pike/policy.js";
import { PPSS_LEVELS } from "./plucky-pikes/levels.js";
import type { AnyPolicy } from "./policy.js";

/** A system's AI levels by name, weakest first; each call makes a player for one game (a level may keep state). */
export type LevelFactories = Readonly<Record<string, () => AnyPolicy>>;

/**
 * The AI levels of each system, by system id. A system's policies are
 * registered with one entry here; a system without one has no AI seats.
 */
const LEVELS: Readonly<Record<string, LevelFactories>> = {
  [MUSKET_AND_PIKE]: MP_LEVELS,
  [HORSE_AND_MUSKET_CH11]: HM11_LEVELS,
  [HORSE_AND_MUSKET_NT]: HMNT_LEVELS,
  [PLUCKY_PIKES]: PPSS_LEVELS,
};

/** Players by name that are not levels (see MP_VARIANTS), by system id. */
const VARIANTS: Readonly<Record<string, LevelFactories>> = {
  [MUSKET_AND_PIKE]: MP_VARIANTS,
};

function levelsOf(systemId: string): LevelFactories | undefined {
  return Object.hasOwn(LEVELS, systemId) ? LEVELS[systemId] : undefined;
}

/** The ids of the systems that have AI levels. */
export function aiSystems(): readonly string[] {
  return Object.keys(LEVELS);
}

/** A system's AI level names, weakest first; none for a system without AI. */
export function aiLevels(systemId: string): readonly string[] {
  return Object.keys(levelsOf(systemId) ?? {});
}

/** A Musket & Pike player of a built-in level ("random", "greedy", "strong"), or undefined: one per game. */
export function mpPolicy(level: string): MpPolicy | undefined {
  if (Object.hasOwn(MP_LEVELS, level)) return MP_LEVELS[level]?.();
  return Object.hasOwn(MP_VARIANTS, level) ? MP_VARIANTS[level]?.() : undefined;
}

/** A player of the system's level, or undefined: one per game. */
export function findPolicy(systemId: string, level: string): AnyPolicy | undefined {
  const levels = levelsOf(systemId);
  if (levels && Object.hasOwn(levels, level)) return levels[level]?.();
  const variants = Object.hasOwn(VARIANTS, systemId) ? VARIANTS[systemId] : undefined;
  return variants && Object.hasOwn(variants, level) ? variants[level]?.() : undefined;
}
