import type { Point } from "../tabletop/frame.js";

/** The free ruler laid on the table (Pre-measuring: "Distances between Units may be measured at any time"). */
export type RulerState = { readonly a: Point; readonly b: Point } | undefined;
