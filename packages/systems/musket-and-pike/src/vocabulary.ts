/**
 * The words of Musket & Pike, as closed sets. Everything else in the engine
 * is typed in terms of these.
 */

/** 4.2: the First Player (blue counters) and the Second Player (green counters), 16.0. */
export const SIDES = ["first", "second"] as const;
export type Side = (typeof SIDES)[number];
export type BySide<T> = { readonly [S in Side]: T };

export function otherSide(side: Side): Side {
  return side === "first" ? "second" : "first";
}

/** 1.0: five types of infantry, five of cavalry, four of artillery. */
export const UNIT_TYPES = [
  "MP",
  "PP",
  "EP",
  "MM",
  "PM",
  "LC",
  "HC",
  "SC",
  "RC",
  "DR",
  "LA",
  "MA",
  "HA",
  "EA",
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const UNIT_CLASSES = ["infantry", "cavalry", "artillery"] as const;
export type UnitClass = (typeof UNIT_CLASSES)[number];

/**
 * Terrain of a hex (9.0). Roads are not a terrain: they run across hexsides
 * and overlay a hex's terrain (5.3). "sea" exists only where a scenario
 * declares it (16.13 Nieuport's assumed North Sea).
 */
export const TERRAINS = [
  "clear",
  "village",
  "ploughed",
  "woods",
  "stream",
  "slope",
  "hilltop",
  "bridge",
  "sea",
] as const;
export type Terrain = (typeof TERRAINS)[number];

/** Elevation levels for line of sight (7.3G) and the downhill errata to 9.0. */
export const ELEVATIONS = ["ground", "slope", "hilltop"] as const;
export type Elevation = (typeof ELEVATIONS)[number];

/** 4.2: the three phases of a Player-Turn, plus the set-up and the end of the game. */
export const PHASES = ["deployment", "fire", "movement", "melee", "game-over"] as const;
export type Phase = (typeof PHASES)[number];
export const PLAYER_TURN_PHASES = ["fire", "movement", "melee"] as const satisfies readonly Phase[];

/** The five optional rules, 11.0-15.0. */
export const OPTIONAL_RULES = [
  "caracolla",
  "infantry-squares",
  "road-movement",
  "dismounting-cavalry",
  "artillery-capture",
] as const;
export type OptionalRule = (typeof OPTIONAL_RULES)[number];

/** 8.0: the odds columns of both Combat Results Tables, weakest first. */
export const ODDS = ["1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1"] as const;
export type Odds = (typeof ODDS)[number];

/** 8.0 with errata: one die, 1-6, plus one where the hex holds a disrupted unit (8.4). Row 0 is dropped. */
export const DIE_ROLLS = [1, 2, 3, 4, 5, 6, 7] as const;
export type DieRoll = (typeof DIE_ROLLS)[number];

/** 8.11, 8.12: no effect (printed as a bullet), disrupted, one or two eliminated. */
export const COMBAT_RESULTS = ["-", "D", "E1", "E2"] as const;
export type CombatResult = (typeof COMBAT_RESULTS)[number];
