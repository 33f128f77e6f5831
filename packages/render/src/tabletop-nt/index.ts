/**
 * @tercio/render/tabletop-nt: the measured table of Horse and Musket (the
 * NT-inspired rules, 003) as SVG text, beside chapter 11's
 * (@tercio/render/tabletop), whose frame and palette it shares.
 */

export type { NtUnitChoice } from "./overlays.js";
export * from "./palette.js";
export { type NtRenderOptions, renderNtTable } from "./render.js";
