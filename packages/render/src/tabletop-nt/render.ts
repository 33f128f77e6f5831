import { type Ctx, OPTION_IDS, type Position, statusLine } from "@tercio/horse-and-musket-nt";
import { FONT, INK, PAPER } from "../palette.js";
import { el, esc, num, text } from "../svg.js";
import { flipTransform, makeFrame, TICKS_PER_INCH } from "../tabletop/frame.js";
import { clothLayer, edgeLayer } from "../tabletop/table.js";
import {
  type NtUnitChoice,
  ntObjectiveLayer,
  ntRangeLayer,
  protectedLayer,
  threatLayer,
} from "./overlays.js";
import { ntAreaLayer, ntLinearLayer, ntRiverLayer, ntRoadLayer, ntTerrainLabels } from "./terrain.js";
import { ntContactLayer, ntUnitLabels, ntUnitLayer } from "./units.js";

export interface NtRenderOptions {
  /** Each unit's 4" threat zone: all, or the units listed. */
  readonly threats?: NtUnitChoice;
  /** Protected flanks drawn. */
  readonly protectedFlanks?: boolean;
  /** Range rings: all shooters, or the units listed. */
  readonly ranges?: NtUnitChoice;
  /** The areas victory reads. */
  readonly objectives?: boolean;
  /** Pixels per inch (default 10). */
  readonly pxPerInch?: number;
}

const HEADING = "Horse and Musket Wargame Rules (NT-inspired, 003)";

/**
 * A scenario's table, or a position on it, as a standalone SVG document:
 * user units are ticks and the table's geometry sits in a group that flips
 * y, so every polygon is the engine's own integers (terrain, bases, threat
 * zones); only range rings and marks are floats, for display.
 */
export function renderNtTable(ctx: Ctx, position?: Position, options: NtRenderOptions = {}): string {
  const f = makeFrame(ctx.table.width, ctx.table.height, options.pxPerInch ?? 10);
  const { width, height } = ctx.table;
  const minX = -f.margin;
  const minY = -f.top;
  const boxW = width + 2 * f.margin;
  const boxH = height + f.top + f.margin;
  const px = (ticks: number) => (ticks / TICKS_PER_INCH) * f.pxPerInch;
  const geometry = [
    clothLayer(ctx),
    ntAreaLayer(ctx),
    ntRoadLayer(ctx),
    ntRiverLayer(ctx),
    ntLinearLayer(ctx),
    options.objectives ? ntObjectiveLayer(ctx) : "",
    position && options.threats ? threatLayer(ctx, position, options.threats) : "",
    position && options.ranges ? ntRangeLayer(ctx, position, options.ranges) : "",
    position ? ntUnitLayer(ctx, position) : "",
    position && options.protectedFlanks ? protectedLayer(ctx, position) : "",
    position ? ntContactLayer(ctx, position) : "",
  ].filter((s) => s !== "");
  const body = [
    el("rect", { x: minX, y: minY, width: boxW, height: boxH, fill: PAPER }),
    el("g", { id: "table", transform: flipTransform(f) }, geometry.join("\n")),
    ntTerrainLabels(ctx, f),
    position ? ntUnitLabels(position, f) : "",
    edgeLayer(ctx, f),
    titleBlock(ctx, position, f.top),
  ].filter((s) => s !== "");
  const title = `${ctx.scenario.name}${position ? `: ${statusLine(ctx, position)}` : ""}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${num(px(boxW))}" height="${num(px(boxH))}" viewBox="${minX} ${minY} ${boxW} ${boxH}" font-family="${esc(FONT)}">\n${el("title", {}, esc(title))}\n${body.join("\n")}\n</svg>\n`;
}

function titleBlock(ctx: Ctx, position: Position | undefined, top: number): string {
  const size = TICKS_PER_INCH * 0.9;
  const lines = [
    `${ctx.scenario.name} — ${HEADING}`,
    position ? statusLine(ctx, position) : `${ctx.scenario.period}; ${ctx.scenario.turns} turns`,
    `options: ${OPTION_IDS.map((id) => `${id} ${ctx.options[id]}`).join(", ")}`,
  ];
  return el(
    "g",
    { id: "title", fill: INK, "font-size": size },
    lines
      .map((l, i) => text(0, -top + size * (1.4 + i * 1.3), l, i === 0 ? { "font-weight": "bold" } : {}))
      .join(""),
  );
}
