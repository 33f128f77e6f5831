/**
 * @tercio/render/tabletop-pp: the measured table of Plucky Pikes and
 * Stalwart Shot (001) as SVG text: units as stands of figures in ranks,
 * guns and their horse teams, officers' stands, terrain and objectives.
 * It shares the measured tables' frame, cloth, edge and palette
 * (../tabletop).
 */
export {
  at,
  box,
  type FigurePlace,
  type Footing,
  footingOf,
  ranksWords,
  standShape,
  type UnitPicture,
  unitPicture,
} from "./figures.js";
export * from "./palette.js";
export { type PpRenderOptions, renderPpTable } from "./render.js";
export { ppAreaLayer, ppLinearLayer, ppObjectiveLayer } from "./terrain.js";
export { ppOfficerLayer, ppTeamLayer, ppUnitLayer, ppUnitShape } from "./units.js";
