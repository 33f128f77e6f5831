import type { Area, Effectiveness, Linear } from "@tercio/plucky-pikes";

/**
 * 001's tints, beside the other tables' (../tabletop/palette.ts, whose
 * cloth, sides and objective colour it shares): woods light and heavy,
 * buildings, fields, and its streams, hedges and walls.
 */
export const PP_AREA_FILL: Record<Area["kind"], string> = {
  hill: "#e2cc9a",
  "light-woods": "#bcd6a4",
  "heavy-woods": "#8db477",
  building: "#c9a27e",
  field: "#ece0a4",
};
export const PP_AREA_STROKE: Record<Area["kind"], string> = {
  hill: "#8a6a3c",
  "light-woods": "#5d8a45",
  "heavy-woods": "#3d6b2a",
  building: "#5c4530",
  field: "#b8a45a",
};
export const PP_LINEAR: Record<Linear["kind"], string> = {
  stream: "#3478bd",
  hedge: "#3c6a27",
  wall: "#6e6259",
};

/** A figure's empty place (a casualty), a horse team's model, an officer's stand. */
export const EMPTY_PLACE = "#ffffff";
export const TEAM_FILL = "#9a7048";
export const TEAM_DARK = "#4a3220";
export const OFFICER_FILL = "#fff8dc";

/** Effectiveness below steady, disorder and a muddle, melees, declared fire. */
export const LEVEL_INK: Record<Effectiveness, string> = {
  steady: "#1d1a16",
  shaken: "#a35a00",
  broken: "#c8231b",
  routed: "#c8231b",
};
export const DISORDER = "#c8231b";
export const MUDDLE = "#6a1b9a";
export const MELEE = "#4a0d66";
export const FIRE = "#b3261e";
