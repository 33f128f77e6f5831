/**
 * The text's vocabulary as `as const` lists: unit types (004 Unit Types),
 * terrain types (004 Movement: Terrain), phases (004 Sequence of Play) and
 * sides.
 */
import type { Seat } from "@tercio/core";

export const UNIT_TYPES = ["infantry", "cavalry", "skirmishers", "artillery"] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** Area terrain (polygons). Rivers and roads are polylines (scenarios/schema.ts). */
export const AREA_TERRAINS = ["woods", "town", "marsh", "lake", "hill"] as const;
export type AreaTerrain = (typeof AREA_TERRAINS)[number];

/**
 * The phases a player acts in. Hand-to-Hand Combat and Eliminating Units
 * have no choices, so they run when the Shooting phase ends (sequence.ts);
 * "over" once the game has a result.
 */
export const PHASES = ["movement", "shooting", "over"] as const;
export type Phase = (typeof PHASES)[number];

export type Side = Seat;

export const FORMATIONS = ["line", "square"] as const;
export type Formation = (typeof FORMATIONS)[number];

/**
 * What a unit has done this player turn: "formed" (changed formation: it may
 * still move and shoot), "pivoted" (turned in place, when a pivot is not
 * moving: it may still shoot), "moved" (bars shooting, 004 Movement: Moving
 * and Shooting), "shot".
 */
export const ACTED = ["none", "formed", "pivoted", "moved", "shot"] as const;
export type Acted = (typeof ACTED)[number];

export const CONTACT_SIDES = ["front", "left", "right", "rear"] as const;
export type ContactSide = (typeof CONTACT_SIDES)[number];
