/**
 * @tercio/render/tabletop: the measured table of Horse and Musket (chapter
 * 11) as SVG text. A subpath of its own, so that a host drawing only
 * Musket & Pike (the browser) does not bundle the tabletop system.
 */
export { inchLabel, TICKS_PER_INCH } from "./frame.js";
export { roundedOffset, shooters, type UnitChoice } from "./overlays.js";
export * from "./palette.js";
export { renderTabletop, type TabletopRenderOptions } from "./render.js";
export { TYPE_MARK } from "./units.js";
