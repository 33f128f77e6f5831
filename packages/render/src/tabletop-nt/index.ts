/**
 * @tercio/render/tabletop-nt: the measured table of Horse and Musket (the
 * NT-inspired rules, 003) as SVG text, beside chapter 11's
 * (@tercio/render/tabletop), whose frame and palette it shares.
 */

export type { NtUnitChoice } from "./overlays.js";
// The layers one by one, for the browser's table (packages/web), which draws them under its own units and tools.
export { ntRangeLayer, protectedLayer, threatLayer } from "./overlays.js";
export * from "./palette.js";
export { type NtRenderOptions, renderNtTable } from "./render.js";
export { ntAreaLayer, ntClothLayer, ntLinearLayer, ntRiverLayer, ntRoadLayer } from "./terrain.js";
export { ntContactLayer, ntUnitShape } from "./units.js";
