import type { Area, Ctx, Position } from "@tercio/plucky-pikes";
import { el, type Point, text } from "../svg.js";
import { type Frame, flipY, pointsAttr, TICKS_PER_INCH } from "../tabletop/frame.js";
import { OBJECTIVE } from "../tabletop/palette.js";
import { middle, terrainLabelGroup } from "../tabletop/table.js";
import { PP_AREA_FILL, PP_AREA_STROKE, PP_LINEAR } from "./palette.js";
import { type Placer, spot, textWidth } from "./place.js";

const LINE = TICKS_PER_INCH / 20;

/** Hills under fields, woods over them, buildings on top. */
const ORDER: Record<Area["kind"], number> = {
  hill: 0,
  field: 1,
  "light-woods": 2,
  "heavy-woods": 3,
  building: 4,
};

/** A building's points: those the Buildings Chart gives its kind, and those the position leaves it. */
export function buildingPoints(
  ctx: Ctx,
  position: Position | undefined,
  area: Area,
): { readonly full: number; readonly left: number } | undefined {
  if (area.kind !== "building" || !area.building) return undefined;
  const full = ctx.rules.data.buildings[area.building] ?? 0;
  return { full, left: position?.buildings[area.id] ?? full };
}

/**
 * Woods, hills, fields and buildings as the scenario's own polygons (what
 * the rules test against, in ticks). A hill shows its contour level as
 * rings inside it; a building at no points has collapsed (001 Attack
 * Values: "With 0 points remaining, the building collapses") and is drawn
 * as a ruin.
 */
export function ppAreaLayer(ctx: Ctx, position?: Position): string {
  const pieces = [...ctx.areas].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  let out = "";
  for (const a of pieces) {
    const points = buildingPoints(ctx, position, a);
    const ruined = points !== undefined && points.left === 0;
    out += el("polygon", {
      "data-terrain": a.id,
      class: `tt-${a.kind}`,
      points: pointsAttr(a.polygon),
      fill: PP_AREA_FILL[a.kind],
      ...(ruined ? { "fill-opacity": 0.35 } : {}),
      stroke: PP_AREA_STROKE[a.kind],
      "stroke-width": a.kind === "building" ? LINE * 2 : LINE,
      ...(a.kind === "light-woods" || a.kind === "heavy-woods" || ruined
        ? { "stroke-dasharray": `${LINE * 3} ${LINE * 2}` }
        : {}),
      ...(points ? { "data-points": points.left, "data-full": points.full } : {}),
      ...(a.level !== undefined ? { "data-level": a.level } : {}),
    });
    if (a.kind === "hill")
      for (let level = 2; level <= (a.level ?? 1); level++) {
        // A higher contour as a ring drawn inside the hill (display only).
        const m = middle(a.polygon);
        const k = 1 - (level - 1) / ((a.level ?? 1) + 1);
        out += el("polygon", {
          class: "contour",
          points: a.polygon
            .map((p) => `${Math.round(m.x + (p.x - m.x) * k)},${Math.round(m.y + (p.y - m.y) * k)}`)
            .join(" "),
          fill: "none",
          stroke: PP_AREA_STROKE.hill,
          "stroke-width": LINE / 2,
        });
      }
  }
  return el("g", { id: "terrain" }, out);
}

/** Streams, hedges and walls as their polylines (001 Cover and Armor; the barriers a charge crosses). */
export function ppLinearLayer(ctx: Ctx): string {
  let out = "";
  for (const l of ctx.linears) {
    const common = {
      points: pointsAttr(l.line),
      fill: "none",
      "stroke-linejoin": "round",
      "stroke-linecap": "round",
    };
    if (l.kind === "stream")
      out += el("polyline", {
        "data-linear": l.id,
        class: "tt-stream",
        ...common,
        stroke: PP_LINEAR.stream,
        "stroke-width": TICKS_PER_INCH * 0.4,
      });
    else if (l.kind === "hedge")
      out +=
        el("polyline", {
          "data-linear": l.id,
          class: "tt-hedge",
          ...common,
          stroke: PP_LINEAR.hedge,
          "stroke-width": TICKS_PER_INCH * 0.3,
        }) +
        el("polyline", {
          ...common,
          stroke: "#7fa85f",
          "stroke-width": TICKS_PER_INCH * 0.15,
          "stroke-dasharray": `${LINE * 2} ${LINE * 3}`,
        });
    else
      out +=
        el("polyline", {
          "data-linear": l.id,
          class: "tt-wall",
          ...common,
          stroke: PP_LINEAR.wall,
          "stroke-width": TICKS_PER_INCH * 0.25,
          "stroke-linecap": "butt",
        }) +
        el("polyline", {
          ...common,
          stroke: "#cfc6bb",
          "stroke-width": LINE,
          "stroke-dasharray": `${LINE * 4} ${LINE * 2}`,
          "stroke-linecap": "butt",
        });
  }
  return el("g", { id: "linears" }, out);
}

/** A five-pointed star's unit points from north, clockwise: sin and cos of 36º steps, written out (no trigonometry). */
const STAR: readonly Point[] = [
  { x: 0, y: 1 },
  { x: 0.587785, y: 0.809017 },
  { x: 0.951057, y: 0.309017 },
  { x: 0.951057, y: -0.309017 },
  { x: 0.587785, y: -0.809017 },
  { x: 0, y: -1 },
  { x: -0.587785, y: -0.809017 },
  { x: -0.951057, y: -0.309017 },
  { x: -0.951057, y: 0.309017 },
  { x: -0.587785, y: 0.809017 },
];

/**
 * A star's outline about `c`, its points `outer` and its waist `inner`
 * from the centre, pointing north: `up` 1 in table coordinates (y north),
 * -1 in upright ones (y down).
 */
export function starPoints(c: Point, outer: number, inner: number, up: 1 | -1 = 1): string {
  return STAR.map((v, i) => {
    const r = i % 2 === 0 ? outer : inner;
    return `${Math.round(c.x + r * v.x)},${Math.round(c.y + up * r * v.y)}`;
  }).join(" ");
}

/**
 * The objectives (001 Victory Points: "assign 1-4 points to each valuable
 * objective"): a star at the point, and the ring within which a unit holds
 * it (the rules data's designed distance).
 */
export function ppObjectiveLayer(ctx: Ctx): string {
  const r = ctx.rules.data.objectives.holdWithin;
  let out = "";
  for (const o of ctx.objectives)
    out += el(
      "g",
      { "data-objective": o.id, "data-points": o.points },
      el("circle", {
        cx: o.x,
        cy: o.y,
        r,
        fill: OBJECTIVE,
        "fill-opacity": 0.06,
        stroke: OBJECTIVE,
        "stroke-width": LINE * 2,
        "stroke-dasharray": `${LINE * 3} ${LINE * 3}`,
      }) +
        el("polygon", {
          points: starPoints({ x: o.x, y: o.y }, TICKS_PER_INCH * 0.6, TICKS_PER_INCH * 0.25),
          fill: "#e0b020",
          stroke: "#6b5200",
          "stroke-width": LINE,
        }),
    );
  return out === "" ? "" : el("g", { id: "objectives" }, out);
}

/**
 * Terrain names upright (outside the flipped group), with a hill's level
 * and a building's points left of its full, each placed by `placer` clear
 * of the pieces and labels placed before: an area's at its middle or a
 * little above or below it, a linear's beside the middle of one of its
 * segments, the middlemost first.
 */
export function ppTerrainLabels(ctx: Ctx, position: Position | undefined, f: Frame, placer: Placer): string {
  const size = TICKS_PER_INCH * 0.8;
  const h = size * 1.1;
  let out = "";
  for (const a of ctx.areas) {
    const m = middle(a.polygon);
    const points = buildingPoints(ctx, position, a);
    const more =
      a.kind === "hill" && a.level !== undefined
        ? ` (level ${a.level})`
        : points
          ? points.left === 0
            ? " (collapsed)"
            : ` (${points.left} of ${points.full} pts)`
          : "";
    const words = `${a.name}${more}`;
    const w = textWidth(words, size);
    const y = flipY(f, m.y) - h / 2;
    // The middle, then a line or more above or below it and half a name aside, while still over the area.
    const ys = a.polygon.map((p) => flipY(f, p.y));
    const xs = a.polygon.map((p) => p.x);
    const candidates = [0, -1, 1, -2, 2, -3, 3]
      .flatMap((k) => [0, -0.5, 0.5].map((j) => spot(m.x + j * w, y + k * h, "middle", w, h)))
      .filter(
        (c, i) =>
          i === 0 ||
          (c.box.y0 >= Math.min(...ys) &&
            c.box.y1 <= Math.max(...ys) &&
            c.x >= Math.min(...xs) &&
            c.x <= Math.max(...xs)),
      );
    const at = placer.place(candidates);
    out += text(at.x, at.top + size * 0.8, words, { "data-area-label": a.id, fill: PP_AREA_STROKE[a.kind] });
  }
  for (const l of ctx.linears) {
    const w = textWidth(l.name, size);
    // Points along the line, every fifth of each segment, the middlemost of the whole line first.
    const along = l.line.slice(1).flatMap((b, i) => {
      const a = l.line[i] as Point;
      return [0.1, 0.3, 0.5, 0.7, 0.9].map((t) => ({
        x: a.x + (b.x - a.x) * t,
        y: flipY(f, a.y + (b.y - a.y) * t),
        at: i + t,
      }));
    });
    const centre = (l.line.length - 1) / 2;
    const order = along
      .map((p, i) => ({ p, d: Math.abs(p.at - centre), i }))
      .sort((a, b) => a.d - b.d || a.i - b.i)
      .map((m) => m.p);
    const candidates = order.flatMap((p) => [
      spot(p.x, p.y - TICKS_PER_INCH * 0.3 - h, "middle", w, h),
      spot(p.x, p.y + TICKS_PER_INCH * 0.3, "middle", w, h),
    ]);
    const at = placer.place(candidates);
    out += text(at.x, at.top + size * 0.8, l.name, { "data-linear-label": l.id, fill: PP_LINEAR[l.kind] });
  }
  return terrainLabelGroup(out);
}
