import type { Seat } from "@tercio/core";

/** Colours of the measured table: a cloth, terrain in the usual wargames tints, two sides. */
export const CLOTH = "#dfe6c4";
export const TABLE_EDGE = "#4a3b28";
export const GRID_LINE = "#b9c29a";

export const AREA_FILL = {
  woods: "#8fbf78",
  town: "#d9a78f",
  marsh: "#b7cfb8",
  lake: "#9ccbea",
  hill: "#e2cc9a",
} as const;
export const AREA_STROKE = {
  woods: "#3e7a37",
  town: "#8e3b27",
  marsh: "#4f7d6a",
  lake: "#3478bd",
  hill: "#8a6a3c",
} as const;
export const HILLTOP_FILL = "#c9a465";

export const RIVER = "#3478bd";
export const FORD = "#a9d3f0";
export const BRIDGE = "#7a5a3a";
export const ROAD = "#b08a5a";
export const ROAD_EDGE = "#6b4423";

export const SIDE_FILL: Record<Seat, string> = { first: "#e8a09a", second: "#9fb8e6" };
export const SIDE_DARK: Record<Seat, string> = { first: "#8c1d18", second: "#1b3f80" };
export const CONTACT = "#c8231b";
export const OBJECTIVE = "#c8950c";
