/**
 * 003's vocabulary as `as const` lists: the four unit types (Units 1-4),
 * their formations (Maneuvering iv, the ACW modifications), the terrain
 * pieces (Terrain i-vi), the phases of a player's half of the turn (Play
 * Sequence) and the sides of a unit (Front, Left, Right & Rear Sides).
 */
export const UNIT_TYPES = ["infantry", "skirmishers", "cavalry", "artillery"] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** Maneuvering iv (column); ACW modifications 2 and 7 (skirmish order for infantry). */
export const FORMATIONS = ["line", "column", "skirmish"] as const;
export type Formation = (typeof FORMATIONS)[number];

/** Area terrain (Terrain i-iv), polygons. */
export const AREA_TERRAINS = ["hill", "woods", "brush", "town", "lake", "marsh"] as const;
export type AreaTerrain = (typeof AREA_TERRAINS)[number];

/** Linear terrain (Terrain iv-vi), polylines with a width. Rivers and roads are listed apart. */
export const LINEAR_TERRAINS = ["wall", "gully", "riverbank"] as const;
export type LinearTerrain = (typeof LINEAR_TERRAINS)[number];

/**
 * Play Sequence: 1) Actions, 2) Melee, 3) Routs and Rallies. Melee holds no
 * choice, so it is resolved as Actions end (sequence.ts); "over" once the
 * game has a result.
 */
export const PHASES = ["actions", "rallies", "over"] as const;
export type Phase = (typeof PHASES)[number];

/** Front, Left, Right & Rear Sides. */
export const SIDES = ["front", "left", "right", "rear"] as const;
export type UnitSide = (typeof SIDES)[number];

/**
 * What a unit has done in its player's half of the turn: "fired" (1.1, may
 * not move), "rolled" (its move's Dx is rolled, 1.2: it is moving and may
 * not fire), "moved", "charged", "fell-back", "reformed" (Maneuvering ii),
 * and "rallied" (3). Anything but "none" and "fired" is movement.
 */
export const ACTED = [
  "none",
  "fired",
  "rolled",
  "moved",
  "charged",
  "fell-back",
  "reformed",
  "rallied",
] as const;
export type Acted = (typeof ACTED)[number];

/** Variable Quality (optional rule). */
export const QUALITIES = ["stubborn", "reluctant", "elite", "militia"] as const;
export type Quality = (typeof QUALITIES)[number];
