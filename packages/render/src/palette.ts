import type { Side, Terrain } from "@tercio/musket-and-pike";

/** Colours and type, in the spirit of the classic SPI map sheets. */
export const FONT = "'Helvetica Neue',Helvetica,Arial,'Liberation Sans',sans-serif";
export const NARROW_FONT = "'Arial Narrow','Liberation Sans Narrow','Helvetica Neue',Arial,sans-serif";

export const PAPER = "#f7f3e6";
export const INK = "#2b2620";
export const GRID = "#8f8c80";

/**
 * Hex fills. Besides their hues, clear, slope, ploughed land, stream and
 * woods step down in lightness (relative luminance 0.85, 0.66, 0.51, 0.39,
 * 0.25), so that they stay apart in greyscale and for colour-blind players
 * (palette.test.ts measures the contrast between each pair).
 */
export const TERRAIN_FILL: Record<Terrain, string> = {
  clear: "#ecf0d2",
  village: "#deb29b",
  ploughed: "#deb85c",
  woods: "#66964f",
  stream: "#7aaed8",
  slope: "#e7d2a3",
  hilltop: "#c59a61",
  bridge: "#7aaed8",
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

export const FURROW = "#9c7424";
export const TREE = "#2f6a29";
export const TREE_DARK = "#17380f";
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
/** Spent counters (moved, fired or committed this phase): the dog-ear folded on their north-west corner. */
export const SPENT_MARK = "#2b2620";
