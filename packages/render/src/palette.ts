import type { Side, Terrain } from "@tercio/musket-and-pike";

/** Colours and type, in the spirit of the classic SPI map sheets. */
export const FONT = "'Helvetica Neue',Helvetica,Arial,'Liberation Sans',sans-serif";
export const NARROW_FONT = "'Arial Narrow','Liberation Sans Narrow','Helvetica Neue',Arial,sans-serif";

export const PAPER = "#f7f3e6";
export const INK = "#2b2620";
export const GRID = "#8f8c80";

export const TERRAIN_FILL: Record<Terrain, string> = {
  clear: "#ecf0d2",
  village: "#deb29b",
  ploughed: "#e3c46e",
  woods: "#9cc583",
  stream: "#9ccbea",
  slope: "#e7d2a3",
  hilltop: "#c59a61",
  bridge: "#9ccbea",
  sea: "#a3b6c4",
};

export const TERRAIN_NAME: Record<Terrain, string> = {
  clear: "Clear",
  village: "Village",
  ploughed: "Ploughed land",
  woods: "Woods",
  stream: "Stream",
  slope: "Slope",
  hilltop: "Hilltop",
  bridge: "Bridge",
  sea: "North Sea (16.13)",
};

export const FURROW = "#b38c34";
export const TREE = "#3e7a37";
export const TREE_DARK = "#25521f";
export const HOUSE = "#8e3b27";
export const WATER = "#3478bd";
export const WAVE = "#6d8596";
export const HACHURE = "#8a6a3c";
export const CONTOUR = "#6e4f25";
export const ROAD = "#6b4423";
export const ROAD_CASING = "#fbf6e6";
export const VICTORY = "#c8950c";

/** Counters: 16.0, the First Player uses the blue counters, the Second the green. */
export const SIDE_FILL: Record<Side, string> = { first: "#8fb3e0", second: "#a3cf8f" };
export const SIDE_DARK: Record<Side, string> = { first: "#173a73", second: "#1f5220" };
/** Zone tints. */
export const SIDE_TINT: Record<Side, string> = { first: "#2d6be0", second: "#3c9a35" };
export const DISRUPTED = "#c8231b";
