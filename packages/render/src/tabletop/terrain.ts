import type { Ctx } from "@tercio/horse-and-musket-ch11";
import { el, text } from "../svg.js";
import { type Frame, flipY, pointsAttr, TICKS_PER_INCH } from "./frame.js";
import { AREA_FILL, AREA_STROKE, BRIDGE, FORD, HILLTOP_FILL, RIVER, ROAD, ROAD_EDGE } from "./palette.js";
import { middle, terrainLabelGroup } from "./table.js";

const LINE = TICKS_PER_INCH / 20;

/**
 * Woods, towns, marsh, lakes and hills as the scenario's own polygons (the
 * terrain the rules test against, in ticks), hilltops inside their hills.
 */
export function areaLayer(ctx: Ctx): string {
  const order = { hill: 0, marsh: 1, lake: 2, woods: 3, town: 4 } as const;
  const pieces = [...ctx.scenario.terrain].sort((a, b) => order[a.kind] - order[b.kind]);
  let out = "";
  for (const t of pieces) {
    out += el("polygon", {
      "data-terrain": t.id,
      class: `tt-${t.kind}`,
      points: pointsAttr(t.polygon),
      fill: AREA_FILL[t.kind],
      stroke: AREA_STROKE[t.kind],
      "stroke-width": LINE,
      ...(t.kind === "woods" || t.kind === "marsh" ? { "stroke-dasharray": `${LINE * 3} ${LINE * 2}` } : {}),
    });
    if (t.kind === "hill" && t.hilltop)
      out += el("polygon", {
        "data-hilltop": t.id,
        points: pointsAttr(t.hilltop),
        fill: HILLTOP_FILL,
        stroke: AREA_STROKE.hill,
        "stroke-width": LINE / 2,
      });
  }
  return el("g", { id: "terrain" }, out);
}

/** Rivers as their polylines, each crossing (a whole segment) drawn over it: a ford pale, a bridge as a deck. */
export function riverLayer(ctx: Ctx): string {
  let out = "";
  const w = TICKS_PER_INCH / 2;
  for (const r of ctx.scenario.rivers) {
    out += el("polyline", {
      "data-river": r.id,
      points: pointsAttr(r.line),
      fill: "none",
      stroke: RIVER,
      "stroke-width": w,
      "stroke-linejoin": "round",
      "stroke-linecap": "round",
    });
    for (const c of r.crossings) {
      const a = r.line[c.segment];
      const b = r.line[c.segment + 1];
      if (!a || !b) continue;
      const attrs = { "data-crossing": c.kind, points: pointsAttr([a, b]), fill: "none" };
      out +=
        c.kind === "bridge"
          ? el("polyline", { ...attrs, stroke: BRIDGE, "stroke-width": w * 1.6 }) +
            el("polyline", { points: pointsAttr([a, b]), stroke: "#d8c3a0", "stroke-width": w * 1.1 })
          : el("polyline", {
              ...attrs,
              stroke: FORD,
              "stroke-width": w,
              "stroke-dasharray": `${w} ${w / 2}`,
            });
    }
  }
  return el("g", { id: "rivers" }, out);
}

/** Roads as their centre lines, drawn at their full width (the band a unit's centre must keep to). */
export function roadLayer(ctx: Ctx): string {
  let out = "";
  for (const r of ctx.scenario.roads) {
    const common = {
      points: pointsAttr(r.line),
      fill: "none",
      "stroke-linejoin": "round",
      "stroke-linecap": "butt",
    };
    out += el("polyline", { ...common, stroke: ROAD_EDGE, "stroke-width": r.width + LINE });
    out += el("polyline", {
      ...common,
      "data-road": r.id,
      "data-width": r.width,
      stroke: ROAD,
      "stroke-width": r.width,
    });
  }
  return el("g", { id: "roads" }, out);
}

/** Terrain names, upright (drawn outside the flipped group). */
export function terrainLabels(ctx: Ctx, f: Frame): string {
  let out = "";
  for (const t of ctx.scenario.terrain) {
    const m = middle(t.polygon);
    out += text(m.x, flipY(f, m.y), t.name, { fill: AREA_STROKE[t.kind] });
  }
  for (const r of ctx.scenario.rivers) {
    for (const c of r.crossings) {
      const a = r.line[c.segment];
      const b = r.line[c.segment + 1];
      if (!a || !b) continue;
      out += text((a.x + b.x) / 2, flipY(f, (a.y + b.y) / 2) - TICKS_PER_INCH, c.name, { fill: RIVER });
    }
  }
  return terrainLabelGroup(out);
}
