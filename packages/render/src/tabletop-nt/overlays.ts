import {
  type Ctx,
  fireValues,
  longestRange,
  type Position,
  PreviewJudge,
  protector,
  threatZone,
  type UnitState,
  unitCorners,
  unitFrontCentre,
} from "@tercio/horse-and-musket-nt";
import { el } from "../svg.js";
import { pointsAttr, TICKS_PER_INCH } from "../tabletop/frame.js";
import { OBJECTIVE, SIDE_DARK } from "../tabletop/palette.js";
import { PROTECTED, THREAT } from "./palette.js";

const LINE = TICKS_PER_INCH / 20;

/** Units chosen for an overlay: all (true) or those listed. */
export type NtUnitChoice = boolean | readonly string[];

function chosen(position: Position, choice: NtUnitChoice): string[] {
  const ids = Object.keys(position.units).sort();
  return choice === true ? ids : choice === false ? [] : ids.filter((id) => choice.includes(id));
}

/** Each unit's 4" threat zone in its front arc (Interpenetration), the engine's own polygon. */
export function threatLayer(ctx: Ctx, position: Position, choice: NtUnitChoice): string {
  let out = "";
  for (const id of chosen(position, choice))
    out += el("polygon", {
      "data-threat": id,
      points: pointsAttr(threatZone(ctx, position.units[id] as UnitState)),
      fill: THREAT,
      "fill-opacity": 0.12,
      stroke: THREAT,
      "stroke-width": LINE,
      "stroke-dasharray": `${LINE * 3} ${LINE * 2}`,
    });
  return el("g", { id: "threat-zones" }, out);
}

/** Protected flanks (Front, Left, Right & Rear Sides): the flank's edge drawn green, exact (no roll-off asked). */
export function protectedLayer(ctx: Ctx, position: Position): string {
  let out = "";
  const judge = new PreviewJudge(position.settled);
  for (const id of Object.keys(position.units).sort()) {
    const u = position.units[id] as UnitState;
    const c = unitCorners(ctx, u);
    for (const flank of ["left", "right"] as const) {
      const by = protector(ctx, position, id, flank, judge);
      if (!by) continue;
      const [a, b] = flank === "left" ? [c.fl, c.rl] : [c.fr, c.rr];
      out += el("polyline", {
        "data-protected": `${id}:${flank}:${by}`,
        points: pointsAttr([a, b]),
        stroke: PROTECTED,
        "stroke-width": LINE * 5,
      });
    }
  }
  return el("g", { id: "protected" }, out);
}

/** Range rings from each shooter's front centre (1.1 B): point blank solid, the longest dashed. Display only. */
export function ntRangeLayer(ctx: Ctx, position: Position, choice: NtUnitChoice): string {
  let out = "";
  for (const id of chosen(position, choice)) {
    const u = position.units[id] as UnitState;
    const f = fireValues(ctx, u);
    if (!f) continue;
    const fc = unitFrontCentre(ctx, u);
    const common = { cx: fc.x, cy: fc.y, fill: "none", stroke: SIDE_DARK[u.side] };
    out += el("circle", {
      ...common,
      "data-range": `${id}:point-blank`,
      r: f.pointBlank,
      "stroke-width": LINE,
    });
    out += el("circle", {
      ...common,
      "data-range": `${id}:longest`,
      r: longestRange(ctx, id, u),
      "stroke-width": LINE,
      "stroke-dasharray": `${LINE * 4} ${LINE * 3}`,
    });
  }
  return el("g", { id: "ranges" }, out);
}

/** The objectives victory reads (zones and pieces held at the end, zones reached). */
export function ntObjectiveLayer(ctx: Ctx): string {
  let out = "";
  const zones = [
    ...ctx.scenario.victory.atEnd.map((h) => h.zone ?? ctx.areas.find((a) => a.id === h.piece)?.polygon),
    ...ctx.scenario.victory.suddenDeath.flatMap((s) => (s.kind === "reach" ? [s.zone] : [])),
  ];
  for (const z of zones)
    if (z)
      out += el("polygon", {
        class: "objective",
        points: pointsAttr(z),
        fill: "none",
        stroke: OBJECTIVE,
        "stroke-width": LINE * 3,
        "stroke-dasharray": `${LINE * 6} ${LINE * 3}`,
      });
  return el("g", { id: "objectives" }, out);
}
