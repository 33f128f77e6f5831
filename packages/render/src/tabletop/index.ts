export { inchLabel, TICKS_PER_INCH } from "./frame.js";
export { roundedOffset, shooters, type UnitChoice } from "./overlays.js";
export { renderTabletop, type TabletopRenderOptions } from "./render.js";
export { TYPE_MARK } from "./units.js";
