import type { Ctx } from "@tercio/horse-and-musket-nt";
import { el, text } from "../svg.js";
import { type Frame, flipY, pointsAttr, TICKS_PER_INCH } from "../tabletop/frame.js";
import { BRIDGE, FORD, RIVER, ROAD, ROAD_EDGE } from "../tabletop/palette.js";
import { middle, terrainLabelGroup } from "../tabletop/table.js";
import { NT_AREA_FILL, NT_AREA_STROKE, NT_LINEAR } from "./palette.js";

const LINE = TICKS_PER_INCH / 20;

/** The cloth, as every measured table draws it (../tabletop/table.ts); the browser's NT table draws it too. */
export { clothLayer as ntClothLayer } from "../tabletop/table.js";

/** Area pieces as the scenario's own polygons (what the rules test against, in ticks): hills under the rest. */
export function ntAreaLayer(ctx: Ctx): string {
  const order = { hill: 0, marsh: 1, lake: 2, brush: 3, woods: 4, town: 5 } as const;
  const pieces = [...ctx.areas].sort((a, b) => order[a.kind] - order[b.kind]);
  let out = "";
  for (const t of pieces)
    out += el("polygon", {
      "data-terrain": t.id,
      class: `tt-${t.kind}`,
      points: pointsAttr(t.polygon),
      fill: NT_AREA_FILL[t.kind],
      stroke: NT_AREA_STROKE[t.kind],
      "stroke-width": LINE,
      ...(t.kind === "woods" || t.kind === "marsh" || t.kind === "brush"
        ? { "stroke-dasharray": `${LINE * 3} ${LINE * 2}` }
        : {}),
    });
  return el("g", { id: "terrain" }, out);
}

/** Walls, gullies and river banks at their width (Terrain v). */
export function ntLinearLayer(ctx: Ctx): string {
  let out = "";
  for (const l of ctx.linears)
    out += el("polyline", {
      "data-linear": l.id,
      class: `tt-${l.kind}`,
      points: pointsAttr(l.line),
      fill: "none",
      stroke: NT_LINEAR[l.kind],
      "stroke-width": l.width,
      "stroke-linecap": "butt",
      "stroke-opacity": 0.85,
    });
  return el("g", { id: "linears" }, out);
}

/** Rivers, their crossings (a whole segment each) drawn over them. */
export function ntRiverLayer(ctx: Ctx): string {
  let out = "";
  const w = TICKS_PER_INCH / 2;
  for (const r of ctx.rivers) {
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
      out +=
        c.kind === "bridge"
          ? el("polyline", {
              "data-crossing": "bridge",
              points: pointsAttr([a, b]),
              fill: "none",
              stroke: BRIDGE,
              "stroke-width": w * 1.6,
            })
          : el("polyline", {
              "data-crossing": "ford",
              points: pointsAttr([a, b]),
              fill: "none",
              stroke: FORD,
              "stroke-width": w,
              "stroke-dasharray": `${w} ${w / 2}`,
            });
    }
  }
  return el("g", { id: "rivers" }, out);
}

/** Roads at their full width (the band a column's centre keeps to, Terrain vi). */
export function ntRoadLayer(ctx: Ctx): string {
  let out = "";
  for (const r of ctx.roads) {
    const common = {
      points: pointsAttr(r.line),
      fill: "none",
      "stroke-linejoin": "round",
      "stroke-linecap": "butt",
    };
    out += el("polyline", { ...common, stroke: ROAD_EDGE, "stroke-width": r.width + LINE });
    out += el("polyline", { ...common, "data-road": r.id, stroke: ROAD, "stroke-width": r.width });
  }
  return el("g", { id: "roads" }, out);
}

/** Terrain names, upright (outside the flipped group). */
export function ntTerrainLabels(ctx: Ctx, f: Frame): string {
  let out = "";
  for (const t of ctx.areas) {
    const m = middle(t.polygon);
    out += text(m.x, flipY(f, m.y), t.name, { fill: NT_AREA_STROKE[t.kind] });
  }
  for (const l of ctx.linears) {
    const m = middle(l.line);
    out += text(m.x, flipY(f, m.y) - TICKS_PER_INCH, l.name, { fill: NT_LINEAR[l.kind] });
  }
  return terrainLabelGroup(out);
}
